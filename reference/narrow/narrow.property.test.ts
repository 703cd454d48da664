// Property tests of the narrow language against a deliberately small model of a realm:
// a few users, channels and messages, and narrows of random terms that pick their
// targets by position ("the 2nd channel", "the 1st user"), never by raw id. The model
// below shares no code with narrow/: it re-derives each operator's meaning from the
// upstream description in a few plain lines.
//   (a) adding a term never adds a match (the invariant in predicate.ts);
//   (b) compiled.matches agrees with the model, and the channel/DM conflict error is
//       raised exactly when the model expects it;
//   (c) the Source hint never excludes a message that matches.
// Fixed seed; a failure prints the seed and path to replay it:
//   NARROW_SEED=<seed> NARROW_PATH=<path> node --import tsx node_modules/uvu/bin.js reference/narrow 'property'
import fc from 'fast-check';
import { test } from 'uvu';
import { compileNarrow } from './compile-narrow.ts';
import { NarrowError, type CompiledNarrow, type Message, type NarrowChannel, type NarrowEnv, type Source } from './types.ts';

const SEED = Number(process.env.NARROW_SEED ?? 20250605);
const PATH = process.env.NARROW_PATH;
const NUM_RUNS = 400;

// ---- the model ---------------------------------------------------------------

const TOPICS = ['apple', 'Apple', 'kiwi', '✔ plum', ''];
const WORDS = ['apple', 'kiwi', 'plum', 'fig', 'pear'];
const BITS = { read: 1, starred: 2, mentioned: 8, streamWildcard: 16, topicWildcard: 32, alert: 64 };

interface ModelMessage {
  id: number;
  sender: number; // user index
  channel: number | null; // channel index, null for a DM
  topic: string;
  dmUsers: number[]; // user indices, sender included
  words: string[];
  reacted: boolean;
  flags: number | undefined; // the viewer's flags; undefined without a row
}

interface World {
  users: number; // user i has id 1 + i and email u{i}@example.com; user 0 is the viewer
  channels: { public: boolean; webPublic: boolean; muted: boolean }[];
  policies: Map<string, number>; // `${channel}:${lower topic}` → 0..3
  messages: ModelMessage[];
}

type ModelTerm =
  | { op: 'channel'; at: number; byName: boolean; negated: boolean }
  | { op: 'topic'; topic: string; negated: boolean }
  | { op: 'sender'; at: number; byEmail: boolean; negated: boolean }
  | { op: 'is'; what: string; negated: boolean }
  | { op: 'has'; what: 'reaction'; negated: boolean }
  | { op: 'in'; what: 'home' | 'all'; negated: boolean }
  | { op: 'id'; at: number; negated: boolean }
  | { op: 'dm'; at: number[]; negated: boolean }
  | { op: 'dm-including'; at: number; negated: boolean }
  | { op: 'search'; word: string; negated: boolean };

const worldArb: fc.Arbitrary<World> = fc
  .record({
    users: fc.integer({ min: 2, max: 4 }),
    channels: fc.array(fc.record({ public: fc.boolean(), webPublic: fc.boolean(), muted: fc.boolean() }), { minLength: 1, maxLength: 3 }),
    policies: fc.array(fc.tuple(fc.nat(2), fc.constantFrom(...TOPICS), fc.integer({ min: 0, max: 3 })), { maxLength: 4 }),
    raw: fc.array(
      fc.record({
        sender: fc.nat(3),
        channel: fc.option(fc.nat(2), { nil: null }),
        topic: fc.constantFrom(...TOPICS),
        others: fc.subarray([0, 1, 2, 3]),
        words: fc.subarray(WORDS, { minLength: 1 }),
        reacted: fc.boolean(),
        flags: fc.option(fc.nat(127), { nil: undefined }),
      }),
      { maxLength: 10 },
    ),
  })
  .map(({ users, channels, policies, raw }) => {
    const messages = raw.map((r, i): ModelMessage => {
      const sender = r.sender % users;
      const channel = r.channel === null ? null : r.channel % channels.length;
      const dmUsers = channel === null ? [...new Set([sender, ...r.others.filter((u) => u < users)])].sort() : [];
      // The viewer has a row for every DM they are in and none for the others.
      const flags = channel !== null ? r.flags : dmUsers.includes(0) ? (r.flags ?? 0) : undefined;
      return { id: 50 + 3 * i, sender, channel, topic: channel === null ? '' : r.topic, dmUsers, words: r.words, reacted: r.reacted, flags };
    });
    const policyMap = new Map(policies.map(([c, t, p]) => [`${c % channels.length}:${t.toLowerCase()}`, p]));
    return { users, channels, policies: policyMap, messages };
  });

