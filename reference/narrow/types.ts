// The narrow language's boundary. narrow/ knows messages and flags (state/types.ts,
// types and constants only) but not the store: what it needs to look up comes
// through NarrowEnv, and what it produces is a CompiledNarrow that the messages
// endpoint runs over the store's indexes.
//
// This is the only file of narrow/ that reaches into state/: the rest of the folder
// imports Message and FLAG from here, so the layering exception is one line wide.
import type { Message } from '../state/types.ts';

export type { Message } from '../state/types.ts';
export { FLAG } from '../state/types.ts';

export interface NarrowChannel {
  stream_id: number;
  name: string;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
}

/** UserTopic.VisibilityPolicy (zerver/models/user_topics.py). */
export const TOPIC_POLICY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export interface NarrowEnv {
  /**
   * The viewer: a logged-in user, or for a logged-out spectator's query on the web
   * app's GET /json/messages (zerver/lib/rest.py rest_dispatch serves spectators only on
   * /json paths) an id no user has (domain/narrow-env.ts spectatorNarrowEnv).
   */
  viewer: { user_id: number; is_guest: boolean };
  /**
   * Any channel of the realm, archived ones included, whether or not the viewer may
   * see it: a string is a name (case-insensitive), a number an id. The real server
   * looks channels up "access unchecked" (get_stream_by_narrow_operand_access_unchecked)
   * and lets the access rules empty the result, so a private channel's name is not
   * `unknown channel`.
   */
  channel(nameOrId: string | number): NarrowChannel | undefined;
  /** A user by email (case-insensitive) or id; deactivated users and cross-realm bots included. */
  user(emailOrId: string | number): { user_id: number } | undefined;
  /**
   * A message the viewer may read (for `with`), else undefined (access_message).
   */
  accessibleMessage(id: number): Message | undefined;
  /** May the viewer read this channel's history without having received it? */
  canAccessChannelHistory(channel: NarrowChannel): boolean;
  /** Is the viewer muting this channel (an active subscription with is_muted)? */
  isChannelMuted(streamId: number): boolean;
  /** The viewer's topic visibility policy (TOPIC_POLICY), topic compared case-insensitively. */
  topicPolicy(streamId: number, topic: string): number;
  /** The channel a message is in, for `channels:public` / `channels:web-public`. */
  channelOf(streamId: number): NarrowChannel | undefined;
  /** Has the message claimed an uploaded file (Message.has_attachment, for `has:attachment`)? */
  hasAttachment(messageId: number): boolean;
}

/** A narrow term after validation, with aliases resolved. */
export interface Term {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

/**
 * Where every match of a narrow can be found: the endpoint picks the index.
 * `topic` is matched case-insensitively; `dm` lists the conversation's users,
 * viewer included, ascending; `viewer` is the viewer's own UserMessage rows, `unread`
 * those of them without the read flag.
 */
export type Source =
  | { kind: 'all' }
  | { kind: 'viewer' }
  /** The viewer's unread rows (an index of their own). */
  | { kind: 'unread' }
  | { kind: 'channel'; stream_id: number }
  | { kind: 'topic'; stream_id: number; topic: string }
  | { kind: 'dm'; user_ids: number[] }
  | { kind: 'sender'; user_id: number }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'none' };

export interface Highlight {
  match_content: string;
  match_subject: string;
}

export interface CompiledNarrow {
  /** The narrow as built: aliases resolved, `with` expanded. */
  terms: Term[];
  /** Search beyond the viewer's own UserMessage rows (ok_to_include_history). */
  includeHistory: boolean;
  /** Every match lies in this source (intersected with what the viewer may see). */
  source: Source;
  /** Does the message match? `flags` are the viewer's flag bits, undefined without a UserMessage row. */
  matches(message: Message, flags: number | undefined): boolean;
  /**
   * match_content / match_subject. Present when the narrow has a `search` term, and
   * always for matches_narrow (then without highlights when there is no search term).
   */
  highlight: ((message: Message) => Highlight) | null;
  /**
   * find_first_unread_anchor skips unread messages hidden by muting
   * (exclude_muting_conditions with this narrow): true for such a message.
   */
  mutedForFirstUnread(message: Message): boolean;
  /**
   * The stems every match must contain (from `search` terms), or null without one:
   * a caller with an inverted index may take its postings as candidates.
   */
  searchStems: ReadonlySet<string> | null;
}

/** A narrow the real server rejects: BAD_NARROW `Invalid narrow operator: {desc}`. */
export class NarrowError extends Error {
  constructor(
    readonly desc: string,
    /** 'operator' (Invalid narrow operator: …) or 'combination' (Invalid narrow operator combination: …) */
    readonly kind: 'operator' | 'combination' = 'operator',
  ) {
    super(desc);
  }
}

/** A malformed narrow parameter (not a list of terms): BAD_REQUEST with this message. */
export class NarrowParamError extends Error {}
