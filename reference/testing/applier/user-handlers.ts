// Test support: how a client applies user, group and organization events to its
// registration state, after the real server's apply_event (zulip/zulip
// zerver/lib/events.py: realm_user, realm_bot, user_group, realm,
// realm_user_settings_defaults). Permissions the server recomputes with
// UserProfile.has_permission are recomputed here from the client's own groups.
import { forgetDeactivatedStatus } from './status-handlers.ts';
import type { ClientState, Handler, Obj } from './client-state.ts';

const GRAVATAR = 'https://secure.gravatar.com/';

/** The members of a group setting (a group id, or {direct_members, direct_subgroups}), through subgroups. */
function settingIncludes(state: Obj, value: unknown, userId: number): boolean {
  const groups = new Map(((state['realm_user_groups'] ?? []) as Obj[]).map((g) => [g['id'] as number, g]));
  const direct = typeof value === 'number' ? { direct_members: [], direct_subgroups: [value] } : (value as Obj);
  if ((direct['direct_members'] as number[]).includes(userId)) return true;
  const seen = new Set<number>();
  const queue = [...(direct['direct_subgroups'] as number[])];
  while (queue.length > 0) {
    const id = queue.pop() as number;
    if (seen.has(id)) continue;
    seen.add(id);
    const g = groups.get(id);
    if (g === undefined) continue;
    if ((g['members'] as number[]).includes(userId)) return true;
    queue.push(...(g['direct_subgroup_ids'] as number[]));
  }
  return false;
}

/** The caller's permissions that follow realm group settings, as a fresh registration states them. */
const PERMISSION_KEYS: Readonly<Record<string, string>> = {
  can_create_public_channel_group: 'can_create_public_streams',
  can_create_private_channel_group: 'can_create_private_streams',
  can_create_web_public_channel_group: 'can_create_web_public_streams',
  can_invite_users_group: 'can_invite_others_to_realm',
};
/** The deprecated policy numbers the server derives from a setting's system group (get_corresponding_policy_value_for_group_setting). */
const LEGACY_POLICY_KEYS: Readonly<Record<string, string>> = {
  can_create_public_channel_group: 'realm_create_public_stream_policy',
  can_create_private_channel_group: 'realm_create_private_stream_policy',
  can_create_web_public_channel_group: 'realm_create_web_public_stream_policy',
  can_mention_many_users_group: 'realm_wildcard_mention_policy',
};

/** The caller's permissions, from the realm's settings and the groups as the client now knows them. */
function recomputePermissions(client: ClientState): void {
  const state = client.state;
  for (const [setting, key] of Object.entries(PERMISSION_KEYS)) {
    if (key in state && `realm_${setting}` in state) state[key] = settingIncludes(state, state[`realm_${setting}`], client.options.userId);
  }
  if ('can_create_streams' in state) {
    state['can_create_streams'] = state['can_create_private_streams'] || state['can_create_public_streams'] || state['can_create_web_public_streams'];
  }
}

const realm: Handler = (client, event) => {
  const state = client.state;
  if (event['op'] === 'update') {
    state[`realm_${event['property']}`] = event['value'];
    if (event['property'] === 'jitsi_server_url') state['jitsi_server_url'] = event['value'] ?? state['server_jitsi_server_url'];
    if (event['property'] === 'message_edit_history_visibility_policy') state['realm_allow_edit_history'] = event['value'] !== 'none';
  } else if (event['op'] === 'update_dict') {
    for (const [key, value] of Object.entries(event['data'] as Obj)) {
      state[`realm_${key}`] = value;
      const legacy = LEGACY_POLICY_KEYS[key];
      if (legacy !== undefined && legacy in state) client.refetch.add(legacy);
    }
    recomputePermissions(client);
  } else if (event['op'] !== 'deactivated') throw new Error(`unexpected realm op ${event['op']}`);
};

/** Strip a deactivated user from every subscriber list, group and anonymous group setting. */
function forgetDeactivated(client: ClientState, userId: number): void {
  const state = client.state;
  forgetDeactivatedStatus(client, userId);
  const without = (ids: number[]) => ids.filter((id) => id !== userId);
  if (client.options.includeSubscribers) {
    for (const key of ['subscriptions', 'unsubscribed', 'never_subscribed']) {
      for (const sub of (state[key] ?? []) as Obj[]) {
        const k = 'subscribers' in sub ? 'subscribers' : 'partial_subscribers';
        if (k in sub) sub[k] = without(sub[k]);
      }
    }
  }
  const groups = (state['realm_user_groups'] ?? []) as Obj[];
  for (const g of groups) g['members'] = without(g['members']);
  const anonymous = (holder: Obj, key: string) => {
    const v = holder[key];
    if (v !== null && typeof v === 'object' && Array.isArray(v['direct_members'])) v['direct_members'] = without(v['direct_members']);
  };
  for (const key of Object.keys(state)) if (key.startsWith('realm_can_') || key.startsWith('realm_direct_message_') || key === 'realm_create_multiuse_invite_group') anonymous(state, key);
  for (const g of groups) for (const key of Object.keys(g)) if (key.startsWith('can_')) anonymous(g, key);
}

