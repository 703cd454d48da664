// The conformance API (import from 'zulip-understudy/conformance'): run the scenarios
// against a server from your own code or test runner, or build on the pieces.
export { runConformance, loadProfile, selects, ConformanceError, SUITES, type ConformanceOptions, type ConformanceReport } from './suite.ts';
export { main as conformanceCli, type MainIO } from './cli.ts';
export { EXIT } from './exit-codes.ts';
export { SCENARIOS_DIR, DEFAULT_PROFILE, PACKAGE_ROOT } from './paths.ts';
export { Profile, Scenario, Expectations, ROLES, CAPABILITIES, type Role, type Capability } from './schema.ts';
export { loadScenarioDir, loadScenarioText, formatLoadError, type LoadedScenario, type LoadError } from './loader.ts';
export { Runner, type ScenarioResult, type Status, type StepFailure } from './run.ts';
export { classify, summarize, loadExpectations, type Classified, type Outcome, type Summary } from './expectations.ts';
export { urlTarget } from './targets/url.ts';
export { referenceTarget } from './targets/reference.ts';
export { TargetUnreachable } from './targets/unreachable.ts';
export type { Target, Session, WireRequest } from './targets/target.ts';
export type { Observed } from './matcher.ts';
export { Redactor } from './redact.ts';
export { consoleReporter } from './reporters/console.ts';
export { jsonReporter } from './reporters/json.ts';
export { junitReporter } from './reporters/junit.ts';
export { tapReporter } from './reporters/tap.ts';
export type { Reporter, RunInfo } from './reporters/reporter.ts';
export { runProperties, type PropertyOptions, type PropertyOutcome, type PropertyProgress, type PropertyStats } from './properties/run-properties.ts';
export { FAMILIES, type Family } from './properties/families.ts';
export { IdCanon, normalise, firstDifference } from './properties/normalise.ts';
export type { PropertyDetail } from './run.ts';
