// npm run conformance: `understudy conformance` from the repository (conformance/cli.ts
// has the flags; scenarios/README.md the file format).
import { main } from '../conformance/cli.ts';

process.exitCode = await main(process.argv.slice(2));
