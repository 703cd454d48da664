// npm start: `understudy serve` from the repository (scripts/serve-command.ts has the flags),
// plus one testing aid the package does not ship: `--fault NAME` serves the reference with
// a deliberate fault (scripts/faults.ts), to see a test suite catch it.
import { FAULTS, isFault, takeFault, withFault } from './faults.ts';
import { serveCommand } from './serve-command.ts';

const { rest, fault, error } = takeFault(process.argv.slice(2));
if (error !== undefined) {
  process.stderr.write(`npm start: ${error}\n`);
  process.exitCode = 2;
} else {
  const hooks =
    fault !== undefined && isFault(fault)
      ? { wrap: (r: Parameters<typeof withFault>[0]) => withFault(r, fault), banner: `FAULT INJECTED (testing aid): ${fault}: ${FAULTS[fault]}` }
      : {};
  const code = await serveCommand(rest, undefined, undefined, hooks);
  if (code !== undefined) process.exitCode = code;
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`\nnpm start only (a testing aid, not in the package):\n  --fault NAME         serve a deliberately broken reference:\n${Object.entries(FAULTS).map(([n, what]) => `                         ${n}: ${what}`).join('\n')}\n`);
  }
}
