// The records of the property suite's model (model.ts): actors, and the channels,
// messages, groups, personal items and queues a run created. Plain types, so that the
// model and the access rules (access.ts) can both use them.
import type { ClientState } from '../../reference/testing/apply-events.ts';
import type { As } from '../schema.ts';

export interface Actor {
  /** 'member' for a profile role; 'u1' for a user added through control. */
  key: string;
  as: As;
  /** The template of the user's id: ${user:member.id}, ${u1_id}. */
  idRef: string;
  /** The template of the user's email. */
  emailRef: string;
  /** The id on the target. */
  id: number;
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  role: number;
  bot: boolean;
  botOwner: number | null;
  active: boolean;
}

export interface MChannel {
  /** The variable holding its id (c3); the name, templated (p${uniq}c3). */
  v: string;
  name: string;
  id: number;
  invite: boolean;
  /** History public to subscribers (always, for public channels). */
  shared: boolean;
  webPublic: boolean;
  creator: number;
  subscribers: Set<number>;
  /** can_administer_channel_group's members, where the run changed it (else the creator alone). */
  administrators?: Set<number>;
}

export interface MMessage {
  v: string;
  id: number;
  channel: MChannel | null;
  topic: string;
  sender: number;
  /** Who holds a UserMessage row: received it, or sent it. */
  receivers: Set<number>;
  deleted: boolean;
}

export interface MGroup {
  v: string;
  name: string;
  id: number;
  members: Set<number>;
  /** Direct subgroups, by id. */
  subgroups: Set<number>;
}

export type ItemKind = 'draft' | 'scheduled' | 'reminder' | 'device';

export interface MItem {
  kind: ItemKind;
  v: string;
  id: number;
  owner: number;
}

export interface MQueue {
  v: string;
  owner: Actor;
  last: number;
  /** The client state the queue's events are applied to (ApplyEvents), if it is followed. */
  follow?: Followed;
  /** The event type that ended the following (one the applier does not know: follow.ts). */
  unfollowed?: string;
}

/** A registration's state, followed through its queue's events as a client would (follow.ts). */
export interface Followed {
  /** Which registration (follow.ts CLIENTS), and its POST /register parameters, to register again alike. */
  client: string;
  params: Record<string, unknown>;
  /** The registration's state with every event polled since applied. */
  state: ClientState;
  /** Events applied so far. */
  events: number;
}
