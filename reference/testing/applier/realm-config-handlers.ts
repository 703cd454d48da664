// Test support: how a client applies the organization's linkifiers and custom profile
// fields, after the real server's apply_event (zulip/zulip zerver/lib/events.py).
import type { Handler } from './client-state.ts';

/** realm_linkifiers: the whole list, taken only by a client with linkifier_url_template. */
const realmLinkifiers: Handler = (client, event) => {
  if (client.options.capabilities['linkifier_url_template']) client.state['realm_linkifiers'] = structuredClone(event['realm_linkifiers']);
};

/** realm_emoji: every custom emoji again (apply_event: the whole dict replaced). */
const realmEmoji: Handler = (client, event) => {
  client.state['realm_emoji'] = structuredClone(event['realm_emoji']);
};

/** custom_profile_fields: the whole list; users' values of removed fields are dropped. */
const customProfileFields: Handler = (client, event) => {
  client.state['custom_profile_fields'] = structuredClone(event['fields']);
  const ids = new Set((event['fields'] as Array<{ id: number }>).map((f) => String(f.id)));
  for (const u of client.rawUsers?.values() ?? []) {
    const data = u['profile_data'] as Record<string, unknown> | undefined;
    if (data === undefined) continue;
    for (const key of Object.keys(data)) if (!ids.has(key)) delete data[key];
  }
};

export const REALM_CONFIG_HANDLERS: Readonly<Record<string, Handler>> = {
  realm_linkifiers: realmLinkifiers,
  realm_emoji: realmEmoji,
  custom_profile_fields: customProfileFields,
};
