// Presence as the API shows it (zulip/zulip zerver/lib/presence.py): the modern format
// (active_timestamp, idle_timestamp), the legacy one (a "website" client and its
// "aggregated" copy, active or idle), the realm-wide listing with its filters
// (history_limit_days, last_update_id), and the index that answers "what changed since
// update N" without reading every row.
import { PRESENCE, type PresenceRecord } from '../state/presence.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { apiEmail } from '../state/store.ts';
import { atLeast } from './feature-levels.ts';

/** The server's presence settings (zproject/default_settings.py). */
export const OFFLINE_THRESHOLD_SECS = 200;
export const PRESENCE_PING_INTERVAL_SECS = 60;
export const PRESENCE_UPDATE_MIN_FREQ_SECONDS = 55;
export const PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS = 70;
/** Beyond this many users in the realm, no presence events unless forced. */
export const USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS = 100;
/** Without history_limit_days, the realm listing covers two weeks. */
const DEFAULT_HISTORY_DAYS = 14;

/** datetime_to_timestamp: whole seconds, rounded down. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A null time reads as the user's date_joined (user_presence_datetime_with_date_joined_default). */
function times(row: PresenceRecord, user: User): { active: number; connected: number } {
  return { active: row.last_active_ms ?? user.date_joined, connected: row.last_connected_ms ?? user.date_joined };
}

export interface ModernPresence {
  active_timestamp: number;
  idle_timestamp: number;
}

export function modernPresence(row: PresenceRecord, user: User): ModernPresence {
  const t = times(row, user);
  return { active_timestamp: seconds(t.active), idle_timestamp: seconds(t.connected) };
}

export interface LegacyPresence {
  client: 'website';
  status: 'active' | 'idle';
  timestamp: number;
  pushable: false;
}

/** format_legacy_presence_dict: active if the last activity is at most 70 s older than the last connection. */
export function legacyPresence(row: PresenceRecord, user: User): LegacyPresence {
  const t = times(row, user);
  const active = t.active + PRESENCE_LEGACY_EVENT_OFFSET_FOR_ACTIVITY_SECONDS * 1000 >= t.connected;
  return { client: 'website', status: active ? 'active' : 'idle', timestamp: seconds(active ? t.active : t.connected), pushable: false };
}

/** get_legacy_user_presence_info: the "aggregated" summary and the one "website" client. */
export function legacyUserPresence(row: PresenceRecord, user: User): Record<string, unknown> {
  const info = legacyPresence(row, user);
  return { aggregated: { client: info.client, status: info.status, timestamp: info.timestamp }, website: info };
}

/**
 * GET /users/{user_id_or_email}/presence's object: the legacy dictionaries without
 * client and pushable, "aggregated" offline past the offline threshold; from feature
 * level 487 the modern timestamps instead.
 * NOTE: approximation: feature level 497 restored the legacy dictionaries beside the
 * modern timestamps and added server_timestamp; Understudy's newest level is 496.
 */
export function singleUserPresence(store: Store, row: PresenceRecord, user: User, nowMs: number): Record<string, unknown> {
  if (atLeast(store, 'user_presence_modern')) return { ...modernPresence(row, user) };
  const info = legacyPresence(row, user);
  const aggregatedStatus = seconds(nowMs) - info.timestamp > OFFLINE_THRESHOLD_SECS ? 'offline' : info.status;
  return { website: { status: info.status, timestamp: info.timestamp }, aggregated: { status: aggregatedStatus, timestamp: info.timestamp } };
}

/**
 * The rows of the table in order of their last change: an append-only log of
 * (update id, user id), an entry going stale when its user's row changes again. Derived
 * from the rows (rebuilt when they are replaced by a restore or reset) and appended to by
 * each update, so "changed after N" costs a binary search plus what it finds.
 */
interface UpdateLog {
  rows: ReadonlyMap<number, unknown>;
  updateIds: number[];
  userIds: number[];
  stale: number;
}
const LOGS = new WeakMap<object, UpdateLog>();

