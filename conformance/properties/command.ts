// What every command of the property suite shares: the run it acts in (the driver, the
// families the target serves, counters), and the bookkeeping around each command.
import type fc from 'fast-check';
import type { Observed } from '../matcher.ts';
import type { Expect } from '../schema.ts';
import type { Call, Driver } from './driver.ts';
import type { Family } from './family.ts';
import type { Actor, Model } from './model.ts';

export interface Real {
  d: Driver;
  /** The families this target serves (and the run selected). */
  families: ReadonlySet<Family>;
  /** Commands run, in all and per family. */
  stats: { commands: number; byFamily: Map<Family, number>; follow: FollowStats };
  /** The commands run so far, described (a failure's sequence, for the report). */
  ran: string[];
  /** The family of the command running now (a failure is reported under it). */
  current?: Family;
}

/** What the apply_events check did (follow.ts): states compared, events applied, queues no longer followed by the event type that stopped them. */
export interface FollowStats {
  compared: number;
  events: number;
  unfollowed: Map<string, number>;
}

/** No id of anything on any server the suite meets. */
export const MISSING_ID = 999_999_999;

export abstract class Command implements fc.AsyncCommand<Model, Real> {
  abstract readonly family: Family;

  check(_m: Readonly<Model>): boolean {
    return true;
  }

  async run(m: Model, r: Real): Promise<void> {
    r.current = this.family;
    r.ran.push(this.toString());
    try {
      await this.act(m, r);
    } finally {
      r.stats.commands++;
      r.stats.byFamily.set(this.family, (r.stats.byFamily.get(this.family) ?? 0) + 1);
    }
    m.remember();
  }

  protected abstract act(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
}

export const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length] as T;
/** The n-th newest of the run's things (0: the newest), wrapping: commands act mostly on what the run just made. */
export const recent = <T>(xs: readonly T[], n: number): T => xs[xs.length - 1 - (n % xs.length)] as T;
export const ok = (o: Observed): boolean => o.status >= 200 && o.status < 300;

/**
 * The answer a request aimed at something the caller may not see must be: exactly the
 * answer the same request gets for an id that exists nowhere (so that nothing tells the
 * two apart). Sends the missing-id twin and returns the expectation.
 */
export async function missingTwin(r: Real, call: Call, missingPath: string): Promise<Expect> {
  const twin = await r.d.call({ ...call, path: missingPath, note: 'the same request for an id that exists nowhere' });
  const j = (twin.json ?? {}) as Record<string, unknown>;
  const expect: Expect = { status: twin.status };
  if (typeof j['result'] === 'string') expect.result = j['result'] as 'success' | 'error';
  if (typeof j['code'] === 'string') expect.code = j['code'];
  if (typeof j['msg'] === 'string') expect.msg = j['msg'];
  return expect;
}

/** Ids of the actors, as templates (for principals, members, recipients). */
export const idRefs = (actors: readonly Actor[]): string[] => [...new Set(actors.map((a) => a.idRef))];
