// After a move (zulip/zulip zerver/actions/message_edit.py do_update_message, its second
// half): topic visibility policies that move with a whole topic (merged into an existing
// one by get_visibility_policy_after_merge), the sender's automatic follow of a topic
// their message now starts, resolve notices (maybe_send_resolve_topic_notifications,
// with the undo grace period) and the Notification Bot's breadcrumbs
// (send_message_moved_breadcrumbs), texts as zerver/tests/test_message_move_topic.py
// and test_message_move_stream.py expect them.
import { hasMessageAccess } from '../domain/messages.ts';
import { encodeChannel, encodeHashComponent } from '../render/urls.ts';
import { topicKey } from '../state/message-index.ts';
import type { Channel, Message } from '../state/types.ts';
import type { World } from '../world.ts';
import { doDeleteMessage } from './delete-message.ts';
import { internalSend, notificationBot } from './internal-send.ts';
import type { EditPlan } from './message-edit.ts';
import { silentMention } from './subscription-notices.ts';
import { VISIBILITY } from './topic-visibility.ts';

export interface MoveFacts {
  plan: EditPlan;
  movedIds: number[];
  losingAccess: ReadonlySet<number>;
  targetTopicHadMessages: boolean;
  /** Set by migrateTopicVisibility: did the mover move every message of the topic they can see? */
  movedAllVisible: boolean;
  /** Set by migrateTopicVisibility (when movedAllVisible): the original topic's policies, by user. */
  origPolicies: Map<number, number>;
}

/** RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS. */
const UNDO_GRACE_SECONDS = 60;

/** Users with a visibility policy for the topic, and the policy (a scan of users, not of messages). */
function policiesFor(world: World, streamId: number, topic: string): Map<number, number> {
  const key = topicKey(streamId, topic);
  const out = new Map<number, number>();
  for (const [userId, topics] of world.store.data.userTopics) {
    const row = topics.get(key);
    if (row) out.set(userId, row.visibility_policy);
  }
  return out;
}

/** get_visibility_policy_after_merge: the more visible of the two. */
function merged(a: number, b: number): number {
  const both = new Set([a, b]);
  if (both.has(VISIBILITY.followed)) return VISIBILITY.followed;
  if (both.has(VISIBILITY.unmuted)) return VISIBILITY.unmuted;
  if (both.has(VISIBILITY.inherit)) return VISIBILITY.inherit;
  return VISIBILITY.muted;
}

function setPolicy(world: World, userId: number, streamId: number, topic: string, policy: number): void {
  const store = world.store;
  store.setTopicPolicy(userId, streamId, topic, policy, world.nowSeconds());
  store.emit([userId], { type: 'user_topic', stream_id: streamId, topic_name: topic, last_updated: world.nowSeconds(), visibility_policy: policy });
}

/** Whether the move took the whole topic (as the mover sees it), and the policies that follow. */
export function migrateTopicVisibility(world: World, facts: MoveFacts): void {
  const store = world.store;
  const { plan } = facts;
  const orig = plan.orig as Channel;
  const target = plan.target as Channel;
  if (plan.propagateMode === 'change_all') facts.movedAllVisible = true;
  else {
    const left = store.topicMessageIds(orig.stream_id, plan.origTopic);
    facts.movedAllVisible = !left.some((id) => hasMessageAccess(store, plan.actor, store.message(id) as Message, world.nowMs()));
  }
  if (facts.movedAllVisible) {
    const origPolicies = policiesFor(world, orig.stream_id, plan.origTopic);
    facts.origPolicies = origPolicies;
    const targetPolicies = policiesFor(world, target.stream_id, plan.targetTopic);
    const users = [...new Set([...origPolicies.keys(), ...targetPolicies.keys()])].sort((a, b) => a - b);
    for (const userId of users) {
      if (plan.streamEdited && facts.losingAccess.has(userId)) {
        if (origPolicies.has(userId)) setPolicy(world, userId, orig.stream_id, plan.origTopic, VISIBILITY.inherit);
        continue;
      }
      const o = origPolicies.get(userId) ?? VISIBILITY.inherit;
      const t = targetPolicies.get(userId) ?? VISIBILITY.inherit;
      if (o !== VISIBILITY.inherit) setPolicy(world, userId, orig.stream_id, plan.origTopic, VISIBILITY.inherit);
      const next = facts.targetTopicHadMessages ? merged(o, t) : o;
      if (next === t && store.topicPolicy(userId, target.stream_id, plan.targetTopic) === t) continue;
      setPolicy(world, userId, target.stream_id, plan.targetTopic, next);
    }
    return;
  }
  // Part of the topic moved: the sender follows the target topic if their message now starts it.
  const m = plan.message;
  const sender = store.user(m.sender_id);
  if (!sender || sender.is_bot || facts.losingAccess.has(sender.user_id)) return;
  const earlier = store
    .topicMessageIds(target.stream_id, plan.targetTopic)
    .find((id) => !facts.movedIds.includes(id) && hasMessageAccess(store, sender, store.message(id) as Message, world.nowMs()));
  if (earlier !== undefined && earlier < m.id) return;
  if (store.topicPolicy(sender.user_id, target.stream_id, plan.targetTopic) !== VISIBILITY.followed) {
    setPolicy(world, sender.user_id, target.stream_id, plan.targetTopic, VISIBILITY.followed);
  }
}

