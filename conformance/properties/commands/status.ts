// Presence, user status, muted users and alert words (issue 24): reports, statuses,
// mutes and alert words by the profile's users. A user's mutes and alert words are theirs
// alone: GET /users/me/alert_words and a registration's muted_users list the user's own
// (as the run made them) and nobody else's, and no queue hears of another user's
// (PollEvents, through statusEventProblems). Each alert word of the run names its owner,
// so that another user's word is recognised wherever it shows up.
import { Command, ok, pick, type Real } from '../command.ts';
import type { Problem } from '../driver.ts';
import type { Family } from '../family.ts';
import type { Actor, Model } from '../model.ts';
import type { MQueue } from '../records.ts';

type Json = Record<string, unknown>;

/** What the run knows of each user's mutes and alert words (by user id). */
interface StatusModel {
  /** muter → muted → muted now (true), not muted (false); absent: unknown (a server not reset may hold older mutes). */
  mutes: Map<number, Map<number, boolean>>;
  /** Every user the muter ever muted in the run. */
  everMuted: Map<number, Set<number>>;
  /** owner → their words of the run, as last listed (lowercase keys → as typed). */
  words: Map<number, Map<string, string>>;
}
const MODELS = new WeakMap<Model, StatusModel>();
function statusModel(m: Model): StatusModel {
  let s = MODELS.get(m);
  if (s === undefined) MODELS.set(m, (s = { mutes: new Map(), everMuted: new Map(), words: new Map() }));
  return s;
}

const BOT_REFUSED = { status: 400, result: 'error' as const, msg: 'This endpoint does not accept bot requests.' };

/** An alert word of the run, naming its owner: `aw-${uniq}-member2-3` (in upper case too). */
const word = (owner: Actor, n: number, upper: boolean) => (upper ? `AW-\${uniq}-${owner.key.toUpperCase()}-${n}` : `aw-\${uniq}-${owner.key}-${n}`);
const WORD = /^aw-[a-z0-9]+-([a-z0-9_]+)-\d+$/i;

export class ReportPresence extends Command {
  readonly family: Family = 'status';
  constructor(
    readonly who: number,
    readonly active: boolean,
    readonly slim: boolean,
  ) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/users/me/presence',
      params: { status: this.active ? 'active' : 'idle', ...(this.slim ? { slim_presence: true } : { ping_only: true }) },
      expect: u.bot ? BOT_REFUSED : { status: 200, result: 'success' },
    });
  }
  toString(): string {
    return `ReportPresence(${this.who}, ${this.active ? 'active' : 'idle'}${this.slim ? ', slim' : ''})`;
  }
}

const TEXTS = ['', 'in a meeting', 'out sick', 'on vacation'];
const EMOJI = ['', 'octopus', 'smile'];

export class SetStatus extends Command {
  readonly family: Family = 'status';
  constructor(
    readonly who: number,
    readonly text: number | null,
    readonly emoji: number | null,
  ) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const params: Json = {};
    if (this.text !== null) params['status_text'] = pick(TEXTS, this.text);
    if (this.emoji !== null) params['emoji_name'] = pick(EMOJI, this.emoji);
    const expect = u.bot
      ? BOT_REFUSED
      : Object.keys(params).length === 0
        ? { status: 400, result: 'error' as const, msg: 'Client did not pass any new values.' }
        : { status: 200, result: 'success' as const };
    await r.d.call({ as: u.as, method: 'POST', path: '/api/v1/users/me/status', params, expect });
  }
  toString(): string {
    return `SetStatus(${this.who}, ${this.text}, ${this.emoji})`;
  }
}

export class MuteUser extends Command {
  readonly family: Family = 'status';
  constructor(
    readonly who: number,
    readonly target: number,
    readonly unmute: boolean,
  ) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const t = m.actor(this.target);
    const s = statusModel(m);
    let mine = s.mutes.get(u.id);
    if (mine === undefined) s.mutes.set(u.id, (mine = new Map()));
    const known = mine.get(t.id);
    const path = `/api/v1/users/me/muted_users/${t.idRef}`;
    const method = this.unmute ? 'DELETE' : 'POST';
    const error = (msg: string) => ({ status: 400, result: 'error' as const, msg });
    const expect =
      u.id === t.id && !this.unmute
        ? error('Cannot mute self')
        : known === undefined
          ? undefined
          : this.unmute
            ? known
              ? { status: 200, result: 'success' as const }
              : error('User is not muted')
            : known
              ? error('User already muted')
              : { status: 200, result: 'success' as const };
    const res = await r.d.call({ as: u.as, method, path, ...(expect !== undefined ? { expect } : {}) });
    if (u.id === t.id) return;
    // What the answer says of the mute, known or not before.
    const msg = (res.json as Json | undefined)?.['msg'];
    if (ok(res)) mine.set(t.id, !this.unmute);
    else if (msg === 'User already muted') mine.set(t.id, true);
    else if (msg === 'User is not muted') mine.set(t.id, false);
    if (mine.get(t.id) === true) {
      let ever = s.everMuted.get(u.id);
      if (ever === undefined) s.everMuted.set(u.id, (ever = new Set()));
      ever.add(t.id);
    }
  }
  toString(): string {
    return `MuteUser(${this.who}, ${this.target}${this.unmute ? ', unmute' : ''})`;
  }
}

