// Per-user state: personal settings (PATCH /settings), topic visibility policies
// (POST /user_topics) and saved snippets (/saved_snippets). Each belongs to its user: a
// change is the user's alone (a bot may not change settings; a policy needs access to the
// channel, except to remove one; another user's snippet does not exist), and CheckUserState
// holds GET /saved_snippets and a registration to what the run set. That other users
// receive none of it, and that a client following its queue ends with a fresh
// registration's state, are the family's frame (the events family's RegisterQueue and
// ApplyEvents) and the leak checks of PollEvents.
import { content } from '../access.ts';
import { Command, MISSING_ID, missingTwin, ok, pick, recent, type Real } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../family.ts';
import type { Model } from '../model.ts';
import { varName } from '../vars.ts';
import { ApplyEvents } from './apply-events.ts';
import { RegisterQueue } from './register-queue.ts';

/** Settings the commands change, with values to choose from (valid ones), and one invalid value each. */
export const SETTING_POOL: ReadonlyArray<{ name: string; values: readonly unknown[]; invalid: unknown; msg: string }> = [
  { name: 'emojiset', values: ['google', 'twitter', 'text'], invalid: 'apple', msg: 'Invalid emojiset: Value error, Not in the list of possible values' },
  { name: 'enter_sends', values: [false, true], invalid: 'maybe', msg: 'enter_sends is not valid JSON' },
  { name: 'color_scheme', values: [1, 2, 3], invalid: 9, msg: 'Invalid color_scheme: Value error, Not in the list of possible values' },
  { name: 'web_font_size_px', values: [14, 16, 20], invalid: '"16"', msg: 'web_font_size_px is not an integer' },
  { name: 'default_language', values: ['en', 'de'], invalid: 'xx', msg: 'Invalid default_language' },
  { name: 'resolved_topic_notice_auto_read_policy', values: ['always', 'except_followed', 'never'], invalid: 'often', msg: 'Invalid resolved_topic_notice_auto_read_policy' },
  { name: 'automatically_follow_topics_policy', values: [1, 2, 3, 4], invalid: 0, msg: 'Invalid automatically_follow_topics_policy: Value error, Not in the list of possible values' },
  { name: 'enable_followed_topic_push_notifications', values: [true, false], invalid: 2, msg: 'enable_followed_topic_push_notifications is not a boolean' },
  { name: 'timezone', values: ['UTC', 'Asia/Tokyo'], invalid: 'Mars/Base', msg: 'Invalid timezone: Value error, Not a recognized time zone' },
];

/** What the run set, by user id. */
interface UserState {
  settings: Map<number, Map<string, unknown>>;
  /** user id → channel id → lowercased topic → [the row's name, policy]. */
  topics: Map<number, Map<number, Map<string, [string, number]>>>;
  snippets: Array<{ v: string; owner: number; title: string }>;
}

const STATES = new WeakMap<Model, UserState>();

function stateOf(m: Model): UserState {
  let s = STATES.get(m);
  if (s === undefined) STATES.set(m, (s = { settings: new Map(), topics: new Map(), snippets: [] }));
  return s;
}

/** Topic names of this family only (so that automatic follows on send, named otherwise, do not meet them); letter case varies. */
const TOPICS = ['us-a', 'US-A', 'us-b', 'Us-C'];

export class ChangeSetting extends Command {
  readonly family: Family = 'user-state';
  constructor(
    readonly who: number,
    readonly setting: number,
    readonly value: number,
    readonly invalid: boolean,
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const s = pick(SETTING_POOL, this.setting);
    const value = this.invalid ? s.invalid : pick(s.values, this.value);
    const call: Call = { as: u.as, method: 'PATCH', path: '/api/v1/settings', params: { [s.name]: value } };
    if (u.bot) {
      await r.d.call({ ...call, note: 'bots may not change settings', expect: { status: 400, msg: 'This endpoint does not accept bot requests.' } });
      return;
    }
    if (this.invalid) {
      await r.d.call({ ...call, note: 'an invalid value changes nothing', expect: { status: 400, msg: s.msg } });
      return;
    }
    const res = await r.d.call({ ...call, expect: { status: 200 } });
    if (!ok(res)) return;
    const state = stateOf(m);
    let mine = state.settings.get(u.id);
    if (mine === undefined) state.settings.set(u.id, (mine = new Map()));
    mine.set(s.name, value);
  }

  toString(): string {
    return `ChangeSetting(${this.who}, ${this.setting}, ${this.value}, ${this.invalid})`;
  }
}

