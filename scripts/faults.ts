// Deliberately broken servers, a testing aid for conformance suites:
// `understudy serve --self-test-fault NAME` (`npm start -- --fault NAME` in the repository)
// serves the reference with one fault injected, so that a server implementer can see what
// a failing report looks like, and one can watch the property suite (or any other test)
// catch it. createReference() knows nothing of faults: each wraps a reference's dispatch.
import type { ApiRequest, ApiResponse, Reference } from '../reference/index.ts';

export const FAULTS = {
  'history-leak': 'GET /messages ignores protected history: a subscriber reads what was sent before they joined',
  'unsubscribe-noop': 'DELETE /users/me/subscriptions answers success and changes nothing',
  'error-without-code': 'error answers lose their "code"',
} as const;
export type FaultName = keyof typeof FAULTS;

export function isFault(name: string): name is FaultName {
  return Object.hasOwn(FAULTS, name);
}

const route = (req: ApiRequest) => `${req.method} ${req.path.split('?')[0]}`;

function reencode(res: ApiResponse, json: Record<string, unknown>): ApiResponse {
  return { ...res, json, body: JSON.stringify(json) };
}

/** The reference with `fault` injected into every request (dispatch, and the async doors over it). */
export function withFault(ref: Reference, fault: FaultName): Reference {
  const inner = ref.dispatch.bind(ref);
  const dispatch = (req: ApiRequest): ApiResponse => {
    switch (fault) {
      case 'history-leak': {
        if (route(req) !== 'GET /api/v1/messages') return inner(req);
        const protectedChannels = ref.store.channels().filter((c) => !c.history_public_to_subscribers);
        for (const c of protectedChannels) c.history_public_to_subscribers = true;
        try {
          return inner(req);
        } finally {
          for (const c of protectedChannels) c.history_public_to_subscribers = false;
        }
      }
      case 'unsubscribe-noop': {
        if (route(req) !== 'DELETE /api/v1/users/me/subscriptions') return inner(req);
        const before = ref.snapshot();
        const res = inner(req);
        if (res.status === 200) ref.restore(before);
        return res;
      }
      case 'error-without-code': {
        const res = inner(req);
        if (res.status < 400 || !('code' in res.json)) return res;
        const { code: _code, ...rest } = res.json;
        return reencode(res, rest);
      }
    }
  };
  const faulty = Object.create(ref) as Reference;
  faulty.dispatch = dispatch;
  faulty.respond = (req, signal) => ref.wait(req, dispatch(req), signal);
  return faulty;
}

/** `--fault NAME` (or `--fault=NAME`) taken out of argv; the fault, or an error. */
export function takeFault(argv: string[]): { rest: string[]; fault?: string; error?: string } {
  const rest: string[] = [];
  let fault: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--fault' || arg.startsWith('--fault=')) {
      fault = arg === '--fault' ? argv[++i] : arg.slice('--fault='.length);
      if (fault === undefined || !isFault(fault)) {
        return { rest, error: `--fault: one of ${Object.keys(FAULTS).join(', ')} (a testing aid: a deliberately broken server), not ${JSON.stringify(fault ?? '')}` };
      }
      continue;
    }
    rest.push(arg);
  }
  return { rest, ...(fault !== undefined ? { fault } : {}) };
}

