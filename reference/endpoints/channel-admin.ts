// One channel read, changed, archived; its subscribers and email address; a user's
// subscription status; the default channels. zulip/zulip zerver/views/streams.py
// (get_stream_backend, update_stream_backend, deactivate_stream_backend,
// get_subscribers_backend, get_stream_email_address, add_default_stream,
// remove_default_stream) and zerver/views/users.py (get_subscription_backend).
import { z } from 'zod';
import { checkArchiveChannel, doArchiveChannel } from '../actions/archive-channel.ts';
import { pyStrip, MAX_CHANNEL_DESCRIPTION_LENGTH } from '../actions/create-channel.ts';
import { checkAddDefaultStream, checkCanManageDefaultStreams, checkRemoveDefaultStream, doSetDefaultStream } from '../actions/default-streams.ts';
import { checkUpdateChannel, doUpdateChannel } from '../actions/update-channel.ts';
import type { GroupSettingChange } from '../actions/update-realm.ts';
import { accessChannelById, accessChannelForAdministration, formatChannel, hasChannelSetting } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { canAccessUser } from '../domain/user-access.ts';
import { inSendSetting } from '../domain/send-permission.ts';
import { isAdmin } from '../domain/users.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { groupSettingValue, json, nonNegativeInt, str } from '../request/params.ts';
import { CHANNEL_GROUP_SETTINGS, type ChannelGroupSetting, type TopicsPolicy } from '../state/types.ts';

/** GET /streams/{stream_id}: metadata access is enough; archived channels from feature level 480. */
export function getStream(ctx: Ctx): Record<string, unknown> {
  const requireActive = !atLeast(ctx.world, 'archived_channel_topics');
  const { channel } = accessChannelById(ctx.store, ctx.me, ctx.pathInt('stream_id'), ctx.nowMs(), { requireContent: false, requireActive });
  return { stream: formatChannel(ctx.store, channel, ctx.nowSeconds()) };
}

/** GET /streams/{stream_id}/members: the active subscribers, ascending. */
export function getSubscribers(ctx: Ctx): Record<string, unknown> {
  const requireActive = !atLeast(ctx.world, 'archived_channel_topics');
  const { channel } = accessChannelById(ctx.store, ctx.me, ctx.pathInt('stream_id'), ctx.nowMs(), { requireContent: false, requireActive });
  return { subscribers: ctx.store.subscribers(channel.stream_id) };
}

/** GET /users/{user_id}/subscriptions/{stream_id} (access_user_by_id, for_admin=False; bots from feature level 458). */
export function getSubscriptionStatus(ctx: Ctx): Record<string, unknown> {
  const store = ctx.store;
  const target = store.user(ctx.pathInt('user_id'));
  if (!target || target.is_system_bot) throw new BadRequest('No such user');
  if (target.is_bot && !atLeast(ctx.world, 'subscription_status_bots')) throw new BadRequest('No such user');
  if (!target.is_active) throw new BadRequest('User is deactivated');
  if (!canAccessUser(store, ctx.me, target, ctx.nowMs())) throw new BadRequest('Insufficient permission');
  const streamId = ctx.pathInt('stream_id');
  accessChannelById(store, ctx.me, streamId, ctx.nowMs(), { requireContent: false });
  return { is_subscribed: store.subscription(target.user_id, streamId) !== undefined };
}

/**
 * GET /streams/{stream_id}/email_address. Content access; from feature level 448 also the
 * permission to post. sender_id: the caller, the email gateway bot (the default) or a
 * bot the caller may administer.
 * NOTE: approximation: Understudy serves no email gateway (EMAIL_GATEWAY_PATTERN is
 * empty, the real server's default), so the address is "" as such a server answers; and
 * it has no email gateway bot, so only the caller or one of the caller's bots is a sender.
 * The real server's message for a caller who may not post is not in the 442 source; this
 * one is the send path's.
 */
