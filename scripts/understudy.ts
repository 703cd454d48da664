#!/usr/bin/env node
// The package's bin: `understudy` (also installed as `zulip-understudy`, for npx).
// An error that is not one of the command's own is a bug: say so, with the stack.
import { EXIT } from '../conformance/exit-codes.ts';
import { understudy } from './cli.ts';

try {
  const code = await understudy(process.argv.slice(2));
  if (code !== undefined) process.exitCode = code;
} catch (e) {
  process.stderr.write(`understudy: internal error (a bug in Understudy; please report it):\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = EXIT.internal;
}