const realmUser: Handler = (client, event) => {
  const person = event['person'] as Obj;
  const id = person['user_id'] as number;
  const users = client.rawUsers;
  if (event['op'] === 'add') {
    if (users === null) return;
    const copy = structuredClone(person);
    // NOTE: approximation: apply_event keeps the URL for a person whose
    // email_address_visibility is not "everyone", read from its database; the event does not
    // carry the setting, so the applier takes "everyone", as for every user the steps create.
    if (client.options.clientGravatar && String(copy['avatar_url']).startsWith(GRAVATAR)) copy['avatar_url'] = null;
    copy['is_active'] = true;
    if (!copy['is_bot']) copy['profile_data'] = {};
    users.set(id, copy);
  } else if (event['op'] === 'update') {
    const state = client.state;
    if (id === client.options.userId) {
      if ('avatar_url' in person && 'avatar_url' in state) {
        for (const key of ['avatar_source', 'avatar_url', 'avatar_url_medium']) state[key] = person[key];
      }
      for (const key of ['delivery_email', 'email', 'full_name']) if (key in person && key in state) state[key] = person[key];
      if ('new_email' in person && 'email' in state) state['email'] = person['new_email'];
    }
    const shown = users?.get(id);
    if (shown === undefined) return;
    const change = { ...person };
    // An email change names the new address new_email (apply_event copies it to email).
    if ('new_email' in change) change['email'] = change['new_email'];
    if ('avatar_url' in change && client.options.clientGravatar && String(change['avatar_url']).startsWith(GRAVATAR)) {
      change['avatar_url'] = null;
      change['avatar_url_medium'] = null;
    }
    for (const key of Object.keys(shown)) if (key in change) shown[key] = change[key];
    // A custom profile field's value: set, or cleared when null.
    const field = change['custom_profile_field'] as { id: number; value: unknown; rendered_value?: string } | undefined;
    if (field !== undefined) {
      const data = shown['profile_data'] as Record<string, unknown> | undefined;
      if (field.value === null) {
        if (data !== undefined) delete data[String(field.id)];
      } else if (data !== undefined) {
        data[String(field.id)] = 'rendered_value' in field ? { value: field.value, rendered_value: field.rendered_value } : { value: field.value };
      }
    }
    if ('role' in change) {
      shown['is_admin'] = change['role'] === 100 || change['role'] === 200;
      shown['is_owner'] = change['role'] === 100;
      shown['is_guest'] = change['role'] === 600;
    }
    if (person['is_active'] === false) forgetDeactivated(client, id);
  } else if (event['op'] === 'remove') {
    if (users?.has(id)) {
      if (client.options.capabilities['user_list_incomplete']) users.delete(id);
      // The server puts its "Unknown user" placeholder, built from its own settings, in place.
      else client.refetch.add('realm_users');
    }
    if (client.options.includeSubscribers) {
      for (const key of ['subscriptions', 'unsubscribed', 'never_subscribed']) {
        for (const sub of (client.state[key] ?? []) as Obj[]) if ('subscribers' in sub) sub['subscribers'] = (sub['subscribers'] as number[]).filter((u) => u !== id);
      }
    }
  } else throw new Error(`unexpected realm_user op ${event['op']}`);
};

const realmBot: Handler = (client, event) => {
  const state = client.state;
  const bot = event['bot'] as Obj;
  if (event['op'] === 'add') state['realm_bots'].push(bot);
  else if (event['op'] === 'delete') state['realm_bots'] = (state['realm_bots'] as Obj[]).filter((b) => b['user_id'] !== bot['user_id']);
  else if (event['op'] === 'update') {
    for (const b of state['realm_bots'] as Obj[]) {
      if (b['user_id'] !== bot['user_id']) continue;
      if ('owner_id' in bot) b['owner_id'] = bot['owner_id'];
      else Object.assign(b, bot);
    }
  } else throw new Error(`unexpected realm_bot op ${event['op']}`);
};

const userGroup: Handler = (client, event) => {
  const state = client.state;
  const groups = state['realm_user_groups'] as Obj[];
  const group = groups.find((g) => g['id'] === event['group_id']);
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  switch (event['op']) {
    case 'add':
      groups.push(structuredClone(event['group']));
      groups.sort((a, b) => a['id'] - b['id']);
      return;
    case 'update':
      if (group) Object.assign(group, structuredClone(event['data']));
      return;
    case 'add_members':
      if (group) group['members'] = sorted([...group['members'], ...event['user_ids']]);
      return;
    case 'remove_members':
      if (group) group['members'] = sorted((group['members'] as number[]).filter((id) => !event['user_ids'].includes(id)));
      return;
    case 'add_subgroups':
      if (group) group['direct_subgroup_ids'] = sorted([...group['direct_subgroup_ids'], ...event['direct_subgroup_ids']]);
      return;
    case 'remove_subgroups':
      if (group) group['direct_subgroup_ids'] = sorted((group['direct_subgroup_ids'] as number[]).filter((id) => !event['direct_subgroup_ids'].includes(id)));
      return;
    case 'remove':
      state['realm_user_groups'] = groups.filter((g) => g['id'] !== event['group_id']);
      return;
    default:
      throw new Error(`unexpected user_group op ${event['op']}`);
  }
};

/** Membership decides permissions; the client follows them (the server's applier does not). */
const userGroupAndPermissions: Handler = (client, event) => {
  userGroup(client, event);
  recomputePermissions(client);
};

const realmUserSettingsDefaults: Handler = (client, event) => {
  if (event['op'] !== 'update') throw new Error(`unexpected realm_user_settings_defaults op ${event['op']}`);
  client.state['realm_user_settings_defaults'][event['property']] = event['value'];
};

export const USER_HANDLERS: Readonly<Record<string, Handler>> = {
  realm,
  realm_user: realmUser,
  realm_bot: realmBot,
  user_group: userGroupAndPermissions,
  realm_user_settings_defaults: realmUserSettingsDefaults,
};
