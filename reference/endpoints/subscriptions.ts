// GET, POST and DELETE /users/me/subscriptions — zulip/zulip zerver/views/streams.py
// (list_subscriptions_backend, add_subscriptions_backend, remove_subscriptions_backend)
// and zerver/lib/subscription_info.py. The per-channel settings are in
// subscription-properties.ts.
import { z } from 'zod';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, pyStrip } from '../actions/create-channel.ts';
import { checkSubscribe, doSubscribe } from '../actions/subscribe.ts';
import { HEX_COLOR } from '../actions/subscription-properties.ts';
import { checkUnsubscribe, doUnsubscribe } from '../actions/unsubscribe.ts';
import { byName, formatSubscription, hasChannelSetting, hasMetadataAccess, type SubscribersMode } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import type { World } from '../world.ts';
import { isGuest } from '../domain/users.ts';
import type { Ctx } from '../request/context.ts';
import { BadRequest } from '../errors.ts';
import { groupSettingValue, json, str } from '../request/params.ts';
import { CHANNEL_GROUP_SETTINGS, type ChannelGroupSetting, type GroupSettingValue, type TopicsPolicy } from '../state/types.ts';

// The API documentation (zulip.com/api/get-subscriptions): 'true', 'false' or 'partial'. The real server's REST endpoint takes a JSON
// boolean here ('partial' only at /register); both accept "true" and "false".
const INCLUDE_SUBSCRIBERS = str(z.enum(['true', 'false', 'partial'])).default('false');
/** Before feature level 412 include_subscribers is a JSON boolean. */
const INCLUDE_SUBSCRIBERS_BOOLEAN = json(z.boolean().transform((b): SubscribersMode => (b ? 'true' : 'false'))).default('false');

/** include_subscribers of GET /users/me/subscriptions and POST /register, as the feature level has it. */
export const includeSubscribersParam = (world: World) => (atLeast(world, 'partial_subscribers') ? INCLUDE_SUBSCRIBERS : INCLUDE_SUBSCRIBERS_BOOLEAN);

export function getSubscriptions(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ include_subscribers: includeSubscribersParam(ctx.world) });
  const me = ctx.me;
  const store = ctx.store;
  const now = ctx.nowMs();
  const subscriptions = store
    .subscribedChannelIds(me.user_id)
    .map((id) => store.channel(id))
    .filter((c) => c !== undefined && !c.is_archived && hasMetadataAccess(store, me, c, now))
    .map((c) => c!)
    .sort(byName)
    .map((c) => formatSubscription(store, c, store.subscription(me.user_id, c.stream_id)!, p.include_subscribers, ctx.nowSeconds()));
  return { subscriptions };
}

const subscriptionObject = z
  .object({
    name: z.string(),
    color: z.string().nullable().optional(),
    description: z.string().max(MAX_CHANNEL_DESCRIPTION_LENGTH).nullable().optional(),
  })
  .superRefine((o, c) => {
    if (typeof o.color === 'string' && !HEX_COLOR.test(o.color)) {
      c.addIssue({ code: 'custom', message: 'Invalid {var}: Value error, add.color is not a valid hex color code' });
    }
  });

const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;
/** 'empty_topic_only' is a policy from feature level 404. */
const TOPICS_POLICIES_BEFORE_404: readonly string[] = TOPICS_POLICIES.filter((p) => p !== 'empty_topic_only');
const topicsPolicyParam = (known: readonly string[]) =>
  json(
    z
      .string()
      .nullable()
      .refine((v) => v === null || known.includes(v), { message: 'Invalid topics_policy' }),
  ).default(null);
const TOPICS_POLICY = topicsPolicyParam(TOPICS_POLICIES);
const TOPICS_POLICY_BEFORE_404 = topicsPolicyParam(TOPICS_POLICIES_BEFORE_404);
const flag = (d: boolean) => json(z.boolean()).default(d);
const principalsParam = () => json(z.union([z.array(z.string()), z.array(z.int())])).optional();

export function addSubscriptions(ctx: Ctx): Record<string, unknown> {
  // @require_non_guest_user runs before the parameters are read.
  if (isGuest(ctx.me)) throw new BadRequest('Not allowed for guest users');
  const p = ctx.params.read({
    subscriptions: json(z.array(subscriptionObject)),
    invite_only: flag(false),
    is_web_public: flag(false),
    is_default_stream: flag(false),
    history_public_to_subscribers: json(z.boolean().nullable()).default(null),
    message_retention_days: json(z.union([z.string(), z.int()])).default('realm_default'),
    topics_policy: atLeast(ctx.world, 'topics_policy_empty_topic_only') ? TOPICS_POLICY : TOPICS_POLICY_BEFORE_404,
  });
  const settings: Partial<Record<ChannelGroupSetting, GroupSettingValue>> = {};
  for (const s of CHANNEL_GROUP_SETTINGS) {
    // A setting of a later feature level is no parameter yet.
    if (!hasChannelSetting(ctx.store, s)) continue;
    const v = ctx.params.one(s, json(groupSettingValue()).optional());
    if (v !== undefined) settings[s] = v;
  }
  const q = ctx.params.read({
    announce: flag(false),
    principals: principalsParam(),
    authorization_errors_fatal: flag(true),
    folder_id: json(z.int()).optional(),
    send_new_subscription_messages: flag(true),
  });
  const plan = checkSubscribe(ctx.world, ctx.me, {
    entries: p.subscriptions.map((s) => ({
      rawName: s.name,
      name: pyStrip(s.name),
      color: s.color ?? undefined,
      description: (s.description ?? '').replaceAll('\n', ' '),
    })),
    principals: q.principals ?? [],
    authorizationErrorsFatal: q.authorization_errors_fatal,
    announce: q.announce,
    folderId: q.folder_id,
    messageRetentionDays: p.message_retention_days,
    options: {
      inviteOnly: p.invite_only,
      isWebPublic: p.is_web_public,
      isDefaultStream: p.is_default_stream,
      historyPublicToSubscribers: p.history_public_to_subscribers,
      topicsPolicy: p.topics_policy as TopicsPolicy | null,
      settings,
    },
    sendNewSubscriptionMessages: q.send_new_subscription_messages,
  });
  return doSubscribe(ctx.world, plan);
}

export function removeSubscriptions(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({ subscriptions: json(z.array(z.string())), principals: principalsParam() });
  const plan = checkUnsubscribe(
    ctx.world,
    ctx.me,
    p.subscriptions.map((name) => pyStrip(name)),
    p.principals,
  );
  return doUnsubscribe(ctx.world, plan);
}
