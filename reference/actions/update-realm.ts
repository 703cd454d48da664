// Changing organization settings (PATCH /realm): zulip/zulip zerver/views/realm.py
// (update_realm) and zerver/actions/realm_settings.py (do_set_realm_property,
// do_change_realm_permission_group_setting, do_set_realm_*_stream, do_change_realm_org_type).
// Every setting comes from one of two tables: domain/realm-settings.ts REALM_PROPERTIES
// and domain/permissions.ts REALM_SETTINGS (the group settings). checkUpdateRealm
// validates every value before any is applied and returns the new realm, the response's
// echo and the events; doUpdateRealm applies them.
// NOTE: approximation: the real server applies settings one by one, so a request whose
// group setting is refused keeps the property changes made before it; here nothing changes.
import { hasMetadataAccess } from '../domain/channels.ts';
import { directMembers, systemGroupId } from '../domain/groups.ts';
import { REALM_SETTINGS, canonicalGroupSetting, parseGroupSetting, sameSetting } from '../domain/permissions.ts';
import {
  LANGUAGE_CODES,
  REALM_PROPERTIES,
  REALM_PROPERTY_NAMES,
  apiName,
  gifRatingTable,
  isOrgType,
  AVATAR_SOURCES,
  PREVIEW_SIZES,
  realmPropertiesAt,
  realmProperty,
  settingRow,
  type RealmProperty,
} from '../domain/realm-settings.ts';
import { VIDEO_CHAT_PROVIDERS } from '../domain/initial-state/server-settings.ts';
import { BadRequest, ExpectationMismatch, RequestVariableInvalid, RoleRequired } from '../errors.ts';
import type { RealmEvent } from '../state/events.ts';
import { REALM_GROUP_SETTINGS, ROLE, type GroupSettingValue, type Realm, type RealmGroupSetting, type User, type UserGroup } from '../state/types.ts';
import type { World } from '../world.ts';

/** A group setting's new value, and optionally the value the caller believes it has. */
export interface GroupSettingChange {
  new: GroupSettingValue;
  old?: GroupSettingValue | undefined;
}

export interface RealmUpdate {
  groupSettings: Partial<Record<RealmGroupSetting, GroupSettingChange>>;
  /** Each sent setting, of the JSON type its row's kind reads (the endpoint checked that). */
  properties: Partial<Record<RealmProperty, unknown>>;
  /** authentication_methods: backend name → enabled (Understudy serves "Email" alone). */
  authenticationMethods?: Record<string, unknown> | undefined;
  /** string_id: a demo organization's new subdomain. */
  stringId?: string | undefined;
}

export interface RealmPlan {
  next: Realm;
  /** The response: each changed setting (strings as "updated"). */
  data: Record<string, unknown>;
  events: RealmEvent[];
}

/**
 * URLValidator's shape of a URL (scheme, host, optional port and path).
 * NOTE: approximation: a regular expression standing for Django's URLValidator.
 */
