// The families of the property suite: what each covers, how the suite finds out whether
// the target serves it (a request that changes nothing and that a server without the
// family answers 404), what it needs of the profile, and its commands with their weights.
// A family the target does not serve is skipped, and the report says why.
import fc from 'fast-check';
import type { Capability } from '../schema.ts';
import type { Command } from './command.ts';
import { AddUser } from './commands/add-user.ts';
import { AdminChange, ADMIN_CHANGES, CheckChannelViews } from './commands/channel-admin.ts';
import { ApplyEvents } from './commands/apply-events.ts';
import { CheckChannels } from './commands/check-channels.ts';
import { CheckGroups } from './commands/check-groups.ts';
import { CheckItems } from './commands/check-items.ts';
import { CreateChannel } from './commands/create-channel.ts';
import { CreateGroup } from './commands/create-group.ts';
import { CreateItem } from './commands/create-item.ts';
import { ChangeRole } from './commands/change-role.ts';
import { DeactivateUser } from './commands/deactivate-user.ts';
import { DeleteMessage } from './commands/delete-message.ts';
import { RegisterDevice, RemoveDevice } from './commands/devices.ts';
import { FetchMessages } from './commands/fetch-messages.ts';
import { MatchesNarrow } from './commands/matches-narrow.ts';
import { EditContent } from './commands/edit-content.ts';
import { MoveMessages } from './commands/move-messages.ts';
import { ReadChannel } from './commands/read-channel.ts';
import { CheckReactions, React, ReactionPoll, ReactionQueue } from './commands/react.ts';
import { JoinAndRead } from './commands/join-and-read.ts';
import { PollEvents } from './commands/poll-events.ts';
import { RegisterQueue } from './commands/register-queue.ts';
import { ReportMessage } from './commands/report-message.ts';
import { SendChannel } from './commands/send-channel.ts';
import { SendDirect } from './commands/send-direct.ts';
import { Subscribe } from './commands/subscribe.ts';
import { TouchItem } from './commands/touch-item.ts';
import { Typing } from './commands/typing.ts';
import { Unsubscribe } from './commands/unsubscribe.ts';
import { UpdateSubgroups } from './commands/update-subgroups.ts';
import { UpdateGroupMembers } from './commands/update-group-members.ts';
import { FlagMessages } from './commands/flag-messages.ts';
import { MarkRead } from './commands/mark-read.ts';
import { FlagsNarrow } from './commands/flags-narrow.ts';
import { ChangeSetting, CheckUserState, CompareUserState, FollowUserState, SETTING_POOL, SetTopicPolicy, SnippetCommand } from './commands/user-state.ts';
import { AlertWords, CheckStatus, MuteUser, ReportPresence, SetStatus } from './commands/status.ts';
import { StatusApplyEvents, StatusRegisterQueue } from './commands/status-frame.ts';
import { Download, ShareFile, Upload } from './commands/files.ts';
import { AddEmoji, CheckEmoji, EmojiApplyEvents, EmojiRegisterQueue, RemoveEmoji } from './commands/custom-emoji.ts';
import { CLIENTS } from './follow.ts';
import { OPERATORS } from './narrows.ts';

export { FAMILIES, type Family } from './family.ts';
import { FAMILIES, type Family } from './family.ts';

export interface FamilySpec {
  what: string;
  /** A request that changes nothing; a 404 means the target does not serve the family. */
  probe?: { method: 'GET' | 'POST'; path: string };
  /** Capabilities it needs (deactivation is destructive: only where the target can be reset). */
  needs?: Capability[];
  commands: () => Array<fc.WeightedArbitrary<Command>>;
  /** Commands that open and close every generated sequence while the family runs, drawn with the sequence. */
  frame?: () => fc.Arbitrary<Frame>;
}

export interface Frame {
  first: Command[];
  last: Command[];
}

/**
 * Positions wrap around the model's lists (actors in the profile's order, the run's things
 * newest first). Small numbers are likelier, so that commands meet: the user who made a
 * channel is often the one who subscribes another, who is often the one who reads it.
 */
const who = fc.oneof({ weight: 3, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.nat(11) });
const at = fc.oneof({ weight: 3, arbitrary: fc.nat(1) }, { weight: 1, arbitrary: fc.nat(15) });
const people = fc.array(who, { minLength: 1, maxLength: 3 });
const terms = fc.array(fc.record({ op: fc.nat(OPERATORS.length - 1), n: fc.nat(15), negated: fc.boolean() }), { maxLength: 3 });
const w = <T extends Command>(weight: number, arbitrary: fc.Arbitrary<T>): fc.WeightedArbitrary<Command> => ({ weight, arbitrary });

