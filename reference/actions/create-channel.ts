// Creating a channel from POST /users/me/subscriptions: the name rules, the initial
// settings and who may create what (checkNewChannel), then the creation itself with its
// `stream create` event (doCreateChannel). Mirrors zulip/zulip
// zerver/lib/string_validation.py (check_stream_name), zerver/lib/streams.py
// (check_channel_creation_permissions, access_requested_group_permissions_for_streams,
// get_default_value_for_history_public_to_subscribers, create_stream_if_needed).
import { defaultSetting, hasPermission, CHANNEL_SETTINGS, parseGroupSetting, REALM_SETTINGS } from '../domain/permissions.ts';
import { systemGroupId } from '../domain/groups.ts';
import { webPublicStreamsEnabled } from '../domain/channels.ts';
import { renderForStore } from '../domain/render-message.ts';
import { isAdmin } from '../domain/users.ts';
import type { World } from '../world.ts';
import { BadRequest, RoleRequired } from '../errors.ts';
import type { Store } from '../state/store.ts';
import {
  CHANNEL_GROUP_SETTINGS,
  ROLE,
  type Channel,
  type ChannelGroupSetting,
  type GroupSettingValue,
  type RealmGroupSetting,
  type TopicsPolicy,
  type User,
} from '../state/types.ts';
import { creationAudience, emitDefaultStreams, emitStreamCreate } from './channel-events.ts';
import { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH } from '../domain/limits.ts';

export { MAX_CHANNEL_DESCRIPTION_LENGTH, MAX_CHANNEL_NAME_LENGTH };

// Python's str.strip() removes these (str.isspace()); JavaScript's trim() differs slightly.
const PY_SPACE = '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

export function pyStrip(s: string): string {
  const points = [...s];
  let start = 0;
  let end = points.length;
  while (start < end && PY_SPACE.includes(points[start] as string)) start++;
  while (end > start && PY_SPACE.includes(points[end - 1] as string)) end--;
  return points.slice(start, end).join('');
}

/**
 * Unicode category Cc and the 66 non-characters (is_character_printable). Its category Cs
 * (surrogates) cannot arrive here: a form body's invalid UTF-8 decodes to U+FFFD, and a lone
 * surrogate's JSON escape is not JSON (request/params.ts).
 */
function isPrintable(ch: string): boolean {
  const cp = ch.codePointAt(0) as number;
  if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) return false;
  if (cp >= 0xfdd0 && cp <= 0xfdef) return false;
  return (cp & 0xfffe) !== 0xfffe;
}

/** check_stream_name: on a name the caller has already stripped. Lengths count code points. */
export function checkChannelName(name: string): void {
  if (pyStrip(name) === '') throw new BadRequest("Channel name can't be empty.");
  const points = [...name];
  if (points.length > MAX_CHANNEL_NAME_LENGTH) {
    throw new BadRequest(`Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`);
  }
  const bad = points.findIndex((ch) => !isPrintable(ch));
  if (bad !== -1) throw new BadRequest(`Invalid character in channel name, at position ${bad + 1}.`);
}

/** The options of a creation request, shared by every channel it creates. */
export interface CreationOptions {
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefaultStream: boolean;
  historyPublicToSubscribers: boolean | null;
  /** Parsed: null for the realm default, -1 for unlimited. */
  messageRetentionDays: number | null;
  topicsPolicy: TopicsPolicy | null;
  /** The group settings the request gave, unvalidated. */
  settings: Partial<Record<ChannelGroupSetting, GroupSettingValue>>;
}

/** UserProfile.has_permission for a realm group setting. */
export function hasRealmPermission(world: World, user: User, setting: RealmGroupSetting): boolean {
  return hasPermission(world.store, REALM_SETTINGS[setting], world.store.realm[setting], user, world.nowMs());
}

/** Realm.web_public_streams_enabled (domain/channels.ts webPublicStreamsEnabled). */
export function webPublicChannelsEnabled(store: Store): boolean {
  return webPublicStreamsEnabled(store);
}

/** parse_group_setting_value: {[], [X]} is X and {[], []} is role:nobody, before any check. */
function normalizedSetting(store: Store, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0] as number;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return systemGroupId(store, 'role:nobody');
  return value;
}

/**
 * Everything about one channel to create, checked in the real server's order (the
 * group settings, then check_channel_creation_permissions); throws the first error.
 * The result has stream_id 0: doCreateChannel gives it its id.
 */
