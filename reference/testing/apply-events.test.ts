// The client-side applier on hand-written events, for what a random walk seldom reaches:
// drafts, scheduled messages and reminders through every operation, in the orders the
// GET /events documentation and zulip/zulip zerver/lib/events.py apply_event keep; and
// its rules: events of types the client did not fetch are skipped, an unknown type is an
// error. reference/domain/apply-events.property.test.ts holds the reference's events to
// fresh registrations through the same applier.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyEvents, finishClientState, HANDLERS, startClientState, UNFOLLOWED_EVENT_TYPES, type Obj } from './apply-events.ts';

const options = (fetchEventTypes: string[] | null = null) => ({ userId: 6, clientGravatar: true, includeSubscribers: true, capabilities: {}, fetchEventTypes });
const apply = (state: Obj, events: Obj[], fetch: string[] | null = null) => {
  const client = startClientState({ result: 'success', msg: '', queue_id: 'q', last_event_id: -1, ...state }, options(fetch));
  applyEvents(client, events);
  return finishClientState(client);
};
const draft = (id: number, content: string) => ({ id, type: 'stream', to: [1], topic: 't', content, timestamp: 1000 + id });

test('drafts: add appends, update replaces in place, remove deletes', () => {
  const out = apply({ drafts: [draft(2, 'b'), draft(1, 'a')] }, [
    { type: 'drafts', op: 'add', drafts: [draft(3, 'c')] },
    { type: 'drafts', op: 'update', draft: draft(1, 'A') },
    { type: 'drafts', op: 'remove', draft_id: 2 },
  ]);
  assert.equal(out['drafts'], [draft(1, 'A'), draft(3, 'c')]);
  assert.throws(() => apply({ drafts: [] }, [{ type: 'drafts', op: 'remove', draft_id: 9 }]), /does not have/);
});

const scheduled = (id: number, at: number) => ({ scheduled_message_id: id, to: 1, type: 'stream', content: 'x', rendered_content: '<p>x</p>', topic: 't', scheduled_delivery_timestamp: at, failed: false });

test('scheduled_messages: kept in delivery order through add, update and remove', () => {
  const out = apply({ scheduled_messages: [scheduled(1, 100), scheduled(2, 300)] }, [
    { type: 'scheduled_messages', op: 'add', scheduled_messages: [scheduled(3, 200)] },
    { type: 'scheduled_messages', op: 'update', scheduled_message: { ...scheduled(1, 400), failed: true } },
    { type: 'scheduled_messages', op: 'remove', scheduled_message_id: 2 },
  ]);
  assert.equal(out['scheduled_messages'], [scheduled(3, 200), { ...scheduled(1, 400), failed: true }]);
});

const reminder = (id: number, at: number) => ({ reminder_id: id, to: [6], type: 'private', content: 'r', rendered_content: '<p>r</p>', scheduled_delivery_timestamp: at, failed: false, reminder_target_message_id: 9 });

test('reminders: added in delivery order, removed by id', () => {
  const out = apply({ reminders: [reminder(1, 500)] }, [
    { type: 'reminders', op: 'add', reminders: [reminder(2, 100)] },
    { type: 'reminders', op: 'add', reminders: [reminder(3, 900)] },
    { type: 'reminders', op: 'remove', reminder_id: 1 },
  ]);
  assert.equal(out['reminders'], [reminder(2, 100), reminder(3, 900)]);
});

test('unread messages of a channel the user left are listed again once they subscribe again, unless read meanwhile', () => {
  const empty = { pms: [], streams: [], huddles: [], mentions: [], count: 0, old_unreads_missing: false };
  const channel = { stream_id: 8, name: 'x', subscribers: [] };
  const message = (id: number) => ({ type: 'message', flags: [], message: { id, type: 'stream', stream_id: 8, subject: 't', display_recipient: 'x' } });
  const state = { max_message_id: 1, unread_msgs: empty, subscriptions: [], unsubscribed: [channel], never_subscribed: [] };
  const add = { type: 'subscription', op: 'add', subscriptions: [channel] };
  assert.equal(apply(state, [message(2)])['unread_msgs'], empty);
  assert.equal((apply(state, [message(2), message(3), { type: 'update_message_flags', op: 'add', flag: 'read', messages: [3] }, add])['unread_msgs'] as Obj)['streams'], [
    { stream_id: 8, topic: 't', unread_message_ids: [2] },
  ]);
});

test('events of types the client did not fetch are skipped; an unknown type is an error', () => {
  const add = { type: 'drafts', op: 'add', drafts: [draft(1, 'a')] };
  assert.equal(apply({ drafts: [] }, [add], ['message'])['drafts'], []);
  assert.equal(apply({ drafts: [] }, [add], ['drafts'])['drafts'], [draft(1, 'a')]);
  assert.throws(() => apply({}, [{ type: 'no_such_event' }]), /Unexpected event type no_such_event/);
  assert.equal(apply({ drafts: [] }, [{ type: 'heartbeat' }, { type: 'typing', op: 'start' }]), { drafts: [] });
  // The types upstream's apply_event knows and this applier does not: none it knows.
  assert.equal([...UNFOLLOWED_EVENT_TYPES].filter((t) => t in HANDLERS), []);
  assert.throws(() => apply({}, [{ type: 'realm_playgrounds' }]), /Unexpected event type realm_playgrounds/);
});

test('user_status sets the fields given, removes cleared ones, and drops a user left with nothing', () => {
  const set = { type: 'user_status', user_id: 7, status_text: 'away', emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' };
  assert.equal(apply({ user_status: {} }, [set])['user_status'], { '7': { status_text: 'away', emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' } });
  const clearEmoji = { type: 'user_status', user_id: 7, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  assert.equal(apply({ user_status: {} }, [set, clearEmoji])['user_status'], { '7': { status_text: 'away' } });
  const clearText = { type: 'user_status', user_id: 7, status_text: '' };
  assert.equal(apply({ user_status: {} }, [set, clearEmoji, clearText])['user_status'], {});
  assert.equal(apply({ user_status: {} }, [{ type: 'user_status', user_id: 8, away: true }])['user_status'], { '8': { away: true } });
});

test('muted_users and alert_words replace the whole list', () => {
  const state = apply({ muted_users: [], alert_words: ['a'] }, [
    { type: 'muted_users', muted_users: [{ id: 3, timestamp: 5 }] },
    { type: 'alert_words', alert_words: ['b', 'c'] },
  ]);
  assert.equal(state['muted_users'], [{ id: 3, timestamp: 5 }]);
  assert.equal(state['alert_words'], ['b', 'c']);
});

test.run();