export function getStreamEmailAddress(ctx: Ctx): Record<string, unknown> {
  const { sender_id } = ctx.params.read({ sender_id: json(nonNegativeInt()).optional() });
  const store = ctx.store;
  const { channel } = accessChannelById(store, ctx.me, ctx.pathInt('stream_id'), ctx.nowMs());
  if (atLeast(ctx.world, 'email_address_post_permission') && !inSendSetting(store, channel.can_send_message_group, ctx.me, ctx.nowMs())) {
    throw new BadRequest('You do not have permission to post in this channel.');
  }
  if (sender_id !== undefined && sender_id !== ctx.me.user_id) {
    const bot = store.user(sender_id);
    if (!bot || !bot.is_bot || bot.is_system_bot) throw new BadRequest('No such bot');
    if (!isAdmin(ctx.me) && bot.bot_owner_id !== ctx.me.user_id) throw new BadRequest('Insufficient permission');
  }
  return { email: '' };
}

const flagParam = () => json(z.boolean()).optional();
const change = json(z.strictObject({ new: groupSettingValue(), old: groupSettingValue().optional() }));
const TOPICS_POLICIES: readonly string[] = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'];
/** 'empty_topic_only' is a policy from feature level 404. */
const topicsPolicies = (ctx: Ctx) => (atLeast(ctx.world, 'topics_policy_empty_topic_only') ? TOPICS_POLICIES : TOPICS_POLICIES.slice(0, 3));

/** PATCH /streams/{stream_id}. */
export function updateStream(ctx: Ctx): Record<string, unknown> {
  const settings: Partial<Record<ChannelGroupSetting, GroupSettingChange>> = {};
  for (const s of CHANNEL_GROUP_SETTINGS) {
    if (!hasChannelSetting(ctx.store, s)) continue;
    const v = ctx.params.one(s, change.optional());
    if (v !== undefined) settings[s] = v;
  }
  const p = ctx.params.read({
    // pydantic's max_length counts code points, not UTF-16 units.
    description: str(
      z.string().refine((v) => [...v].length <= MAX_CHANNEL_DESCRIPTION_LENGTH, { message: `{var} is too long (limit: ${MAX_CHANNEL_DESCRIPTION_LENGTH} characters)` }),
    ).optional(),
    history_public_to_subscribers: flagParam(),
    is_default_stream: flagParam(),
    is_private: flagParam(),
    is_web_public: flagParam(),
    message_retention_days: json(z.union([z.string(), z.int()])).optional(),
    new_name: str().optional(),
    topics_policy: str(z.string().refine((v) => topicsPolicies(ctx).includes(v), { message: 'Invalid topics_policy' })).optional(),
  });
  // Parameters of later feature levels: unknown (ignored) before them.
  const isArchived = atLeast(ctx.world, 'unarchive_channel') ? ctx.params.one('is_archived', flagParam()) : undefined;
  const folderId = atLeast(ctx.world, 'channel_folder_param') ? ctx.params.one('folder_id', json(z.int().nullable()).optional()) : undefined;
  const plan = checkUpdateChannel(ctx.world, ctx.me, ctx.pathInt('stream_id'), {
    description: p.description?.replaceAll('\n', ' '),
    newName: p.new_name === undefined ? undefined : pyStrip(p.new_name),
    isPrivate: p.is_private,
    isWebPublic: p.is_web_public,
    historyPublicToSubscribers: p.history_public_to_subscribers,
    isDefaultStream: p.is_default_stream,
    messageRetentionDays: p.message_retention_days,
    isArchived,
    folderId,
    topicsPolicy: p.topics_policy as TopicsPolicy | undefined,
    settings,
  });
  doUpdateChannel(ctx.world, plan);
  return {};
}

/** DELETE /streams/{stream_id}: archive it. */
export function deleteStream(ctx: Ctx): Record<string, unknown> {
  const { channel } = accessChannelForAdministration(ctx.store, ctx.me, ctx.pathInt('stream_id'), ctx.nowMs());
  doArchiveChannel(ctx.world, checkArchiveChannel(ctx.world, channel.stream_id));
  return {};
}

export function addDefaultStream(ctx: Ctx): Record<string, unknown> {
  checkCanManageDefaultStreams(ctx.me);
  const { stream_id } = ctx.params.read({ stream_id: json(z.int()) });
  doSetDefaultStream(ctx.world, checkAddDefaultStream(ctx.world, ctx.me, stream_id), true);
  return {};
}

export function removeDefaultStream(ctx: Ctx): Record<string, unknown> {
  checkCanManageDefaultStreams(ctx.me);
  const { stream_id } = ctx.params.read({ stream_id: json(z.int()) });
  doSetDefaultStream(ctx.world, checkRemoveDefaultStream(ctx.world, ctx.me, stream_id), false);
  return {};
}