function updateLog(store: Store): UpdateLog | null {
  const rows = store.rowsOf(PRESENCE.name, false) as Map<number, PresenceRecord> | undefined;
  if (rows === undefined) return null;
  let log = LOGS.get(store);
  if (log === undefined || log.rows !== rows) {
    const sorted = [...rows.values()].sort((a, b) => a.last_update_id - b.last_update_id);
    log = { rows, updateIds: sorted.map((r) => r.last_update_id), userIds: sorted.map((r) => r.id), stale: 0 };
    LOGS.set(store, log);
  }
  return log;
}

/** Record a row's new update id (the action calls it after each put); a log not built yet is built from the rows when read. */
export function notePresenceUpdate(store: Store, row: PresenceRecord, replaced: boolean): void {
  const log = LOGS.get(store);
  if (log === undefined || log.rows !== store.rowsOf(PRESENCE.name, false)) return;
  if (log.updateIds.length > 0 && (log.updateIds[log.updateIds.length - 1] as number) >= row.last_update_id) {
    LOGS.delete(store); // out of order: rebuilt on the next read
    return;
  }
  log.updateIds.push(row.last_update_id);
  log.userIds.push(row.id);
  if (replaced) log.stale++;
  if (log.stale > 1024 && log.stale > log.updateIds.length / 2) LOGS.delete(store); // compacted by rebuilding
}

/** The rows changed after update `after`, ascending by update id. */
function rowsChangedAfter(store: Store, after: number): PresenceRecord[] {
  const log = updateLog(store);
  if (log === null) return [];
  const table = store.table(PRESENCE);
  let lo = 0;
  let hi = log.updateIds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((log.updateIds[mid] as number) <= after) lo = mid + 1;
    else hi = mid;
  }
  const out: PresenceRecord[] = [];
  for (let i = lo; i < log.updateIds.length; i++) {
    const row = table.get(log.userIds[i] as number);
    if (row !== undefined && row.last_update_id === log.updateIds[i]) out.push(row);
  }
  return out;
}

export interface RealmPresenceQuery {
  slim: boolean;
  lastUpdateId: number | null;
  historyLimitDays: number | null;
}

/**
 * get_presence_dict_by_realm: active human users' presence, keyed by user id (slim) or
 * API email; only rows connected within history_limit_days (14 by default) unless the
 * client names a positive last_update_id, and then only rows changed after it. The
 * update id answered is the largest listed, else the client's, else -1.
 * NOTE: approximation: CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE is off (its default),
 * so nobody's presence is hidden from a guest.
 */
export function realmPresence(store: Store, nowMs: number, q: RealmPresenceQuery): { presences: Record<string, unknown>; lastUpdateId: number } {
  const presences: Record<string, unknown> = {};
  let rows: PresenceRecord[];
  if (q.historyLimitDays === 0) rows = [];
  // Every row is in the log (update ids start at 1), in the order of their last change.
  else rows = rowsChangedAfter(store, q.lastUpdateId ?? 0);
  const since = nowMs - (q.historyLimitDays ?? DEFAULT_HISTORY_DAYS) * 86_400_000;
  const filterByTime = q.lastUpdateId === null || q.lastUpdateId <= 0;
  let max: number | null = null;
  for (const row of rows) {
    const user = store.user(row.id);
    if (user === undefined || !user.is_active || user.is_bot) continue;
    // A row never connected has no time to compare (a SQL comparison with NULL is false).
    if (filterByTime && (row.last_connected_ms === null || row.last_connected_ms < since)) continue;
    const key = q.slim ? String(user.user_id) : apiEmail(user, store.realm);
    presences[key] = q.slim ? modernPresence(row, user) : legacyUserPresence(row, user);
    if (max === null || row.last_update_id > max) max = row.last_update_id;
  }
  return { presences, lastUpdateId: max ?? q.lastUpdateId ?? -1 };
}