const termArb: fc.Arbitrary<ModelTerm> = fc.oneof(
  fc.record({ op: fc.constant('channel' as const), at: fc.nat(2), byName: fc.boolean(), negated: fc.boolean() }),
  fc.record({ op: fc.constant('topic' as const), topic: fc.constantFrom(...TOPICS), negated: fc.boolean() }),
  fc.record({ op: fc.constant('sender' as const), at: fc.nat(3), byEmail: fc.boolean(), negated: fc.boolean() }),
  fc.record({
    op: fc.constant('is' as const),
    what: fc.constantFrom('dm', 'private', 'starred', 'unread', 'mentioned', 'alerted', 'resolved', 'followed', 'muted'),
    negated: fc.boolean(),
  }),
  fc.record({ op: fc.constant('has' as const), what: fc.constant('reaction' as const), negated: fc.boolean() }),
  fc.record({ op: fc.constant('in' as const), what: fc.constantFrom('home' as const, 'all' as const), negated: fc.boolean() }),
  fc.record({ op: fc.constant('id' as const), at: fc.nat(12), negated: fc.boolean() }),
  fc.record({ op: fc.constant('dm' as const), at: fc.subarray([0, 1, 2, 3]), negated: fc.boolean() }),
  fc.record({ op: fc.constant('dm-including' as const), at: fc.nat(3), negated: fc.boolean() }),
  fc.record({ op: fc.constant('search' as const), word: fc.constantFrom(...WORDS), negated: fc.boolean() }),
);

const narrowArb = fc.array(termArb, { maxLength: 4 });

const userAt = (world: World, at: number) => at % world.users;
const channelAt = (world: World, at: number) => at % world.channels.length;
const policyOf = (world: World, m: ModelMessage) => (m.channel === null ? 0 : (world.policies.get(`${m.channel}:${m.topic.toLowerCase()}`) ?? 0));
const mutedAway = (world: World, m: ModelMessage) =>
  m.channel !== null && (policyOf(world, m) === 1 || (world.channels[m.channel]!.muted && policyOf(world, m) !== 2 && policyOf(world, m) !== 3));

/** The model's reading of one term, without negation. */
function modelHolds(world: World, term: ModelTerm, m: ModelMessage): boolean {
  const flags = m.flags ?? BITS.read;
  switch (term.op) {
    case 'channel': return m.channel === channelAt(world, term.at);
    case 'topic': return m.topic.toLowerCase() === term.topic.toLowerCase();
    case 'sender': return m.sender === userAt(world, term.at);
    case 'has': return m.reacted;
    case 'in': return term.what === 'all' || !mutedAway(world, m);
    case 'id': return m.id === 50 + 3 * term.at;
    case 'dm': {
      if (term.at.length === 0) return false;
      const wanted = [...new Set([0, ...term.at.map((u) => userAt(world, u))])].sort();
      return m.channel === null && wanted.join() === m.dmUsers.join();
    }
    case 'dm-including': return m.channel === null && m.dmUsers.includes(0) && m.dmUsers.includes(userAt(world, term.at));
    case 'search': return m.words.includes(term.word) || m.topic.toLowerCase().split(/[^a-z]+/).includes(term.word);
    case 'is':
      switch (term.what) {
        case 'dm': case 'private': return m.channel === null;
        case 'starred': return (flags & BITS.starred) !== 0;
        case 'unread': return (flags & BITS.read) === 0;
        case 'mentioned': return (flags & (BITS.mentioned | BITS.streamWildcard | BITS.topicWildcard)) !== 0;
        case 'alerted': return (flags & BITS.alert) !== 0;
        case 'resolved': return m.topic.startsWith('✔ ');
        case 'followed': return m.channel !== null && policyOf(world, m) === 3;
        default: return mutedAway(world, m); // muted
      }
  }
}

