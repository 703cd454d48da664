// Test support for narrow/'s unit tests, never imported by the core: a few of the
// development realm's characters, channels and messages, and a NarrowEnv over them.
// King Hamlet is the viewer unless a test says otherwise.
import { compileNarrow, type CompileOptions } from './compile-narrow.ts';
import { FLAG, TOPIC_POLICY, type CompiledNarrow, type Message, type NarrowChannel, type NarrowEnv } from './types.ts';

export const USERS = {
  desdemona: 1,
  iago: 2,
  hamlet: 3,
  cordelia: 4,
  othello: 5,
  polonius: 6, // guest
  prospero: 7, // deactivated
} as const;

const email = (name: string) => `${name}@zulip.com`;
const USER_BY_EMAIL = new Map(Object.entries(USERS).map(([name, id]) => [email(name), id]));
const USER_IDS = new Set<number>(Object.values(USERS));

export const CHANNELS: Record<string, NarrowChannel> = {
  Verona: { stream_id: 10, name: 'Verona', invite_only: false, is_web_public: false, history_public_to_subscribers: true },
  Denmark: { stream_id: 11, name: 'Denmark', invite_only: false, is_web_public: true, history_public_to_subscribers: true },
  'core team': { stream_id: 12, name: 'core team', invite_only: true, is_web_public: false, history_public_to_subscribers: false },
  Scotland: { stream_id: 13, name: 'Scotland', invite_only: false, is_web_public: false, history_public_to_subscribers: true },
};
const channelList = Object.values(CHANNELS);

function message(id: number, sender: number, to: string | number[], topic: string, content: string, rendered?: string): Message {
  const channel = typeof to === 'string' ? CHANNELS[to] : undefined;
  return {
    id,
    sender_id: sender,
    type: channel ? 'stream' : 'private',
    stream_id: channel ? channel.stream_id : null,
    topic,
    dm_user_ids: Array.isArray(to) ? [...new Set([...to, sender])].sort((a, b) => a - b) : [],
    content,
    rendered_content: rendered ?? `<p>${content}</p>`,
    timestamp: 1700000000 + id,
    client: 'test',
    is_me_message: false,
    reactions: [],
    last_edit_timestamp: null,
    last_moved_timestamp: null,
  };
}

const { hamlet, cordelia, othello, iago } = USERS;

export const MESSAGES: Message[] = [
  message(100, hamlet, 'Verona', 'party plans', "Let's plan a party"),
  message(101, cordelia, 'Verona', 'party plans', '@**King Hamlet** running late',
    '<p><span class="user-mention" data-user-id="3">@King Hamlet</span> running late</p>'),
  message(102, othello, 'Denmark', 'castle', 'see https://example.com',
    '<p>see <a href="https://example.com">https://example.com</a></p>'),
  message(103, iago, 'Verona', 'muted topic', 'nobody hears this'),
  message(104, iago, 'Scotland', 'unmuted topic', 'heard despite the muted channel'),
  message(105, iago, 'Scotland', 'other', 'silenced with the channel'),
  message(106, hamlet, [cordelia], '', 'hello Cordelia'),
  message(107, cordelia, [hamlet], '', 'hello Hamlet, @_**Othello, the Moor of Venice**',
    '<p>hello Hamlet, <span class="user-mention silent" data-user-id="5">Othello, the Moor of Venice</span></p>'),
  message(108, hamlet, [hamlet], '', 'note to self'),
  message(109, othello, [hamlet, cordelia], '', 'a group chat'),
  message(110, iago, 'core team', 'secret', 'plans for the castle'),
  message(111, cordelia, 'Verona', '✔ resolved thing', 'done'),
  message(112, iago, 'Verona', '', 'a message in general chat'),
  message(113, hamlet, 'Verona', 'followed topic', '[pic.png](/user_uploads/1/ab/pic.png)',
    '<p><a href="/user_uploads/1/ab/pic.png">pic.png</a></p>\n<div class="message_inline_image"><a href="/user_uploads/1/ab/pic.png" title="pic.png"><img src="/user_uploads/thumbnail/1/ab/pic.png/840x560.webp"></a></div>'),
  message(114, cordelia, [othello], '', 'between Cordelia and Othello'),
];
MESSAGES[1]!.reactions.push({ emoji_name: 'smile', emoji_code: '1f604', reaction_type: 'unicode_emoji', user_id: hamlet });

