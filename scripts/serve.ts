// npm start: `understudy serve` from the repository (scripts/serve-command.ts has the flags).
import { serveCommand } from './serve-command.ts';

const code = await serveCommand(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
