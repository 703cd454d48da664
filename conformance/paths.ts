// What ships with the package and the CLI finds by default: the scenarios and the
// default realm's profile. Resolved from this module's own URL, never from the working
// directory: in the repository this is conformance/paths.ts, in the published package
// a module directly under dist/ (scripts/build.ts keeps dist/ flat), and either way the
// package root is one directory up.
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);

/** The package's root directory (where package.json is). */
export const PACKAGE_ROOT = fileURLToPath(ROOT);
/** The scenario directory that ships with the package. */
export const SCENARIOS_DIR = fileURLToPath(new URL('scenarios/', ROOT));
/** The profile of the default realm (fixtures/profile.json). */
export const DEFAULT_PROFILE = fileURLToPath(new URL('fixtures/profile.json', ROOT));
