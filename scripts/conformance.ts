// The conformance CLI: replays scenarios/ against the in-process reference or a base URL.
// See conformance/cli.ts for the options, scenarios/README.md for the file format.
import { main } from '../conformance/cli.ts';

process.exitCode = await main(process.argv.slice(2));
