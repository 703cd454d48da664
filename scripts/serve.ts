// npm start: `understudy serve` from the repository (scripts/serve-command.ts has the flags).
// `--fault NAME` is the older name of `--self-test-fault NAME` (scripts/faults.ts).
import { takeFault } from './faults.ts';
import { serveCommand } from './serve-command.ts';

const { rest, fault, error } = takeFault(process.argv.slice(2));
if (error !== undefined) {
  process.stderr.write(`npm start: ${error}\n`);
  process.exitCode = 2;
} else {
  const code = await serveCommand([...rest, ...(fault !== undefined ? ['--self-test-fault', fault] : [])]);
  if (code !== undefined) process.exitCode = code;
}
