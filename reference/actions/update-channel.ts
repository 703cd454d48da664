// PATCH /streams/{stream_id}: a channel's name, description, privacy, default status,
// retention, folder, topics policy, unarchiving and group permission settings. Mirrors
// zulip/zulip zerver/views/streams.py (update_stream_backend) and zerver/actions/streams.py
// (do_change_stream_permission, do_rename_stream, do_change_stream_description,
// do_change_stream_message_retention_days, do_change_stream_group_based_setting,
// do_change_stream_folder, do_unarchive_stream), with their Notification Bot notices.
// The real server checks and changes in turn; here every check runs, in its order, before
// the first change, so a refused request changes nothing (the same answer either way).
import { hasContentAccess, accessChannelForAdministration, streamPostPolicy } from '../domain/channels.ts';
import { systemGroupId } from '../domain/groups.ts';
import { CHANNEL_SETTING_ORDER, CHANNEL_SETTINGS, canonicalGroupSetting, parseGroupSetting, sameSetting } from '../domain/permissions.ts';
import { renderForStore } from '../domain/render-message.ts';
import { isAdmin } from '../domain/users.ts';
import { ApiError, BadRequest, ExpectationMismatch, RequestVariableInvalid, RoleRequired } from '../errors.ts';
import type { Store } from '../state/store.ts';
import { ROLE, type Channel, type ChannelGroupSetting, type GroupSettingValue, type TopicsPolicy, type User } from '../state/types.ts';
import type { World } from '../world.ts';
import {
  activeNonGuestIds,
  adminIds,
  channelDict,
  emitStreamCreate,
  emitStreamDelete,
  metadataAccessUserIds,
  metadataGroupMemberIds,
} from './channel-events.ts';
import { checkChannelName, canSetTopicsPolicy, hasRealmPermission, webPublicChannelsEnabled } from './create-channel.ts';
import { doSetDefaultStream } from './default-streams.ts';
import { channelEventsNotice, policyName, retentionNotice, topicsPolicyLabel, usersWithPermission } from './channel-notices.ts';
import { silentMention } from './subscription-notices.ts';
import type { GroupSettingChange } from './update-realm.ts';

export interface ChannelUpdate {
  description?: string | undefined;
  newName?: string | undefined;
  isPrivate?: boolean | undefined;
  isWebPublic?: boolean | undefined;
  historyPublicToSubscribers?: boolean | undefined;
  isDefaultStream?: boolean | undefined;
  /** As sent: 'realm_default', 'unlimited' or a number of days. */
  messageRetentionDays?: string | number | undefined;
  isArchived?: boolean | undefined;
  /** undefined: not sent; null: out of any folder. */
  folderId?: number | null | undefined;
  topicsPolicy?: TopicsPolicy | undefined;
  settings: Partial<Record<ChannelGroupSetting, GroupSettingChange>>;
}

export interface ChannelUpdatePlan {
  actor: User;
  channel: Channel;
  req: ChannelUpdate;
  /** The privacy to set, when any of the three privacy parameters was sent. */
  privacy: { invite_only: boolean; history_public_to_subscribers: boolean; is_web_public: boolean } | null;
  retention: { value: number | null } | null;
  newName: string | null;
  /** The group settings that change, validated, in the real server's order. */
  settings: Array<[ChannelGroupSetting, GroupSettingValue]>;
}

/** Stream.MESSAGE_RETENTION_SPECIAL_VALUES_MAP through parse_message_retention_days. */
function parseRetention(value: string | number): number | null {
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'string' || value <= 0) throw new RequestVariableInvalid('message_retention_days', value);
  return value;
}

/** validate_can_create_topic_group_setting_for_protected_history_streams: exactly role:everyone. */
function checkTopicGroupForProtectedHistory(store: Store, value: GroupSettingValue): void {
  if (value !== systemGroupId(store, 'role:everyone')) {
    throw new BadRequest('Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group', {
      parameters: 'history_public_to_subscribers, can_create_topic_group',
    });
  }
}