/** get_stream_topic_link_syntax. */
function topicLink(channel: Channel, topic: string): string {
  if (!/[`>*&[\]]|\$\$/.test(topic) && !/[`>*&[\]]|\$\$/.test(channel.name)) return `#**${channel.name}>${topic}**`;
  const escape = (s: string) =>
    s.replace(/[`>*&[\]]|\$\$/g, (c) => ({ '`': '&#96;', '>': '&gt;', '*': '&#42;', '&': '&amp;', $$: '&#36;&#36;', '[': '&#91;', ']': '&#93;' })[c] ?? c);
  const shown = topic === '' ? 'general chat' : topic;
  return `[#${escape(channel.name)} > ${escape(shown)}](#narrow/channel/${encodeChannel(channel.stream_id, channel.name)}/topic/${encodeHashComponent(topic)})`;
}

/** Resolve notices, then the breadcrumbs in the new and the old topic. */
export function sendMoveNotices(world: World, facts: MoveFacts): void {
  const store = world.store;
  const { plan } = facts;
  const actor = plan.actor;
  const orig = plan.orig as Channel;
  const target = plan.target as Channel;
  const bot = notificationBot(world);
  const toggled = plan.resolved || plan.unresolved;
  let resolvedNoticeId: number | null = null;

  if (plan.topicEdited && plan.content === null && !plan.streamEdited && toggled) {
    resolvedNoticeId = resolveNotice(world, facts);
  }

  const count = facts.movedIds.length;
  const user = silentMention(actor);
  let oldText: string | null = null;
  if (plan.notifyOld) {
    const where = topicLink(target, plan.targetTopic);
    if (facts.movedAllVisible) oldText = `This topic was moved to ${where} by ${user}.`;
    else if (count === 1) oldText = `A message was moved from this topic to ${where} by ${user}.`;
    else oldText = `${count} messages were moved from this topic to ${where} by ${user}.`;
  }
  let newText: string | null = null;
  if (plan.notifyNew && (plan.streamEdited || (plan.topicEdited && !toggled))) {
    const moved = new Set(facts.movedIds);
    const preexisting = store
      .topicMessageIds(target.stream_id, plan.targetTopic)
      .some((id) => !moved.has(id) && id !== resolvedNoticeId && hasMessageAccess(store, actor, store.message(id) as Message, world.nowMs()));
    const from = topicLink(orig, plan.origTopic);
    if (!preexisting && facts.movedAllVisible) newText = `This topic was moved here from ${from} by ${user}.`;
    else if (count === 1) {
      const link = `${store.realm.url}/#narrow/channel/${encodeChannel(target.stream_id, target.name)}/topic/${encodeHashComponent(plan.targetTopic)}/near/${plan.message.id}`;
      newText = `[A message](${link}) was moved here from ${from} by ${user}.`;
    } else newText = `${count} messages were moved here from ${from} by ${user}.`;
  }
  const readByActor = new Set([actor.user_id]);
  if (newText !== null) internalSend(world, bot, { stream_id: target.stream_id, topic: plan.targetTopic }, newText, readByActor);
  if (oldText !== null) internalSend(world, bot, { stream_id: orig.stream_id, topic: plan.origTopic }, oldText, readByActor);
}

const RESOLVE_NOTICE = /^@_\*\*[^*]*\|\d+\*\* has marked this topic as (un)?resolved\.$/;

/**
 * The resolve notice (or, within the undo grace period after one, the removal of that
 * one instead). Unread for the followers of the topic (resolved_topic_notice_auto_read_policy
 * "except_followed", the default), read for everyone else.
 */
function resolveNotice(world: World, facts: MoveFacts): number | null {
  const store = world.store;
  const { plan } = facts;
  const orig = plan.orig as Channel;
  const lastId = store.topicMessageIds(orig.stream_id, plan.targetTopic).at(-1);
  const last = lastId === undefined ? undefined : store.message(lastId);
  // NOTE: approximation: the real server marks a resolve notice by its message type; here it
  // is Notification Bot's message with a notice's text.
  if (last && last.sender_id === notificationBot(world).user_id && RESOLVE_NOTICE.test(last.content) && world.nowSeconds() - last.timestamp <= UNDO_GRACE_SECONDS) {
    doDeleteMessage(world, plan.actor, last);
    return null;
  }
  const following = facts.movedAllVisible
    ? new Set([...facts.origPolicies].filter(([, p]) => p === VISIBILITY.followed).map(([id]) => id))
    : new Set([...policiesFor(world, orig.stream_id, plan.targetTopic)].filter(([, p]) => p === VISIBILITY.followed).map(([id]) => id));
  const readBy = new Set<number>([plan.actor.user_id]);
  for (const id of store.subscribers(orig.stream_id)) {
    const u = store.user(id);
    if (u && (u.is_bot || !following.has(id))) readBy.add(id);
  }
  const text = `${silentMention(plan.actor)} has marked this topic as ${plan.resolved ? 'resolved' : 'unresolved'}.`;
  return internalSend(world, notificationBot(world), { stream_id: orig.stream_id, topic: plan.targetTopic }, text, readBy).id;
}