export class AlertWords extends Command {
  readonly family: Family = 'status';
  constructor(
    readonly who: number,
    readonly remove: boolean,
    readonly words: number[],
    readonly upper: boolean,
  ) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const s = statusModel(m);
    let mine = s.words.get(u.id);
    if (mine === undefined) s.words.set(u.id, (mine = new Map()));
    const given = this.words.map((n) => word(u, n, this.upper));
    const key = (w: string) => w.toLowerCase();
    if (this.remove) for (const w of given) mine.delete(key(w));
    else for (const w of given) if (!mine.has(key(w))) mine.set(key(w), w);
    await r.d.call({
      as: u.as,
      method: this.remove ? 'DELETE' : 'POST',
      path: '/api/v1/users/me/alert_words',
      params: { alert_words: given },
      expect: { status: 200, result: 'success', json_paths: { alert_words: { $contains: [...mine.values()] } } },
      check: (o) => othersWords(u, (o.json as Json | undefined)?.['alert_words'], 'alert_words'),
    });
  }
  toString(): string {
    return `AlertWords(${this.who}, ${this.remove ? 'remove' : 'add'} [${this.words}]${this.upper ? ', upper' : ''})`;
  }
}

/** Words of the run that name another owner. */
function othersWords(u: Actor, list: unknown, path: string): Problem[] {
  if (!Array.isArray(list)) return [];
  const problems: Problem[] = [];
  for (const w of list) {
    const owner = typeof w === 'string' ? WORD.exec(w)?.[1] : undefined;
    if (owner === undefined || owner.toLowerCase() === u.key.toLowerCase()) continue;
    problems.push({ message: `${u.key} was shown another user's alert word ${String(w)}`, expect: { status: 200, json_paths: { [path]: { $excludes: [w] } } } });
  }
  return problems;
}

/** GET /users/me/alert_words and a registration's muted_users: the user's own of the run, nobody else's. */
export class CheckStatus extends Command {
  readonly family: Family = 'status';
  constructor(readonly who: number) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const s = statusModel(m);
    const words = [...(s.words.get(u.id)?.values() ?? [])];
    await r.d.call({
      as: u.as,
      method: 'GET',
      path: '/api/v1/users/me/alert_words',
      expect: { status: 200, result: 'success', json_paths: { alert_words: { $contains: words } } },
      check: (o) => othersWords(u, (o.json as Json | undefined)?.['alert_words'], 'alert_words'),
    });
    const mutes = [...(s.mutes.get(u.id) ?? new Map<number, boolean>())];
    const byId = (id: number) => m.actors.find((a) => a.id === id) as Actor;
    await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/register',
      params: { fetch_event_types: ['muted_users', 'alert_words'] },
      expect: {
        status: 200,
        result: 'success',
        json_paths: {
          'muted_users[*].id': { $contains: mutes.filter(([, on]) => on).map(([id]) => byId(id).idRef) },
          'muted_users[*]': { $excludes: mutes.filter(([, on]) => !on).map(([id]) => ({ id: byId(id).idRef })) },
          alert_words: { $contains: words },
        },
      },
    });
  }
  toString(): string {
    return `CheckStatus(${this.who})`;
  }
}

/** In a queue's events: another user's mutes or alert words. */
export function statusEventProblems(m: Model, q: MQueue, events: Json[]): Problem[] {
  const u = q.owner;
  const s = statusModel(m);
  const problems: Problem[] = [];
  for (const e of events) {
    if (e['type'] === 'alert_words') {
      for (const p of othersWords(u, e['alert_words'], 'events[*]')) problems.push({ ...p, expect: { status: 200, json_paths: { 'events[*]': { $excludes: [{ type: 'alert_words', id: e['id'] }] } } } });
    }
    if (e['type'] === 'muted_users' && Array.isArray(e['muted_users'])) {
      const ever = s.everMuted.get(u.id) ?? new Set<number>();
      const known = s.mutes.get(u.id) ?? new Map<number, boolean>();
      for (const x of e['muted_users'] as Json[]) {
        const id = x['id'] as number;
        // Only a user the owner muted in this run, or whose mute the run does not know.
        if (ever.has(id) || !known.has(id)) continue;
        problems.push({ message: `${u.key}'s queue ${q.v} heard of a mute of user ${id} they never made`, expect: { status: 200, json_paths: { 'events[*]': { $excludes: [{ type: 'muted_users', id: e['id'] }] } } } });
      }
    }
  }
  return problems;
}

