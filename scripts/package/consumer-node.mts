// Package check (scripts/package/check.sh): a TypeScript consumer of the Node-only entry
// points (node-http, conformance), type-checked under strict with moduleResolution
// node16 (tsconfig.node16.json), never run.
import { createReference } from 'zulip-understudy';
import { serve, type Serving } from 'zulip-understudy/node-http';
import { runConformance, type Classified, type ConformanceReport, type Profile } from 'zulip-understudy/conformance';

export async function overHttp(): Promise<string> {
  const serving: Serving = await serve(createReference(), { port: 0, host: '127.0.0.1' });
  // @ts-expect-error: the port is a number
  await serve(createReference(), { port: '0', host: '127.0.0.1' });
  await serving.close();
  return serving.url;
}

export async function conformance(profile: Profile): Promise<boolean> {
  const report: ConformanceReport = await runConformance({ target: 'http://127.0.0.1:9991', profile, only: ['messages'], onResult: (r: Classified) => void r.outcome });
  // @ts-expect-error: the summary has no "passed" field
  void report.summary.passed;
  return report.summary.ok;
}