export function checkNewChannel(world: World, actor: User, name: string, description: string, o: CreationOptions): Channel {
  const store = world.store;
  const nobody = systemGroupId(store, 'role:nobody');
  const history = o.inviteOnly ? (o.historyPublicToSubscribers ?? false) : true;
  const settings = {} as Record<ChannelGroupSetting, GroupSettingValue>;
  for (const setting of CHANNEL_GROUP_SETTINGS) {
    const raw = o.settings[setting];
    if (raw === undefined) {
      settings[setting] = defaultSetting(store, CHANNEL_SETTINGS[setting], actor.user_id);
      continue;
    }
    const value = normalizedSetting(store, raw);
    // A channel with protected history must let everyone start topics: exactly role:everyone.
    if (setting === 'can_create_topic_group' && !history && value !== systemGroupId(store, 'role:everyone')) {
      throw new BadRequest('Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group', {
        parameters: 'history_public_to_subscribers, can_create_topic_group',
      });
    }
    settings[setting] = parseGroupSetting(store, setting, CHANNEL_SETTINGS[setting], value);
    const isDeleteSetting = setting === 'can_delete_any_message_group' || setting === 'can_delete_own_message_group';
    if (isDeleteSetting && settings[setting] !== nobody && !canSetDeleteMessagePolicy(world, actor)) {
      throw new BadRequest('Insufficient permission');
    }
  }
  checkCreationPermission(world, actor, o);
  // NOTE: approximation: the real server has no check for invite_only together with
  // is_web_public and fails later, in the notification step, with an internal error;
  // here the request is refused as PATCH /streams refuses a private web-public channel.
  if (o.inviteOnly && o.isWebPublic) throw new BadRequest('Invalid parameters');
  return {
    stream_id: 0,
    name,
    description,
    rendered_description: renderDescription(store, description),
    date_created: world.nowSeconds(),
    creator_id: actor.user_id,
    invite_only: o.inviteOnly,
    is_web_public: o.isWebPublic,
    history_public_to_subscribers: history,
    message_retention_days: o.messageRetentionDays,
    topics_policy: o.topicsPolicy ?? 'inherit',
    folder_id: null,
    is_archived: false,
    is_default: o.isDefaultStream,
    ...settings,
  };
}

/** check_channel_creation_permissions. */
function checkCreationPermission(world: World, actor: User, o: CreationOptions): void {
  const insufficient = () => new BadRequest('Insufficient permission');
  if (o.inviteOnly && !hasRealmPermission(world, actor, 'can_create_private_channel_group')) throw insufficient();
  if (!o.inviteOnly && !hasRealmPermission(world, actor, 'can_create_public_channel_group')) throw insufficient();
  if (o.isDefaultStream && !isAdmin(actor)) throw insufficient();
  if (o.inviteOnly && o.isDefaultStream) throw new BadRequest('A default channel cannot be private.');
  if (o.isWebPublic) {
    if (!webPublicChannelsEnabled(world.store)) throw new BadRequest('Web-public channels are not enabled.');
    if (!hasRealmPermission(world, actor, 'can_create_web_public_channel_group')) throw insufficient();
  }
  if (o.messageRetentionDays !== null && actor.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
}

/** UserProfile.can_set_delete_message_policy: administrators, or the realm's group. */
function canSetDeleteMessagePolicy(world: World, actor: User): boolean {
  return isAdmin(actor) || hasRealmPermission(world, actor, 'can_set_delete_message_policy_group');
}

/** UserProfile.can_set_topics_policy: administrators, or the realm's group. */
export function canSetTopicsPolicy(world: World, actor: User): boolean {
  return isAdmin(actor) || hasRealmPermission(world, actor, 'can_set_topics_policy_group');
}

/** render_stream_description: the description as Markdown, without previews. */
function renderDescription(store: Store, description: string): string {
  return description === '' ? '' : renderForStore(store, description).html;
}

/** Store the channel under a fresh id and tell who may see it (create_stream_if_needed), and who follows the default channels. */
export function doCreateChannel(world: World, spec: Channel): Channel {
  const store = world.store;
  const channel: Channel = { ...spec, stream_id: store.nextId('channels') };
  store.putChannel(channel);
  emitStreamCreate(store, channel, creationAudience(store, channel, world.nowMs()), world.nowSeconds(), true);
  // do_add_default_stream: a channel made default on creation changes the default list.
  if (channel.is_default) emitDefaultStreams(store);
  return channel;
}