/** Hamlet's UserMessage flags; messages he has no row for are absent. */
export const HAMLET_FLAGS = new Map<number, number>([
  [100, FLAG.read],
  [101, FLAG.mentioned | FLAG.starred],
  [103, 0],
  [104, 0],
  [105, FLAG.read | FLAG.has_alert_word],
  [106, FLAG.read],
  [107, 0],
  [108, FLAG.read | FLAG.starred],
  [109, FLAG.stream_wildcard_mentioned],
  [111, FLAG.read],
  [112, FLAG.topic_wildcard_mentioned],
  [113, FLAG.read],
]);

const TOPIC_POLICIES = new Map<string, number>([
  ['10:muted topic', TOPIC_POLICY.muted],
  ['13:unmuted topic', TOPIC_POLICY.unmuted],
  ['10:followed topic', TOPIC_POLICY.followed],
]);

export function testEnv(overrides: Partial<NarrowEnv> = {}): NarrowEnv {
  return {
    viewer: { user_id: hamlet, is_guest: false },
    channel: (nameOrId) =>
      channelList.find((c) => (typeof nameOrId === 'number' ? c.stream_id === nameOrId : c.name.toLowerCase() === nameOrId.toLowerCase())),
    user: (emailOrId) => {
      if (typeof emailOrId === 'number') return USER_IDS.has(emailOrId) ? { user_id: emailOrId } : undefined;
      const id = USER_BY_EMAIL.get(emailOrId.toLowerCase());
      return id === undefined ? undefined : { user_id: id };
    },
    // Hamlet may read everything except the core team channel and Cordelia's DM with Othello.
    accessibleMessage: (id) => MESSAGES.find((m) => m.id === id && m.id !== 110 && m.id !== 114),
    hasAttachment: () => false,
    canAccessChannelHistory: (channel) => !channel.invite_only,
    isChannelMuted: (streamId) => streamId === CHANNELS.Scotland!.stream_id,
    topicPolicy: (streamId, topic) => TOPIC_POLICIES.get(`${streamId}:${topic.toLowerCase()}`) ?? TOPIC_POLICY.inherit,
    channelOf: (streamId) => channelList.find((c) => c.stream_id === streamId),
    ...overrides,
  };
}

export const compile = (narrow: readonly unknown[], env: NarrowEnv = testEnv(), options: CompileOptions = {}): CompiledNarrow =>
  compileNarrow(narrow, env, options);

/** Ids of the messages a narrow matches, with Hamlet's flags (undefined without a row). */
export function matchingIds(narrow: readonly unknown[], env: NarrowEnv = testEnv(), options: CompileOptions = {}): number[] {
  const compiled = compile(narrow, env, options);
  return MESSAGES.filter((m) => compiled.matches(m, HAMLET_FLAGS.get(m.id))).map((m) => m.id);
}

/** The error a narrow raises: [class name, message]. */
export function errorOf(narrow: readonly unknown[], env: NarrowEnv = testEnv(), options: CompileOptions = {}): [string, string] {
  try {
    compileNarrow(narrow, env, options);
  } catch (error) {
    if (error instanceof Error) return [error.constructor.name, error.message];
    throw error;
  }
  throw new Error(`no error for ${JSON.stringify(narrow)}`);
}

export const op = (operator: string, operand: unknown, negated?: boolean) =>
  negated === undefined ? { operator, operand } : { operator, operand, negated };
