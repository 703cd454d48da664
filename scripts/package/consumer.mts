// Package check (scripts/package/check.sh): a TypeScript consumer of the entry points a
// browser test uses, type-checked under strict with moduleResolution node16 and bundler
// (tsconfig.node16.json, tsconfig.bundler.json), never run; consumer-node.mts has the
// Node-only ones. The @ts-expect-error lines fail the check if the types are missing or `any`.
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { createReference, realm, type ApiResponse, type Fault, type FaultSpec, type Fixture, type JournalEntry, type Reference, type ReferenceOptions } from 'zulip-understudy';
import { toApiRequest, toResponse } from 'zulip-understudy/fetch';
import { createHandlers } from 'zulip-understudy/msw';

const options: ReferenceOptions = { seed: 'consumer', clock: 'manual', control: true };
const ref: Reference = createReference(options);
const res: ApiResponse = ref.dispatch({ method: 'GET', path: '/api/v1/users', headers: { authorization: 'Basic ...' } });
const status: number = res.status;
const body: string = res.body;
ref.control.advance(1000);
ref.reset();

// The client developer's toolkit: faults, the journal, the builder, bulk seeding.
const spec: FaultSpec = { fault: 'rate_limit', method: 'POST', path: '/api/v1/messages', times: 1 };
const faultId: number | null = ref.control.addFault(spec);
const faults: Fault[] = ref.control.faults();
const sent: JournalEntry[] = ref.control.requests({ method: 'POST', path: '/messages', limit: 1 });
const fixture: Fixture = realm().user({ email: 'ann@example.com', role: 200 }).channel({ name: 'ops', subscribers: ['ann@example.com'] }).build();
const { first_id }: { first_id: number } = ref.control.seedMessages({ count: 10, from: 'iago@zulip.com', channel: 'Verona' });
export const toolkit = { faultId, faults, sent, fixture, first_id, now: ref.control.now() };
// @ts-expect-error: no such fault
ref.control.addFault({ fault: 'meteor' });
// @ts-expect-error: role names and numbers, nothing else
realm().user({ email: 'x@example.com', role: 'king' });

// @ts-expect-error: the clock is 'manual', 'system' or a Clock
createReference({ clock: 'sundial' });
// @ts-expect-error: dispatch needs a method
ref.dispatch({ path: '/api/v1/users' });

const handlers: HttpHandler[] = createHandlers(ref, { baseUrl: 'http://zulip.test' });
export const server = setupServer(...handlers);
// @ts-expect-error: baseUrl is required
createHandlers(ref, {});

export async function overFetch(request: Request): Promise<Response> {
  return toResponse(ref.dispatch(await toApiRequest(request)));
}

export const seen = { status, body };
