// The real server's rate limiting, opt-in (createReference({ rateLimits: true }),
// `understudy serve --rate-limit`, control.setRateLimiting): the default rules of
// api_by_user (zproject/default_settings.py DEFAULT_RATE_LIMITING_RULES: 200 requests a
// minute, 2,000 an hour), counted per user on the world's clock as the Redis backend of
// zerver/lib/rate_limiter.py counts them: a list of the newest calls' instants, as long as
// the largest rule's count. Not part of the state: reset() forgets every count.

/** (window in seconds, calls allowed in it), shortest window first. */
export type Rules = ReadonlyArray<readonly [number, number]>;
export const API_BY_USER: Rules = [
  [60, 200],
  [3600, 2000],
];

export interface RateLimitResult {
  limited: boolean;
  /** The largest rule's count (X-RateLimit-Limit). */
  limit: number;
  /** Calls left in the largest rule's window (X-RateLimit-Remaining); 0 when limited. */
  remaining: number;
  /** Seconds until free (limited), or until the largest window empties (X-RateLimit-Reset is now plus this). */
  secsToFreedom: number;
}

export class RateLimits {
  enabled = false;
  /** key → instants of the newest calls (seconds), newest first, at most the largest rule's count. */
  #calls = new Map<string, number[]>();

  constructor(readonly rules: Rules = API_BY_USER) {}

  clear(): void {
    this.#calls.clear();
  }

  /** RateLimitedObject.rate_limit_request: refuse, or count the call and say what is left. */
  take(key: string, now: number): RateLimitResult {
    const rules = this.rules;
    const [maxWindow, maxCalls] = rules[rules.length - 1] as readonly [number, number];
    const calls = this.#calls.get(key) ?? [];
    // is_ratelimited: the nth newest call of a rule of n calls still inside its window.
    for (const [range, count] of rules) {
      const nth = calls[count - 1];
      if (nth !== undefined && nth + range >= now) return { limited: true, limit: maxCalls, remaining: 0, secsToFreedom: nth + range - now };
    }
    // incr_ratelimit
    calls.unshift(now);
    if (calls.length > maxCalls) calls.length = maxCalls;
    this.#calls.set(key, calls);
    // get_api_calls_left over the largest window
    let inWindow = 0;
    for (const t of calls) if (t >= now - maxWindow) inWindow++;
    return { limited: false, limit: maxCalls, remaining: maxCalls - inWindow, secsToFreedom: maxWindow - (now - (calls[0] as number)) };
  }
}