export function checkUpdateChannel(world: World, actor: User, streamId: number, req: ChannelUpdate): ChannelUpdatePlan {
  const store = world.store;
  const now = world.nowMs();
  const { channel } = accessChannelForAdministration(store, actor, streamId, now);
  const contentAccess = () => hasContentAccess(store, actor, channel, now);

  const isPrivate = req.isPrivate ?? channel.invite_only;
  const isWebPublic = req.isWebPublic ?? channel.is_web_public;
  const isDefault = req.isDefaultStream ?? (channel.is_default && !channel.is_archived);
  const history = req.historyPublicToSubscribers ?? (req.isPrivate !== undefined ? !req.isPrivate : channel.history_public_to_subscribers);
  if (isWebPublic && !history) throw new BadRequest('Invalid parameters');
  if (isWebPublic && isPrivate) throw new BadRequest('Invalid parameters');
  if (!isPrivate && !history) throw new BadRequest('Invalid parameters');
  if (isPrivate && isDefault) throw new BadRequest('A default channel cannot be private.');
  if (!isPrivate && store.realm.moderation_request_channel_id === channel.stream_id) throw new BadRequest('Moderation request channel must be private.');
  if (req.isPrivate !== undefined && !contentAccess()) throw new BadRequest('Channel content access is required.');
  if (req.isPrivate === true && !hasRealmPermission(world, actor, 'can_create_private_channel_group')) throw new BadRequest('Insufficient permission');
  if (req.isPrivate === false && !hasRealmPermission(world, actor, 'can_create_public_channel_group')) throw new BadRequest('Insufficient permission');
  if (req.isWebPublic === true) {
    if (!webPublicChannelsEnabled(store)) throw new BadRequest('Web-public channels are not enabled.');
    if (!hasRealmPermission(world, actor, 'can_create_web_public_channel_group')) throw new BadRequest('Insufficient permission');
  }
  // validate_topics_policy
  if (req.topicsPolicy !== undefined) {
    if (req.topicsPolicy !== 'inherit' && !canSetTopicsPolicy(world, actor)) throw new BadRequest('Insufficient permission');
    const ids = store.channelMessageIds(channel.stream_id);
    if (req.topicsPolicy === 'empty_topic_only' && ids.length !== store.topicMessageIds(channel.stream_id, '').length) {
      throw new BadRequest(
        'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.',
        { empty_topic_display_name: 'general chat' },
      );
    }
  }
  if (!history && req.settings.can_create_topic_group === undefined) checkTopicGroupForProtectedHistory(store, channel.can_create_topic_group);
  const privacy =
    req.isPrivate !== undefined || req.isWebPublic !== undefined || req.historyPublicToSubscribers !== undefined
      ? { invite_only: isPrivate, history_public_to_subscribers: history, is_web_public: isWebPublic }
      : null;
  if (req.isDefaultStream !== undefined && !isAdmin(actor)) throw new BadRequest('You do not have permission to change default channels.');
  let retention: ChannelUpdatePlan['retention'] = null;
  if (req.messageRetentionDays !== undefined) {
    if (actor.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
    retention = { value: parseRetention(req.messageRetentionDays) };
  }
  if (req.isArchived === false) {
    if (!channel.is_archived) throw new BadRequest('Channel is not currently deactivated');
    if (channel.invite_only && store.subscribers(channel.stream_id).length === 0) throw new BadRequest('Channel is private and have no subscribers');
  }
  const deleteSettingSent = req.settings.can_delete_any_message_group !== undefined || req.settings.can_delete_own_message_group !== undefined;
  if (deleteSettingSent && !isAdmin(actor) && !hasRealmPermission(world, actor, 'can_set_delete_message_policy_group')) {
    throw new BadRequest('Insufficient permission');
  }
  let newName: string | null = null;
  if (req.newName !== undefined) {
    const name = req.newName;
    if (channel.name === name) throw new BadRequest('Channel already has that name.');
    if (channel.name.toLowerCase() !== name.toLowerCase()) {
      checkChannelName(name);
      if (store.channelByName(name)) throw new ApiError(409, 'CHANNEL_ALREADY_EXISTS', `Channel '${name}' already exists`, { channel_name: name });
    }
    newName = name;
  }
  // NOTE: approximation: Understudy has no channel folders, so every folder_id is unknown.
  if (req.folderId !== undefined && req.folderId !== null) throw new BadRequest('Invalid channel folder ID');

  const settings: ChannelUpdatePlan['settings'] = [];
  for (const setting of SETTING_ORDER) {
    const change = req.settings[setting];
    if (change === undefined) continue;
    const requested = canonicalGroupSetting(store, change.new);
    if (change.old !== undefined && !sameSetting(canonicalGroupSetting(store, change.old), channel[setting])) throw new ExpectationMismatch();
    if (sameSetting(requested, channel[setting])) continue;
    if ((setting === 'can_add_subscribers_group' || setting === 'can_subscribe_group') && !contentAccess()) {
      throw new BadRequest('Channel content access is required.');
    }
    if (setting === 'can_create_topic_group' && !history) checkTopicGroupForProtectedHistory(store, requested);
    settings.push([setting, parseGroupSetting(store, setting, CHANNEL_SETTINGS[setting], requested)]);
  }
  return { actor, channel, req, privacy, retention, newName, settings };
}

/** The order of the changes and their events: Stream.stream_permission_group_settings. */
const SETTING_ORDER = CHANNEL_SETTING_ORDER;

const METADATA_SETTINGS: ReadonlySet<ChannelGroupSetting> = new Set(['can_add_subscribers_group', 'can_administer_channel_group', 'can_subscribe_group']);

export function doUpdateChannel(world: World, plan: ChannelUpdatePlan): void {
  const store = world.store;
  const now = world.nowMs();
  const { actor, req } = plan;
  const id = plan.channel.stream_id;
  const current = (): Channel => store.channel(id) as Channel;
  const put = (patch: Partial<Channel>): Channel => {
    const next = { ...current(), ...patch };
    store.putChannel(next);
    return next;
  };
  const update = (c: Channel, property: string, value: unknown, extra: Record<string, unknown> = {}, to = metadataAccessUserIds(store, c, now)) => {
    if (to.length > 0) store.emit(to, { type: 'stream', op: 'update', stream_id: c.stream_id, name: c.name, property, value, ...extra });
  };

  if (req.topicsPolicy !== undefined && req.topicsPolicy !== current().topics_policy) {
    // do_set_stream_property: the event, then the notice (the setting's label names "general chat" as is).
    const old = current().topics_policy;
    const c = put({ topics_policy: req.topicsPolicy });
    update(c, 'topics_policy', req.topicsPolicy);
    const label = topicsPolicyLabel(store.realm.empty_topic_display_name);
    channelEventsNotice(
      world,
      c,
      `${silentMention(actor)} changed the "Allow posting to the *general chat* topic?" setting from **${label[old]}** to **${label[req.topicsPolicy]}**.`,
    );
  }
  if (plan.privacy) changePermission(world, actor, id, plan.privacy);
  if (req.isDefaultStream !== undefined) doSetDefaultStream(world, current(), req.isDefaultStream);
  if (plan.retention) {
    const old = current().message_retention_days;
    const c = put({ message_retention_days: plan.retention.value });
    update(c, 'message_retention_days', plan.retention.value);
    channelEventsNotice(world, c, retentionNotice(store, actor, old, plan.retention.value));
  }
  if (req.isArchived === false) unarchive(world, current());
  if (req.description !== undefined) {
    const old = current().description;
    const rendered = req.description === '' ? '' : renderForStore(store, req.description).html;
    const c = put({ description: req.description, rendered_description: rendered });
    update(c, 'description', req.description, { rendered_description: rendered });
    const shown = (d: string) => (d === '' ? '*No description.*' : d);
    channelEventsNotice(
      world,
      c,
      `${silentMention(actor)} changed the description for this channel.\n\n* **Old description:**\n\`\`\`\` quote\n${shown(old)}\n\`\`\`\`\n* **New description:**\n\`\`\`\` quote\n${shown(req.description)}\n\`\`\`\``,
    );
  }
  if (plan.newName !== null) {
    const oldName = current().name;
    const c = put({ name: plan.newName });
    const to = metadataAccessUserIds(store, c, now);
    if (to.length > 0) store.emit(to, { type: 'stream', op: 'update', stream_id: id, name: oldName, property: 'name', value: plan.newName });
    channelEventsNotice(world, c, `${silentMention(actor)} renamed channel **${oldName}** to **${plan.newName}**.`);
  }
  if (req.folderId !== undefined) update(put({ folder_id: null }), 'folder_id', null);
  for (const [setting, value] of plan.settings) changeGroupSetting(world, actor, id, setting, value);
}

/** do_change_stream_permission, with its events and notice. */
function changePermission(world: World, actor: User, id: number, next: NonNullable<ChannelUpdatePlan['privacy']>): void {
  const store = world.store;
  const now = world.nowMs();
  const before = store.channel(id) as Channel;
  const c: Channel = { ...before, ...next };
  store.putChannel(c);
  let created = new Set<number>();
  if (before.invite_only && !c.invite_only) {
    // Those who could not see the private channel hear of it as created, then of its subscribers.
    const subscribers = store.subscribers(id);
    const had = new Set([...subscribers, ...adminIds(store), ...metadataGroupMemberIds(store, c, now)]);
    created = new Set(activeNonGuestIds(store).filter((u) => !had.has(u)));
    emitStreamCreate(store, c, created, world.nowSeconds());
    const peers = [...created].sort((a, b) => a - b);
    if (peers.length > 0) store.emit(peers, { type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: subscribers });
  }
  const to = metadataAccessUserIds(store, c, now).filter((u) => !created.has(u));
  if (to.length > 0) {
    store.emit(to, {
      type: 'stream',
      op: 'update',
      stream_id: id,
      name: c.name,
      property: 'invite_only',
      value: c.invite_only,
      history_public_to_subscribers: c.history_public_to_subscribers,
      is_web_public: c.is_web_public,
    });
  }
  channelEventsNotice(
    world,
    c,
    `${silentMention(actor)} changed the [access permissions](/help/channel-permissions) for this channel from **${policyName(before)}** to **${policyName(c)}**.`,
  );
}

/** do_unarchive_stream: an update and a `stream create` (for_unarchiving) to who may see it, and a notice. */
function unarchive(world: World, channel: Channel): void {
  const store = world.store;
  const c: Channel = { ...channel, is_archived: false, is_web_public: channel.invite_only ? false : channel.is_web_public };
  store.putChannel(c);
  const to = metadataAccessUserIds(store, c, world.nowMs());
  if (to.length > 0) {
    store.emit(to, { type: 'stream', op: 'update', stream_id: c.stream_id, name: c.name, property: 'is_archived', value: false });
    store.emit(to, { type: 'stream', op: 'create', streams: [channelDict(store, c, world.nowSeconds())], for_unarchiving: true });
  }
  channelEventsNotice(world, c, `Channel #**${c.name}** has been unarchived.`);
}

/** do_change_stream_group_based_setting. */
function changeGroupSetting(world: World, actor: User, id: number, setting: ChannelGroupSetting, value: GroupSettingValue): void {
  const store = world.store;
  const now = world.nowMs();
  const before = store.channel(id) as Channel;
  const grantsMetadata = METADATA_SETTINGS.has(setting);
  const had = new Set(grantsMetadata ? metadataAccessUserIds(store, before, now) : []);
  const c: Channel = { ...before, [setting]: value };
  store.putChannel(c);
  const has = metadataAccessUserIds(store, c, now);
  const event = { type: 'stream' as const, op: 'update' as const, stream_id: id, name: c.name, property: setting, value: cloneValue(value) };
  if (grantsMetadata) {
    const gaining = has.filter((u) => !had.has(u));
    const hasSet = new Set(has);
    const losing = [...had].filter((u) => !hasSet.has(u)).sort((a, b) => a - b);
    const stay = has.filter((u) => had.has(u));
    if (stay.length > 0) store.emit(stay, event);
    if (gaining.length > 0) {
      emitStreamCreate(store, c, gaining, world.nowSeconds());
      store.emit(gaining, { type: 'subscription', op: 'peer_add', stream_ids: [id], user_ids: store.subscribers(id) });
    }
    if (losing.length > 0) emitStreamDelete(store, [c], losing);
  } else if (has.length > 0) {
    store.emit(has, event);
  }
  if (setting === 'can_send_message_group') {
    const oldPolicy = streamPostPolicy(store, before.can_send_message_group);
    const newPolicy = streamPostPolicy(store, value);
    if (oldPolicy !== newPolicy && has.length > 0) {
      store.emit(has, { type: 'stream', op: 'update', stream_id: id, name: c.name, property: 'stream_post_policy', value: newPolicy });
      store.emit(has, { type: 'stream', op: 'update', stream_id: id, name: c.name, property: 'is_announcement_only', value: newPolicy === 2 });
    }
    channelEventsNotice(
      world,
      c,
      `${silentMention(actor)} changed the [posting permissions](/help/channel-posting-policy) for this channel:\n\n` +
        `* **Old**: ${usersWithPermission(store, before.can_send_message_group)}\n* **New**: ${usersWithPermission(store, value)}\n`,
    );
  }
}

function cloneValue(v: GroupSettingValue): GroupSettingValue {
  return typeof v === 'number' ? v : { direct_members: [...v.direct_members], direct_subgroups: [...v.direct_subgroups] };
}
