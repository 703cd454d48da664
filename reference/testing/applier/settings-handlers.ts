// Test support: how a client applies the events about its own settings, topic mutes and
// saved snippets, after the real server's apply_event (zulip/zulip zerver/lib/events.py:
// user_settings, update_display_settings, update_global_notifications, muted_topics,
// saved_snippets).
import type { Handler, Obj } from './client-state.ts';

/** user_settings: the property's new value in the user_settings object. */
const userSettings: Handler = (client, event) => {
  if (event['op'] !== 'update') throw new Error(`unexpected user_settings op ${event['op']}`);
  const settings = client.state['user_settings'] as Obj | undefined;
  if (settings !== undefined) settings[event['property']] = event['value'];
};

/** The legacy copies before feature level 439: a top-level key each. */
const legacy =
  (nameKey: string): Handler =>
  (client, event) => {
    const name = event[nameKey] as string;
    if (name in client.state) client.state[name] = event['setting'];
  };

const mutedTopics: Handler = (client, event) => {
  client.state['muted_topics'] = structuredClone(event['muted_topics']);
};

/** saved_snippets: add appends; update replaces; remove deletes. */
const savedSnippets: Handler = (client, event) => {
  const list = client.state['saved_snippets'] as Obj[];
  if (event['op'] === 'add') list.push(structuredClone(event['saved_snippet']));
  else {
    const id = event['op'] === 'update' ? event['saved_snippet']['id'] : event['saved_snippet_id'];
    const index = list.findIndex((s) => s['id'] === id);
    if (index === -1) throw new Error(`saved_snippets ${event['op']} of a snippet the client does not have: ${id}`);
    if (event['op'] === 'update') list[index] = structuredClone(event['saved_snippet']);
    else list.splice(index, 1);
  }
};

export const SETTINGS_HANDLERS: Readonly<Record<string, Handler>> = {
  user_settings: userSettings,
  update_display_settings: legacy('setting_name'),
  update_global_notifications: legacy('notification_name'),
  muted_topics: mutedTopics,
  saved_snippets: savedSnippets,
};