export const FAMILY_SPECS: Record<Family, FamilySpec> = {
  channels: {
    what: 'channel creation (public, private with shared or protected history, web-public), subscribing and unsubscribing oneself and others, what subscription lists, channel lists and topics show',
    commands: () => [
      w(4, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(4, fc.tuple(who, at, who).map(([a, c, t]) => new Subscribe(a, c, t))),
      w(3, fc.tuple(who, at, who).map(([a, c, t]) => new JoinAndRead(a, c, t))),
      w(3, fc.tuple(who, at, who).map(([a, c, t]) => new Unsubscribe(a, c, t))),
      w(2, fc.tuple(who, at).map(([a, c]) => new CheckChannels(a, c))),
    ],
  },
  messages: {
    what: 'sending to channels and users, GET /messages with random narrows and anchors, matches_narrow, deleting and reporting',
    commands: () => [
      w(5, fc.tuple(who, at, fc.nat(2), fc.nat(3)).map(([a, c, t, x]) => new SendChannel(a, c, t, x))),
      w(3, fc.tuple(who, people, fc.nat(3)).map(([a, to, x]) => new SendDirect(a, to, x))),
      w(
        5,
        fc
          .tuple(who, terms, fc.nat(4), fc.nat(3), fc.nat(3), fc.boolean(), fc.nat(5))
          .map(([a, t, anchor, b, af, inc, ids]) => new FetchMessages(a, t, anchor, b, af, inc, ids === 0)),
      ),
      w(3, fc.tuple(who, at, fc.option(fc.nat(2))).map(([a, c, t]) => new ReadChannel(a, c, t))),
      w(1, fc.tuple(who, fc.array(at, { minLength: 1, maxLength: 4 }), terms).map(([a, p, t]) => new MatchesNarrow(a, p, t))),
      w(2, fc.tuple(who, at).map(([a, x]) => new DeleteMessage(a, x))),
      w(1, fc.tuple(who, at, fc.nat(4)).map(([a, x, t]) => new ReportMessage(a, x, t))),
    ],
  },
  groups: {
    what: 'user groups with members and subgroups (no cycles), members added and removed, and what GET /user_groups shows',
    commands: () => [
      w(2, fc.tuple(who, people, fc.array(at, { maxLength: 2 })).map(([a, mem, sub]) => new CreateGroup(a, mem, sub))),
      w(2, fc.tuple(who, at, fc.array(at, { minLength: 1, maxLength: 2 })).map(([a, g, add]) => new UpdateSubgroups(a, g, add))),
      w(2, fc.tuple(who, at, people).map(([a, g, p]) => new UpdateGroupMembers(a, g, p))),
      w(1, who.map((a) => new CheckGroups(a))),
    ],
  },
  users: {
    what: 'users added through the control surface, their deactivation, and role changes (the organization never loses its last owner)',
    needs: ['control'],
    commands: () => [
      w(1, fc.boolean().map((g) => new AddUser(g))),
      w(1, fc.tuple(who, fc.nat(3)).map(([a, t]) => new DeactivateUser(a, t))),
      w(1, fc.tuple(who, fc.nat(3), fc.nat(4)).map(([a, t, role]) => new ChangeRole(a, t, role))),
    ],
  },
  events: {
    what: "event queues (POST /register and its initial state, GET /events): every event is about something its owner may see, and a registration's state with its queue's events applied is a fresh registration's",
    commands: () => [
      w(2, fc.tuple(who, fc.nat(2), fc.nat(CLIENTS.length - 1)).map(([a, k, c]) => new RegisterQueue(a, k, c))),
      w(4, fc.nat(7).map((q) => new PollEvents(q))),
      w(2, fc.nat(7).map((q) => new ApplyEvents(q))),
    ],
    // A queue followed from the start and checked at the end: the apply_events contract
    // over the whole sequence, whatever its own RegisterQueue and ApplyEvents commands meet.
    frame: () => fc.tuple(who, fc.nat(CLIENTS.length - 1)).map(([a, c]) => ({ first: [new RegisterQueue(a, 0, c)], last: [new ApplyEvents(0, true)] })),
  },
  typing: {
    what: 'typing notifications to users and in channels',
    probe: { method: 'POST', path: '/api/v1/typing' },
    commands: () => [w(2, fc.tuple(who, people, fc.option(at), fc.boolean()).map(([a, to, c, stop]) => new Typing(a, to, c, stop)))],
  },
  drafts: {
    what: 'drafts: created, edited, deleted and listed by their owner only',
    probe: { method: 'GET', path: '/api/v1/drafts' },
    commands: () => [w(2, fc.tuple(who, who).map(([a, o]) => new CreateItem(a, 'draft', o)))],
  },
  scheduled: {
    what: 'scheduled messages: created, edited, deleted and listed by their owner only',
    probe: { method: 'GET', path: '/api/v1/scheduled_messages' },
    commands: () => [w(2, fc.tuple(who, who).map(([a, o]) => new CreateItem(a, 'scheduled', o)))],
  },
  reminders: {
    what: 'message reminders: set for messages the user may see, deleted and listed by their owner only',
    probe: { method: 'GET', path: '/api/v1/reminders' },
    commands: () => [w(2, fc.tuple(who, at).map(([a, x]) => new CreateItem(a, 'reminder', x)))],
  },
  moves: {
    what: 'editing and moving messages (PATCH /messages/{id}): topic and channel moves by every propagate_mode, content edits; no message lost, duplicated or newly seen by someone who may not, search following the new content',
    probe: { method: 'GET', path: '/api/v1/messages/999999999/history' },
    commands: () => [
      w(2, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(3, fc.tuple(who, at, who).map(([a, c, t]) => new Subscribe(a, c, t))),
      w(1, fc.tuple(who, at, who).map(([a, c, t]) => new Unsubscribe(a, c, t))),
      w(5, fc.tuple(who, at, fc.nat(2), fc.nat(3)).map(([a, c, t, x]) => new SendChannel(a, c, t, x))),
      w(5, fc.tuple(who, at, fc.option(at, { freq: 2 }), fc.nat(3), fc.nat(2)).map(([a, x, c, t, mode]) => new MoveMessages(a, x, c, t, mode))),
      w(2, fc.tuple(who, at).map(([a, x]) => new EditContent(a, x))),
      w(2, fc.tuple(who, at, fc.option(fc.nat(2))).map(([a, c, t]) => new ReadChannel(a, c, t))),
    ],
  },
  unread: {
    what:
      "personal message flags (POST /messages/flags) and marking all, a channel or a topic read: the answers, historical rows, flag events only to the acting user, and the unread state and starred messages a client derives from the events equal to a fresh registration's",
    probe: { method: 'POST', path: '/api/v1/mark_topic_as_read' },
    commands: () => [
      w(2, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(1, fc.tuple(who, at, who).map(([a, c, t]) => new Subscribe(a, c, t))),
      w(1, fc.tuple(who, at, who).map(([a, c, t]) => new Unsubscribe(a, c, t))),
      w(3, fc.tuple(who, at, fc.nat(2), fc.nat(3)).map(([a, c, t, x]) => new SendChannel(a, c, t, x))),
      w(2, fc.tuple(who, people, fc.nat(3)).map(([a, to, x]) => new SendDirect(a, to, x))),
      w(1, fc.tuple(who, at).map(([a, x]) => new DeleteMessage(a, x))),
      w(
        6,
        fc
          .tuple(who, fc.array(at, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat(2) }))
          .map(([a, p, add, f]) => new FlagMessages(a, p, add, f)),
      ),
      w(2, fc.tuple(who, fc.nat(2), at, fc.nat(2)).map(([a, k, c, t]) => new MarkRead(a, k, c, t))),
      w(2, fc.tuple(who, at, fc.boolean(), fc.nat(1), fc.nat(6)).map(([a, c, add, f, n]) => new FlagsNarrow(a, c, add, f, n))),
    ],
    // A queue followed from the start and held to a fresh registration at the end, as the events family's.
    frame: () => fc.tuple(who, fc.nat(CLIENTS.length - 1)).map(([a, c]) => ({ first: [new UnreadRegister(a, 0, c)], last: [new UnreadApplyEvents(0, true)] })),
  },
  devices: {
    what: 'client devices for push registration: removed by their owner only',
    probe: { method: 'POST', path: '/api/v1/remove_client_device' },
    commands: () => [w(1, who.map((a) => new RegisterDevice(a))), w(1, fc.tuple(who, fc.nat(3)).map(([a, d]) => new RemoveDevice(a, d)))],
  },
  reactions: {
    what: 'emoji reactions on channel and direct messages: only by users who may see the message (others answered as for a missing message), once per user and emoji, removed by their maker only, shown on the fetched message in order; no reaction event reaches a queue whose owner cannot see the message',
    probe: { method: 'GET', path: '/api/v1/realm/emoji' },
    // Channels, messages and queues of its own, so that it runs alone too.
    commands: () => [
      w(2, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(2, fc.tuple(who, at, who).map(([a, c, t]) => new Subscribe(a, c, t))),
      w(1, fc.tuple(who, at, who).map(([a, c, t]) => new Unsubscribe(a, c, t))),
      w(3, fc.tuple(who, at, fc.nat(2), fc.nat(3)).map(([a, c, t, x]) => new SendChannel(a, c, t, x))),
      w(2, fc.tuple(who, people, fc.nat(3)).map(([a, to, x]) => new SendDirect(a, to, x))),
      w(6, fc.tuple(who, at, fc.nat(4), fc.nat(3)).map(([a, x, e, rm]) => new React(a, x, e, rm === 0))),
      w(2, fc.tuple(who, at).map(([a, x]) => new CheckReactions(a, x))),
      w(1, fc.tuple(who, fc.nat(2), fc.nat(CLIENTS.length - 1)).map(([a, k, c]) => new ReactionQueue(a, k, c))),
      w(2, fc.nat(7).map((q) => new ReactionPoll(q))),
    ],
  },
  'user-state': {
    what: "personal settings, topic visibility policies and saved snippets: each its user's alone, shown back by GET /saved_snippets and a registration, and a followed registration's state with its queue's events applied is a fresh registration's",
    probe: { method: 'GET', path: '/api/v1/saved_snippets' },
    commands: () => [
      w(1, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(3, fc.tuple(who, fc.nat(SETTING_POOL.length - 1), fc.nat(3), fc.nat(5)).map(([a, s, v, bad]) => new ChangeSetting(a, s, v, bad === 0))),
      w(3, fc.tuple(who, at, fc.nat(3), fc.nat(3)).map(([a, c, t, p]) => new SetTopicPolicy(a, c, t, p))),
      w(2, fc.tuple(who, fc.nat(2), at).map(([a, op, i]) => new SnippetCommand(a, op, i))),
      w(1, who.map((a) => new CheckUserState(a))),
    ],
    frame: () => fc.tuple(who, fc.nat(CLIENTS.length - 1)).map(([a, c]) => ({ first: [new FollowUserState(a, 0, c)], last: [new CompareUserState(0, true)] })),
  },
  status: {
    what: "presence reports, statuses, muted users and alert words: each user's mutes and alert words are theirs alone",
    probe: { method: 'GET', path: '/api/v1/users/me/alert_words' },
    commands: () => [
      w(2, fc.tuple(who, fc.boolean(), fc.boolean()).map(([a, act, slim]) => new ReportPresence(a, act, slim))),
      w(2, fc.tuple(who, fc.option(fc.nat(3)), fc.option(fc.nat(2))).map(([a, t, e]) => new SetStatus(a, t, e))),
      w(2, fc.tuple(who, who, fc.boolean()).map(([a, t, un]) => new MuteUser(a, t, un))),
      w(2, fc.tuple(who, fc.boolean(), fc.array(fc.nat(3), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([a, rm, ws, up]) => new AlertWords(a, rm, ws, up))),
      w(1, who.map((a) => new CheckStatus(a))),
    ],
    // Two registrations followed from the start (every capability: presence in the modern
    // format; none: the legacy one) and checked at the end: the statuses, mutes and alert
    // words their events build equal a fresh registration's.
    frame: () =>
      fc.tuple(who, who).map(([a, b]) => ({ first: [new StatusRegisterQueue(a, 0, 0), new StatusRegisterQueue(b, 0, 1)], last: [new StatusApplyEvents(0, true)] })),
  },
  'channel-admin': {
    what: 'administrative channel changes (PATCH /streams/{id}: rename, privacy, can_administer_channel_group) by whoever tries them: no change lets a user see a channel, message or subscriber list they could not see before, unless it grants it; GET /streams/{id}, its members and subscription status agree with the model',
    probe: { method: 'GET', path: '/api/v1/streams/999999999' },
    // Channels, subscribers and messages of its own, so that it runs alone too.
    commands: () => [
      w(2, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(2, fc.tuple(who, at, who).map(([a, c, t]) => new Subscribe(a, c, t))),
      w(2, fc.tuple(who, at, fc.nat(2), fc.nat(3)).map(([a, c, t, x]) => new SendChannel(a, c, t, x))),
      w(4, fc.tuple(who, at, fc.nat(ADMIN_CHANGES.length - 1), who).map(([a, c, k, t]) => new AdminChange(a, c, k, t))),
      w(3, fc.tuple(who, at).map(([a, c]) => new CheckChannelViews(a, c))),
      w(2, fc.tuple(who, at).map(([a, c]) => new CheckChannels(a, c))),
      w(2, fc.tuple(who, at, fc.option(fc.nat(2))).map(([a, c, t]) => new ReadChannel(a, c, t))),
    ],
  },
  files: {
    what: 'uploaded files: downloaded by their uploader and by whoever may see a message that links them, by nobody else (403); a message claims only a file its sender may download; deleting it takes that access back',
    probe: { method: 'GET', path: '/api/v1/attachments' },
    // Channels and messages of its own, so that it runs alone too.
    commands: () => [
      w(2, fc.tuple(who, fc.nat(3), fc.array(who, { maxLength: 2 })).map(([a, k, o]) => new CreateChannel(a, k, o))),
      w(2, fc.tuple(who, at, who).map(([a, c, t]) => new Subscribe(a, c, t))),
      w(1, fc.tuple(who, at, who).map(([a, c, t]) => new Unsubscribe(a, c, t))),
      w(3, who.map((a) => new Upload(a))),
      w(4, fc.tuple(who, at, people, fc.option(at, { freq: 2 })).map(([a, f, to, c]) => new ShareFile(a, f, to, c))),
      w(6, fc.tuple(who, at).map(([a, f]) => new Download(a, f))),
      w(1, fc.tuple(who, at).map(([a, x]) => new DeleteMessage(a, x))),
    ],
  },
  'custom-emoji': {
    what: "custom emoji added and deactivated by whoever tries: a taken or missing name, a guest, a file that is no image, another member's emoji get the real refusals; GET /realm/emoji lists the run's active names with their authors; realm_emoji events build what a fresh registration gives",
    probe: { method: 'GET', path: '/api/v1/realm/emoji' },
    commands: () => [
      w(4, fc.tuple(who, fc.nat(2), fc.nat(5)).map(([a, k, f]) => new AddEmoji(a, k, f < 4 ? 0 : f - 3))),
      w(3, fc.tuple(who, fc.nat(2)).map(([a, k]) => new RemoveEmoji(a, k))),
      w(1, who.map((a) => new CheckEmoji(a))),
    ],
    frame: () => fc.tuple(who, fc.nat(1)).map(([a, c]) => ({ first: [new EmojiRegisterQueue(a, 0, c)], last: [new EmojiApplyEvents(0, true)] })),
  },
};

/** The events family's frame commands, counted (and failing) under the unread family. */
class UnreadRegister extends RegisterQueue {
  override readonly family: Family = 'unread';
}
class UnreadApplyEvents extends ApplyEvents {
  override readonly family: Family = 'unread';
}

const TIMED_FAMILIES: readonly Family[] = ['drafts', 'scheduled', 'reminders'];

/**
 * The frames of these families as one: their first commands in family order, their last
 * ones in reverse. Each frame is left out of one sequence in ten, and shrinking leaves it
 * out when the failure does not need it.
 */
export function frameFor(families: ReadonlySet<Family>): fc.Arbitrary<Frame> {
  const frames = FAMILIES.filter((f) => families.has(f)).flatMap((f) => {
    const frame = FAMILY_SPECS[f].frame;
    return frame !== undefined ? [fc.option(frame(), { nil: null, freq: 10 })] : [];
  });
  return fc.tuple(...frames).map((all) => {
    const fs = all.filter((f): f is Frame => f !== null);
    return { first: fs.flatMap((f) => f.first), last: fs.reverse().flatMap((f) => f.last) };
  });
}

/** The commands of these families, weighted, as one arbitrary; editing and listing personal items join any of their families. */
export function commandsFor(families: ReadonlySet<Family>): fc.Arbitrary<Command> {
  const all = [...families].flatMap((f) => FAMILY_SPECS[f].commands());
  if (TIMED_FAMILIES.some((f) => families.has(f))) {
    all.push(w(3, fc.tuple(who, at, fc.boolean()).map(([a, i, rm]) => new TouchItem(a, i, rm))), w(1, who.map((a) => new CheckItems(a))));
  }
  return fc.oneof(...all);
}