export class SetTopicPolicy extends Command {
  readonly family: Family = 'user-state';
  constructor(
    readonly who: number,
    readonly channel: number,
    readonly topic: number,
    readonly policy: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.channels.length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const c = recent(m.channels, this.channel);
    const u = m.around(c, this.who);
    const topic = pick(TOPICS, this.topic);
    const policy = this.policy % 4;
    const call: Call = { as: u.as, method: 'POST', path: '/api/v1/user_topics', params: { stream_id: `\${${c.v}}`, topic, visibility_policy: policy } };
    // Setting a policy needs access to the channel's messages; removing one needs only the channel to exist.
    if (policy !== 0 && !content(u, c)) {
      const expect = await missingTwin(r, { ...call, params: { stream_id: MISSING_ID, topic, visibility_policy: policy } }, call.path);
      await r.d.call({ ...call, note: `${u.key} may not reach ${c.v}: answered as for a channel that does not exist`, expect });
      return;
    }
    const res = await r.d.call({ ...call, expect: { status: 200 } });
    if (!ok(res)) return;
    const state = stateOf(m);
    let mine = state.topics.get(u.id);
    if (mine === undefined) state.topics.set(u.id, (mine = new Map()));
    let rows = mine.get(c.id);
    if (rows === undefined) mine.set(c.id, (rows = new Map()));
    const key = topic.toLowerCase();
    if (policy === 0) rows.delete(key);
    else rows.set(key, [rows.get(key)?.[0] ?? topic, policy]);
  }

  toString(): string {
    return `SetTopicPolicy(${this.who}, ${this.channel}, ${this.topic}, ${this.policy})`;
  }
}

export class SnippetCommand extends Command {
  readonly family: Family = 'user-state';
  constructor(
    readonly who: number,
    /** 0 create, 1 edit, 2 delete. */
    readonly op: number,
    readonly at: number,
  ) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const state = stateOf(m);
    const op = state.snippets.length === 0 ? 0 : this.op % 3;
    if (op === 0) {
      const v = varName('snippet', m.next('snippet'));
      const title = `snippet of ${u.key}`;
      const res = await r.d.call({ as: u.as, method: 'POST', path: '/api/v1/saved_snippets', params: { title, content: `  text ${v}  ` }, save: { [v]: 'saved_snippet_id' } });
      if (ok(res) && r.d.has(v)) state.snippets.push({ v, owner: u.id, title });
      return;
    }
    const s = recent(state.snippets, this.at);
    const path = `/api/v1/saved_snippets/\${${s.v}}`;
    const call: Call = op === 1 ? { as: u.as, method: 'PATCH', path, params: { title: `edited by ${u.key}` } } : { as: u.as, method: 'DELETE', path };
    if (s.owner !== u.id) {
      const expect = await missingTwin(r, { ...call, path: `/api/v1/saved_snippets/${MISSING_ID}` }, path);
      await r.d.call({ ...call, note: `${u.key} does not own ${s.v}: answered as if it did not exist`, expect });
      return;
    }
    const res = await r.d.call({ ...call, expect: { status: 200 } });
    if (!ok(res)) return;
    if (op === 1) s.title = `edited by ${u.key}`;
    else state.snippets.splice(state.snippets.indexOf(s), 1);
  }

  toString(): string {
    return `SnippetCommand(${this.who}, ${this.op}, ${this.at})`;
  }
}

/** GET /saved_snippets and a registration show the user what the run set for them, and nothing set for anyone else. */
export class CheckUserState extends Command {
  readonly family: Family = 'user-state';
  constructor(readonly who: number) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const state = stateOf(m);
    const ref = (v: string) => `\${${v}}`;
    const own = state.snippets.filter((s) => s.owner === u.id);
    const others = state.snippets.filter((s) => s.owner !== u.id);
    await r.d.call({
      as: u.as,
      method: 'GET',
      path: '/api/v1/saved_snippets',
      expect: {
        status: 200,
        json_paths: {
          'saved_snippets[*]': { $contains: own.map((s) => ({ id: ref(s.v), title: s.title })) },
          'saved_snippets[*].id': { $excludes: others.map((s) => ref(s.v)) },
        },
      },
    });
    const paths: Record<string, unknown> = {};
    for (const [name, value] of state.settings.get(u.id) ?? []) paths[`user_settings.${name}`] = value;
    // The run's channels: exactly the policies set for this family's topics.
    const mine = state.topics.get(u.id);
    for (const c of m.channels) {
      const rows = [...(mine?.get(c.id)?.values() ?? [])].map(([topic_name, visibility_policy]) => ({ topic_name, visibility_policy }));
      paths[`user_topics[?stream_id=${ref(c.v)}]`] = { $contains: rows };
      const set = new Set(rows.map((row) => row.topic_name.toLowerCase()));
      const unset = TOPICS.filter((t) => !set.has(t.toLowerCase()));
      paths[`user_topics[?stream_id=${ref(c.v)}].topic_name`] = { $excludes: unset };
    }
    await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/register',
      params: { fetch_event_types: ['user_settings', 'user_topic', 'saved_snippets'] },
      expect: { status: 200, json_paths: paths },
    });
  }

  toString(): string {
    return `CheckUserState(${this.who})`;
  }
}

/**
 * The family's frame: a registration followed from the start, and the apply_events check at
 * the end (the events family's commands, reported under this family when it runs alone).
 */
export class FollowUserState extends RegisterQueue {
  override readonly family: Family = 'user-state';
}
export class CompareUserState extends ApplyEvents {
  override readonly family: Family = 'user-state';
}
