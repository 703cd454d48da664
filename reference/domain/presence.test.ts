// Presence: the update log answers "changed since N" as a scan of every row would, through
// updates, a snapshot restored and a reset; the realm listing's filters; refusals change
// nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { PRESENCE } from '../state/presence.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { realmPresence } from './presence.ts';

const USERS = ['hamlet', 'cordelia', 'othello', 'iago', 'prospero', 'aaron'];
const report = (ref: Reference, who: string, status = 'active') => callAs(ref, who, 'POST', '/users/me/presence', { status, ping_only: true });

/** What a scan of every row gives: the ids of active humans' rows changed after `after`. */
function scan(ref: Reference, after: number): string[] {
  return ref.store
    .table(PRESENCE)
    .all()
    .filter((r) => r.last_update_id > after && ref.store.user(r.id)?.is_active && !ref.store.user(r.id)?.is_bot)
    .map((r) => String(r.id))
    .sort();
}
const viaLog = (ref: Reference, after: number) => Object.keys(realmPresence(ref.store, ref.control.now(), { slim: true, lastUpdateId: after, historyLimitDays: null }).presences).sort();

test('changed-since answers equal a scan of every row, through updates, restore and reset', () => {
  const ref = createReference({ clock: 'manual' });
  for (const u of USERS) assert.equal(report(ref, u).status, 200, u);
  const snap = ref.control.snapshot();
  for (let round = 0; round < 6; round++) {
    ref.control.advance(60_000 + round * 50_000);
    for (const u of USERS.slice(round % 3)) report(ref, u, round % 2 ? 'idle' : 'active');
    for (let after = 0; after < 40; after += 3) assert.equal(viaLog(ref, after), scan(ref, after), `round ${round}, after ${after}`);
  }
  ref.control.restore(snap);
  for (let after = 0; after < 10; after++) assert.equal(viaLog(ref, after), scan(ref, after), `restored, after ${after}`);
  ref.control.reset();
  assert.equal(viaLog(ref, 0), []);
  report(ref, 'hamlet');
  assert.equal(viaLog(ref, 0), scan(ref, 0));
});

test('a report within 55 seconds of the last changes nothing; later ones take a new update id', () => {
  const ref = createReference({ clock: 'manual' });
  report(ref, 'hamlet');
  const id = ref.store.userByEmail('hamlet@zulip.com')!.user_id;
  const first = ref.store.table(PRESENCE).get(id)!;
  ref.control.advance(30_000);
  assertUnchanged(ref, () => report(ref, 'hamlet'));
  ref.control.advance(30_000);
  report(ref, 'hamlet');
  const second = ref.store.table(PRESENCE).get(id)!;
  assert.ok(second.last_update_id > first.last_update_id);
  assert.equal(second.last_active_ms, ref.control.now());
});

test('refusals change nothing', () => {
  const ref = createReference({ clock: 'manual' });
  assertUnchanged(ref, () => callAs(ref, 'hamlet', 'POST', '/users/me/presence', { status: 'away' }));
  assertUnchanged(ref, () => callAs(ref, 'hamlet', 'POST', '/users/me/status', { status_text: 'x', emoji_name: 'no_such_emoji' }));
  assertUnchanged(ref, () => callAs(ref, 'hamlet', 'POST', '/users/me/muted_users/' + ref.store.userByEmail('hamlet@zulip.com')!.user_id));
  assertUnchanged(ref, () => callAs(ref, 'hamlet', 'POST', '/users/me/alert_words', { alert_words: ['x'.repeat(101)] }));
});

test('the listing leaves out rows not connected within history_limit_days', () => {
  const ref = createReference({ clock: 'manual' });
  report(ref, 'hamlet');
  ref.control.advance(3 * 86_400_000);
  report(ref, 'cordelia');
  const list = (days: number | null) => Object.keys(realmPresence(ref.store, ref.control.now(), { slim: true, lastUpdateId: null, historyLimitDays: days }).presences).length;
  assert.equal([list(null), list(2), list(0)], [2, 1, 0]);
});

test.run();