/** in:all and search add no negatable condition upstream: in:all is ignored, a negated search searches. */
const modelTerm = (world: World, term: ModelTerm, m: ModelMessage) =>
  (term.op === 'in' && term.what === 'all') || term.op === 'search' ? modelHolds(world, term, m) : modelHolds(world, term, m) !== term.negated;

/** The model's conflict rule: a non-negated channel-type and DM-type term (a negated is:dm is channel-type). */
function modelConflict(narrow: ModelTerm[]): boolean {
  const isDm = (t: ModelTerm) => t.op === 'is' && (t.what === 'dm' || t.what === 'private');
  const channelish = narrow.some((t) => (isDm(t) && t.negated) || (!t.negated && (t.op === 'channel' || t.op === 'topic')));
  const dmish = narrow.some((t) => !t.negated && (isDm(t) || t.op === 'dm' || t.op === 'dm-including'));
  return channelish && dmish;
}

// ---- the harness: the world as the reference sees it ----------------------------

const channelName = (i: number) => `Channel ${i}`;
const email = (i: number) => `u${i}@example.com`;

function toMessage(m: ModelMessage): Message {
  const content = m.words.join(' ');
  return {
    id: m.id, sender_id: 1 + m.sender, type: m.channel === null ? 'private' : 'stream',
    stream_id: m.channel === null ? null : 100 + m.channel, topic: m.topic, dm_user_ids: m.dmUsers.map((u) => 1 + u),
    content, rendered_content: `<p>${content}</p>`, timestamp: 0, client: 'test', is_me_message: false,
    reactions: m.reacted ? [{ emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji', user_id: 1 }] : [],
    last_edit_timestamp: null, last_moved_timestamp: null,
  };
}

function envOf(world: World): NarrowEnv {
  const channels: NarrowChannel[] = world.channels.map((c, i) => ({
    stream_id: 100 + i, name: channelName(i), invite_only: !c.public, is_web_public: c.public && c.webPublic, history_public_to_subscribers: c.public,
  }));
  return {
    viewer: { user_id: 1, is_guest: false },
    channel: (key) => channels.find((c) => (typeof key === 'number' ? c.stream_id === key : c.name.toLowerCase() === key.toLowerCase())),
    user: (key) => {
      const index = typeof key === 'number' ? key - 1 : [...Array(world.users).keys()].find((i) => email(i) === key.toLowerCase());
      return index !== undefined && index >= 0 && index < world.users ? { user_id: index + 1 } : undefined;
    },
    accessibleMessage: () => undefined,
    hasAttachment: () => false,
    canAccessChannelHistory: (c) => !c.invite_only,
    isChannelMuted: (id) => world.channels[id - 100]?.muted ?? false,
    topicPolicy: (id, topic) => world.policies.get(`${id - 100}:${topic.toLowerCase()}`) ?? 0,
    channelOf: (id) => channels.find((c) => c.stream_id === id),
  };
}

function rawTerm(world: World, t: ModelTerm): { operator: string; operand: unknown; negated: boolean } {
  const term = (operator: string, operand: unknown) => ({ operator, operand, negated: t.negated });
  switch (t.op) {
    case 'channel': return term('channel', t.byName ? channelName(channelAt(world, t.at)) : 100 + channelAt(world, t.at));
    case 'topic': return term('topic', t.topic);
    case 'sender': return term('sender', t.byEmail ? email(userAt(world, t.at)) : 1 + userAt(world, t.at));
    case 'is': return term('is', t.what);
    case 'has': return term('has', t.what);
    case 'in': return term('in', t.what);
    case 'id': return term('id', 50 + 3 * t.at);
    case 'dm': return term('dm', t.at.map((u) => 1 + userAt(world, u)));
    case 'dm-including': return term('dm-including', 1 + userAt(world, t.at));
    case 'search': return term('search', t.word);
  }
}

/** The compiled narrow, or null when the reference rejects it with the conflict error. */
function compileModel(world: World, narrow: ModelTerm[]): CompiledNarrow | null {
  try {
    return compileNarrow(narrow.map((t) => rawTerm(world, t)), envOf(world), {});
  } catch (error) {
    if (error instanceof NarrowError && error.desc === 'No message can be both a channel message and direct message') return null;
    throw error;
  }
}

const matches = (compiled: CompiledNarrow, m: ModelMessage) => compiled.matches(toMessage(m), m.flags);

function inSource(source: Source, m: Message, flags: number | undefined): boolean {
  switch (source.kind) {
    case 'all': return true;
    case 'none': return false;
    case 'viewer': return flags !== undefined;
    case 'unread': return flags !== undefined && (flags & 1) === 0;
    case 'channel': return m.stream_id === source.stream_id;
    case 'topic': return m.stream_id === source.stream_id && m.topic.toLowerCase() === source.topic.toLowerCase();
    case 'dm': return m.type === 'private' && m.dm_user_ids.join() === source.user_ids.join();
    case 'sender': return m.sender_id === source.user_id;
    case 'ids': return source.ids.includes(m.id);
  }
}

// ---- the properties --------------------------------------------------------------

function holds<Ts extends [unknown, ...unknown[]]>(name: string, property: fc.IProperty<Ts>) {
  test(name, () => {
    const details = fc.check(property, { seed: SEED, numRuns: NUM_RUNS, ...(PATH === undefined ? {} : { path: PATH }) });
    if (details.failed) {
      throw new Error(`${name}: failed; replay with NARROW_SEED=${details.seed} NARROW_PATH=${details.counterexamplePath}\n${fc.defaultReportMessage(details)}`);
    }
  });
}

holds(
  '(a) adding a term never adds a match',
  fc.property(worldArb, narrowArb, termArb, fc.nat(4), (world, narrow, extra, at) => {
    const wider = compileModel(world, narrow);
    const longer = [...narrow];
    longer.splice(at % (narrow.length + 1), 0, extra);
    const narrower = compileModel(world, longer);
    if (wider === null || narrower === null) return true;
    return world.messages.every((m) => !matches(narrower, m) || matches(wider, m));
  }),
);

holds(
  '(b) compiled.matches agrees with the model, and conflicts are rejected exactly',
  fc.property(worldArb, narrowArb, (world, narrow) => {
    const compiled = compileModel(world, narrow);
    if ((compiled === null) !== modelConflict(narrow)) return false;
    if (compiled === null) return true;
    return world.messages.every((m) => matches(compiled, m) === narrow.every((t) => modelTerm(world, t, m)));
  }),
);

holds(
  '(c) the Source hint never excludes a matching message',
  fc.property(worldArb, narrowArb, (world, narrow) => {
    const compiled = compileModel(world, narrow);
    if (compiled === null) return true;
    // Only for messages the viewer may read: a DM the viewer is not in is never a candidate.
    const readable = (m: ModelMessage) => m.channel !== null || m.dmUsers.includes(0);
    return world.messages.every((m) => !readable(m) || !matches(compiled, m) || inSource(compiled.source, toMessage(m), m.flags));
  }),
);

test.run();