const URL_RE = /^(?:https?|ftps?):\/\/(?:[^\s:@/]+(?::[^\s:@/]*)?@)?(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]|(?:[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff-]{2,63}\.?)(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const JITSI_URL_MAX = 200;

/** The checks typed_endpoint runs while reading the parameters (enum names, DigestWeekdayEnum, OrgTypeEnum, check_jitsi_url). */
function checkShapes(props: RealmUpdate['properties']): void {
  for (const name of REALM_PROPERTY_NAMES) {
    const raw = props[name];
    if (raw === undefined) continue;
    const row = settingRow(name);
    if (row.kind === 'enum' && !Object.hasOwn(row.names ?? {}, raw as string)) throw new BadRequest(`Invalid ${name}`);
    if (row.kind === 'weekday' && !(Number.isInteger(raw) && (raw as number) >= 0 && (raw as number) <= 6)) throw new BadRequest(`Invalid ${name}`);
    if (row.kind === 'org_type' && !isOrgType(raw as number)) throw new BadRequest(`Invalid ${name}`);
    // NOTE: approximation: the two settings of levels 456 and 469 are refused as typed_endpoint refuses an enum value.
    if (row.kind === 'avatar_source' && !AVATAR_SOURCES.includes(raw as string)) throw new BadRequest(`Invalid ${name}`);
    if (row.kind === 'preview_size' && !PREVIEW_SIZES.includes(raw as number)) throw new BadRequest(`Invalid ${name}`);
    if (row.kind === 'jitsi' && raw !== 'default' && !((raw as string).length <= JITSI_URL_MAX && URL_RE.test(raw as string))) {
      throw new BadRequest('jitsi_server_url is not an allowed_type');
    }
  }
}

/** parse_message_time_limit_setting and parse_message_retention_days: a positive integer, or the special "unlimited". */
function parseLimit(name: string, raw: unknown, unlimited: number | null): number | null {
  if (raw === 'unlimited') return unlimited;
  if (typeof raw === 'string' || typeof raw !== 'number' || raw <= 0) throw new RequestVariableInvalid(name, raw);
  return raw;
}

export function checkUpdateRealm(world: World, me: User, req: RealmUpdate): RealmPlan {
  const store = world.store;
  const realm = store.realm;
  const props = req.properties;
  checkShapes(props);

  // update_realm's own checks, in its order, before any value is applied.
  const language = props.default_language;
  if (language !== undefined && !LANGUAGE_CODES.has(language as string)) throw new BadRequest(`Invalid language '${String(language)}'`);
  // authentication_methods: owners only; every name a backend of the realm; one enabled.
  const methods = req.authenticationMethods;
  const currentMethods: Record<string, boolean> = { Email: realm.password_auth_enabled };
  if (methods !== undefined) {
    if (me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
    const unknown = Object.keys(methods).find((name) => !Object.hasOwn(currentMethods, name));
    if (unknown !== undefined) {
      const valid = Object.keys(currentMethods).sort().map((n) => `'${n}'`).join(', ');
      throw new BadRequest(`Invalid authentication method: ${unknown}. Valid methods are: [${valid}]`);
    }
    if (!Object.values(methods).some((v) => v === true || v === 1)) throw new BadRequest('At least one authentication method must be enabled.');
  }
  const provider = props.video_chat_provider;
  // get_enabled_video_chat_providers: only None and Jitsi Meet are configured here.
  if (provider !== undefined && !Object.values(VIDEO_CHAT_PROVIDERS).some((p) => p.id === provider)) {
    throw new BadRequest(`Invalid video_chat_provider ${String(provider)}`);
  }
  const rating = props.gif_rating;
  if (rating !== undefined && !Object.values(gifRatingTable(store)).some((r) => r.id === rating)) {
    // NOTE: approximation: from feature level 453 the parameter is gif_rating_policy; its error names it so.
    throw new BadRequest(`Invalid ${apiName(store, 'gif_rating')} ${String(rating)}`);
  }
  // OrganizationOwnerRequiredError for each owner-only setting sent, whatever its value.
  const ownerSetting =
    REALM_PROPERTY_NAMES.some((n) => props[n] !== undefined && settingRow(n).owner === true) ||
    REALM_GROUP_SETTINGS.some((s) => req.groupSettings[s] !== undefined && REALM_SETTINGS[s].ownerOnly);
  if (ownerSetting && me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');

  const next: Realm = { ...realm };
  const stored = next as unknown as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  const events: RealmEvent[] = [];
  const tell = (name: RealmProperty, value: unknown) => {
    const row = settingRow(name);
    const property = apiName(store, name);
    events.push(row.dict ? { type: 'realm', op: 'update_dict', property: 'default', data: { [property]: value } } : { type: 'realm', op: 'update', property, value });
  };

  // The view clears the time limits sent as "unlimited" and a jitsi_server_url sent as
  // "default" before the other settings (parse_and_set_setting_value_if_required), so
  // their events come first.
  const clearing = (name: RealmProperty) => (settingRow(name).kind === 'limit' && props[name] === 'unlimited') || (settingRow(name).kind === 'jitsi' && props[name] === 'default');
  const names = realmPropertiesAt(store);
  const order = [...names.filter(clearing), ...names.filter((n) => !clearing(n))];
  for (const name of order) {
    const raw = props[name];
    if (raw === undefined) continue;
    const row = settingRow(name);
    const current = realmProperty(store, realm, name);
    switch (row.kind) {
      case 'limit':
      case 'retention': {
        const value = parseLimit(name, raw, row.kind === 'retention' ? -1 : null);
        if (value === current) break;
        stored[name] = value;
        data[name] = value;
        tell(name, value);
        break;
      }
      case 'enum': {
        // The view compares the enum member with the stored number, so it always answers with the value.
        data[name] = (row.names as Record<string, number>)[raw as string];
        if (raw === current) break;
        stored[name] = raw;
        if (name === 'topics_policy') {
          events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { topics_policy: raw, mandatory_topics: raw === 'disable_empty_topic' } });
        } else tell(name, raw);
        break;
      }
      case 'channel':
      case 'org_type':
        // After the group settings (below), as the view has them.
        break;
      default: {
        const value = row.kind === 'jitsi' && raw === 'default' ? null : raw;
        if (value === current) break;
        stored[name] = value;
        data[apiName(store, name)] = typeof value === 'string' ? 'updated' : value;
        tell(name, value);
      }
    }
  }

  for (const setting of Object.keys(REALM_SETTINGS) as RealmGroupSetting[]) {
    const requested = req.groupSettings[setting];
    if (requested === undefined) continue;
    const config = REALM_SETTINGS[setting];
    if (requested.old !== undefined && !sameSetting(canonicalGroupSetting(store, requested.old), realm[setting])) {
      throw new ExpectationMismatch();
    }
    const value = parseGroupSetting(store, setting, config, requested.new);
    if (sameSetting(value, realm[setting])) continue;
    next[setting] = value;
    data[setting] = value;
    events.push({ type: 'realm', op: 'update_dict', property: 'default', data: { [setting]: value } });
  }
  // do_set_realm_authentication_methods, after the group settings, when the dict differs.
  if (methods !== undefined && !(Object.keys(methods).length === 1 && methods['Email'] === currentMethods['Email'])) {
    next.password_auth_enabled = methods['Email'] === undefined ? realm.password_auth_enabled : methods['Email'] === true || methods['Email'] === 1;
    data['authentication_methods'] = methods;
    events.push({
      type: 'realm',
      op: 'update_dict',
      property: 'default',
      data: { authentication_methods: { Email: { enabled: next.password_auth_enabled, available: true } } },
    });
  }
  // The channel pointers, each when it differs from the channel set.
  for (const name of names) {
    const raw = props[name];
    if (raw !== undefined && settingRow(name).kind === 'channel') checkChannel(world, me, name, raw as number, realmProperty(store, realm, name), stored, data, events);
  }
  // string_id, checked last: owners only, and only a demo organization (never one here) may change it.
  if (req.stringId !== undefined) {
    if (me.role !== ROLE.owner) throw new RoleRequired('Must be an organization owner');
    throw new BadRequest('Must be a demo organization.');
  }
  // do_change_realm_org_type runs whenever org_type is sent.
  if (props.org_type !== undefined) {
    stored['org_type'] = props.org_type;
    data['org_type'] = props.org_type;
    tell('org_type', props.org_type);
  }
  return { next, data, events };
}

/** The channel pointers (access_stream_by_id, do_set_realm_*_stream): a channel the admin can see, or -1 for none. */
function checkChannel(
  world: World,
  me: User,
  name: RealmProperty,
  raw: number,
  current: unknown,
  stored: Record<string, unknown>,
  data: Record<string, unknown>,
  events: RealmEvent[],
): void {
  const store = world.store;
  let value: number | null = null;
  if (raw >= 0) {
    const channel = store.channel(raw);
    if (!channel || !hasMetadataAccess(store, me, channel, world.nowMs())) throw new BadRequest('Invalid channel ID');
    if (name === 'moderation_request_channel_id' && !channel.invite_only) {
      throw new BadRequest('Moderation request channel must be private.');
    }
    value = raw;
  }
  // The view compares with the channel set: -1 when none is set is a change (told again).
  if (value !== null && value === current) return;
  stored[name] = value;
  // The real server echoes and tells the value sent, -1 included.
  data[name] = raw;
  events.push({ type: 'realm', op: 'update', property: name, value: raw });
}

/**
 * Store the new realm and tell every active user about each change; a new waiting period
 * changes who is a full member (update_users_in_full_members_system_group), told as
 * role:fullmembers' remove_members and add_members.
 */
export function doUpdateRealm(world: World, plan: RealmPlan): void {
  const store = world.store;
  // Every realm has its system groups (systemGroupId throws for one that does not).
  const fullMembers = store.group(systemGroupId(store, 'role:fullmembers')) as UserGroup;
  const before = directMembers(store, fullMembers, world.nowMs());
  store.setRealm(plan.next);
  const everyone = store.realmUsers().filter((u) => u.is_active).map((u) => u.user_id);
  for (const event of plan.events) store.emit(everyone, event);
  const after = directMembers(store, fullMembers, world.nowMs());
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length > 0) store.emit(everyone, { type: 'user_group', op: 'remove_members', group_id: fullMembers.id, user_ids: removed });
  if (added.length > 0) store.emit(everyone, { type: 'user_group', op: 'add_members', group_id: fullMembers.id, user_ids: added });
}
