// Reporting presence (zulip/zulip zerver/actions/presence.py do_update_user_presence,
// update_user_presence, send_presence_changed) and the presence side of turning the
// presence_enabled setting on or off (zerver/actions/user_settings.py
// do_change_user_setting).
import { notePresenceUpdate, legacyPresence, modernPresence, OFFLINE_THRESHOLD_SECS, PRESENCE_PING_INTERVAL_SECS, PRESENCE_UPDATE_MIN_FREQ_SECONDS, USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS } from '../domain/presence.ts';
import { userSetting } from '../domain/user-settings.ts';
import { BadRequest } from '../errors.ts';
import { PRESENCE, PRESENCE_SEQUENCE, type PresenceRecord } from '../state/presence.ts';
import { apiEmail } from '../state/store.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { activeUserIds } from './channel-events.ts';

export type PresenceStatus = 'active' | 'idle';

/** UserPresence.status_from_string. */
export function checkPresenceStatus(status: string): PresenceStatus {
  if (status !== 'active' && status !== 'idle') throw new BadRequest(`Invalid status: ${status}`);
  return status;
}

/** Bots may not report presence or set a status (the human_users_only decorator), checked before any parameter. */
export function requireHuman(actor: User): void {
  if (actor.is_bot) throw new BadRequest('This endpoint does not accept bot requests.');
}

const ONE_DAY_MS = 86_400_000;

/** update_user_presence: nothing is recorded for a user who turned presence off. */
export function updateUserPresence(world: World, actor: User, status: PresenceStatus): void {
  if (userSetting(actor, 'presence_enabled') === false) return;
  doUpdateUserPresence(world, actor, world.nowMs(), status, false);
}

/**
 * do_update_user_presence: a first report creates the row (connected now, active now if
 * active); later ones move each time forward only when it is more than 55 s old. Any
 * change takes the next number of the realm's presence sequence. The presence event goes
 * out on a first report, when the user comes back after long enough to look offline, or
 * when forced.
 */
export function doUpdateUserPresence(world: World, user: User, nowMs: number, status: PresenceStatus, force: boolean, base?: PresenceRecord): void {
  const store = world.store;
  const table = store.table(PRESENCE);
  const old = base ?? table.get(user.user_id);
  const creating = old === undefined;
  const row: PresenceRecord = old
    ? { ...old }
    : { id: user.user_id, last_connected_ms: nowMs, last_active_ms: status === 'active' ? nowMs : null, last_update_id: 0 };
  const sinceActive = old?.last_active_ms != null ? nowMs - old.last_active_ms : ONE_DAY_MS;
  const sinceConnected = old?.last_connected_ms != null ? nowMs - old.last_connected_ms : ONE_DAY_MS;
  const nowOnline = sinceActive > (OFFLINE_THRESHOLD_SECS - PRESENCE_PING_INTERVAL_SECS - 10) * 1000;
  const becameOnline = status === 'active' && nowOnline;
  let changed = creating;
  if (!creating && sinceConnected > PRESENCE_UPDATE_MIN_FREQ_SECONDS * 1000) {
    row.last_connected_ms = nowMs;
    changed = true;
  }
  if (!creating && status === 'active' && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECONDS * 1000) {
    row.last_active_ms = nowMs;
    if (row.last_connected_ms === null || nowMs > row.last_connected_ms) row.last_connected_ms = nowMs;
    changed = true;
  }
  if (changed || base !== undefined) {
    row.last_update_id = store.nextId(PRESENCE_SEQUENCE);
    table.put(row);
    notePresenceUpdate(store, row, !creating);
  }
  if (force || creating || becameOnline) sendPresenceChanged(world, user, row, force);
}

/**
 * send_presence_changed: to every active user of the realm (the sender too), not at all
 * in a realm of more than 100 users unless forced. Each queue gets it in the format it
 * asked for (state/event-hub.ts).
 */
function sendPresenceChanged(world: World, user: User, row: PresenceRecord, force: boolean): void {
  const store = world.store;
  if (!force && !fewActiveUsers(world)) return;
  const to = activeUserIds(store);
  const legacy = legacyPresence(row, user);
  store.emit(to, {
    type: 'presence',
    user_id: user.user_id,
    email: apiEmail(user, store.realm),
    server_timestamp: world.nowMs() / 1000,
    legacy_presence: { [legacy.client]: legacy },
    modern_presence: modernPresence(row, user),
  });
}

/** At most USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS active users (counting stops past it). */
function fewActiveUsers(world: World): boolean {
  let n = 0;
  for (const u of world.store.data.users.values()) {
    if (u.is_active && !u.is_system_bot && ++n > USER_LIMIT_FOR_SENDING_PRESENCE_UPDATE_EVENTS) return false;
  }
  return true;
}

/**
 * The presence side of changing presence_enabled (already stored on `user`): turned on,
 * an active report now, forced out to everyone; turned off, the row is backdated so that
 * clients show the user offline (a user with no row, or an old enough one, is left as is).
 */
export function presenceEnabledChanged(world: World, user: User, enabled: boolean): void {
  const now = world.nowMs();
  if (enabled) {
    doUpdateUserPresence(world, user, now, 'active', true);
    return;
  }
  const old = world.store.table(PRESENCE).get(user.user_id);
  if (old === undefined || old.last_connected_ms === null) return;
  const backdated = now - (OFFLINE_THRESHOLD_SECS + PRESENCE_UPDATE_MIN_FREQ_SECONDS + 10) * 1000;
  const minimumPrevious = backdated - (PRESENCE_UPDATE_MIN_FREQ_SECONDS + 10) * 1000;
  if (old.last_connected_ms <= backdated) return;
  const base: PresenceRecord = { ...old, last_connected_ms: Math.min(minimumPrevious, old.last_connected_ms) };
  let status: PresenceStatus = 'idle';
  if (old.last_active_ms !== null && old.last_active_ms >= backdated) {
    base.last_active_ms = Math.min(minimumPrevious, old.last_active_ms);
    status = 'active';
  }
  doUpdateUserPresence(world, user, backdated, status, true, base);
}
