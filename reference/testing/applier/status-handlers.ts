// Test support: how a client applies the events about presence, user status, muted users
// and alert words (zulip/zulip zerver/lib/events.py apply_event, and the GET /events
// documentation).
import type { ClientState, Handler, Obj } from './client-state.ts';

/**
 * presence: the real server's apply_event reads the user's presence again from its
 * database; a client cannot (most presence changes send no event at all: a user
 * still online who reports again), so it refetches the presences.
 */
const presence: Handler = (client) => {
  client.refetch.add('presences');
};

const STATUS_FIELDS = ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const;

/**
 * user_status: each field given is set, or removed when empty (reaction_type goes with
 * the emoji name); away true is kept, false removed. A user left with nothing set is
 * dropped, as a registration leaves such users out.
 */
const userStatus: Handler = (client, event) => {
  const all = client.state['user_status'] as Record<string, Obj>;
  const key = String(event['user_id']);
  const entry: Obj = { ...(all[key] ?? {}) };
  if (event['away'] === true) entry['away'] = true;
  else if (event['away'] === false) delete entry['away'];
  for (const field of STATUS_FIELDS) {
    if (!(field in event)) continue;
    const value = event[field] as string;
    const cleared = field === 'reaction_type' ? event['emoji_name'] === '' : value === '';
    if (cleared) delete entry[field];
    else entry[field] = value;
  }
  if (Object.keys(entry).length === 0) delete all[key];
  else all[key] = entry;
};

/** muted_users and alert_words: the whole new list. */
const wholeList =
  (key: string): Handler =>
  (client, event) => {
    client.state[key] = structuredClone(event[key]);
  };

export const STATUS_HANDLERS: Readonly<Record<string, Handler>> = {
  presence,
  user_status: userStatus,
  muted_users: wholeList('muted_users'),
  alert_words: wholeList('alert_words'),
};

/** A deactivated user drops out of a registration's statuses and presences. */
export function forgetDeactivatedStatus(client: ClientState, userId: number): void {
  const statuses = client.state['user_status'] as Record<string, Obj> | undefined;
  if (statuses !== undefined) delete statuses[String(userId)];
  if ('presences' in client.state) client.refetch.add('presences');
}
