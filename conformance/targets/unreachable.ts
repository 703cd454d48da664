// A target that does not answer at all, as opposed to one that answers wrongly: the
// run stops once, with the cause (ECONNREFUSED, ENOTFOUND, a timeout), instead of
// failing every scenario with "fetch failed".

/** The target could not be reached; `detail` is the network error's own message. */
export class TargetUnreachable extends Error {
  constructor(
    readonly target: string,
    readonly code: string | undefined,
    readonly detail: string,
  ) {
    super(`cannot reach ${target}: ${detail}`);
    this.name = 'TargetUnreachable';
  }
}

/** The target answers, but cannot be tested as asked: not a Zulip server (a static file server, a proxy's error page, a wrong base URL), or a control surface that refuses the profile's token. */
export class TargetUnusable extends Error {
  constructor(
    readonly target: string,
    message: string,
  ) {
    super(message);
    this.name = 'TargetUnusable';
  }
}

/** Errors that mean nothing is listening there (any more): after one, no further request can succeed. */
const GONE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

export function isGone(e: unknown): e is TargetUnreachable {
  return e instanceof TargetUnreachable && e.code !== undefined && GONE.has(e.code);
}

/** fetch's network failure as a TargetUnreachable, or undefined if `e` is something else (a bug, a bad answer). */
export function asUnreachable(target: string, e: unknown, timeoutMs: number): TargetUnreachable | undefined {
  if (e instanceof DOMException && e.name === 'TimeoutError') return new TargetUnreachable(target, 'ETIMEDOUT', `no answer within ${timeoutMs / 1000} s`);
  if (!(e instanceof TypeError) || e.cause === undefined) return undefined;
  const cause = e.cause as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof cause.code === 'string' ? cause.code : undefined;
  let message = typeof cause.message === 'string' ? cause.message : '';
  // Node tries every address of a name (::1 and 127.0.0.1 for localhost) and reports them together.
  if (message === '' && Array.isArray(cause.errors)) message = cause.errors.map((x: { message?: unknown }) => String(x.message)).join('; ');
  if (message === '') message = code ?? String(e.cause);
  if (code !== undefined && !message.includes(code)) message = `${message} (${code})`;
  return new TargetUnreachable(target, code, message);
}
