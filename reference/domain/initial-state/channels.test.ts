// The registration response's channels: include_subscribers, the archived_channels and
// notification_settings_null capabilities, what a user who left keeps, and that guests
// and bots never learn of a channel they may not see, in any key.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../../index.ts';
import { hasMetadataAccess, MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE } from '../channels.ts';
import { callAs } from '../../testing/call-as.ts';
import { registerState, type ViewChange } from '../../testing/register-state.ts';

type Sub = Record<string, unknown> & { stream_id: number; name: string };
const channelId = (ref: Reference, name: string) => ref.store.channelByName(name)!.stream_id;
const lists = (ref: Reference, who: string, change: ViewChange = {}) => {
  const s = registerState(ref, who, { fetch: ['subscription', 'stream'], ...change });
  return {
    subscriptions: s['subscriptions'] as Sub[],
    unsubscribed: s['unsubscribed'] as Sub[],
    never: s['never_subscribed'] as Sub[],
    streams: s['streams'] as Sub[],
  };
};
const names = (subs: Sub[]) => subs.map((s) => s.name);
const archive = (ref: Reference, name: string) =>
  assert.is(ref.dispatch({ method: 'POST', path: `/_understudy/channels/${channelId(ref, name)}/archive` }).status, 200);

test('subscriptions, unsubscribed and never_subscribed are sorted by name and partition what the user may see', () => {
  const ref = createReference();
  const l = lists(ref, 'hamlet');
  assert.equal(names(l.subscriptions), ['Denmark', 'Rome', 'Scotland', 'Verona', 'core team']);
  assert.equal(names(l.unsubscribed), []);
  assert.equal(names(l.never), ['Venice']);
  assert.equal(names(l.streams), ['Denmark', 'Rome', 'Scotland', 'Venice', 'Verona', 'core team']);
  assert.equal(names(lists(ref, 'iago').streams), ['Denmark', 'Rome', 'Scotland', 'Venice', 'Verona', 'core team', 'moderation requests']);
});

test('include_subscribers: no lists with false; the full lists with true and partial (small channels)', () => {
  const ref = createReference();
  const none = lists(ref, 'hamlet', { includeSubscribers: 'false' });
  for (const sub of [...none.subscriptions, ...none.never]) {
    assert.not.ok('subscribers' in sub, sub.name);
    assert.is(sub['subscriber_count'], ref.store.subscriberCount(sub.stream_id));
  }
  for (const mode of ['true', 'partial'] as const) {
    const all = lists(ref, 'hamlet', { includeSubscribers: mode });
    for (const sub of [...all.subscriptions, ...all.never]) assert.equal(sub['subscribers'], ref.store.subscribers(sub.stream_id), `${mode} ${sub.name}`);
    assert.not.ok(all.streams.some((s) => 'subscribers' in s), 'streams never list subscribers');
  }
});

test('include_subscribers=partial: a channel of 1000 subscribers or more lists them as partial_subscribers', () => {
  const ref = createReference();
  const ids: number[] = [];
  for (let i = 0; i < MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE; i++) {
    ids.push(ref.control.addUser({ email: `crowd${i}@zulip.com`, full_name: `Crowd ${i}` }).user_id);
  }
  const big = (n: number) => {
    const res = callAs(ref, 'iago', 'POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'crowd' }]), principals: JSON.stringify([ref.store.userByEmail('iago@zulip.com')!.user_id, ...ids.slice(0, n)]) });
    assert.is(res.status, 200, res.body);
  };
  big(MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE - 2);
  const find = (l: Sub[]) => l.find((s) => s.name === 'crowd')!;
  // 998 + iago: still below the threshold.
  assert.equal(find(lists(ref, 'iago', { includeSubscribers: 'partial' }).subscriptions)['subscribers'], ref.store.subscribers(channelId(ref, 'crowd')));
  big(MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE);
  const count = ref.store.subscriberCount(channelId(ref, 'crowd'));
  assert.ok(count >= MIN_PARTIAL_SUBSCRIBERS_CHANNEL_SIZE);
  for (const [mode, key, other] of [['partial', 'partial_subscribers', 'subscribers'], ['true', 'subscribers', 'partial_subscribers']] as const) {
    const l = lists(ref, 'iago', { includeSubscribers: mode });
    const mine = find(l.subscriptions);
    assert.is((mine[key] as number[]).length, count, mode);
    assert.not.ok(other in mine, mode);
    const seen = find(lists(ref, 'hamlet', { includeSubscribers: mode }).never);
    assert.ok(key in seen && !(other in seen), `${mode} never_subscribed`);
    // Small channels keep the full list under either mode.
    assert.ok(l.subscriptions.filter((s) => s.name !== 'crowd').every((s) => 'subscribers' in s && !('partial_subscribers' in s)));
  }
});

test('archived channels appear only with archived_channels', () => {
  const ref = createReference();
  archive(ref, 'Scotland');
  archive(ref, 'Venice');
  const without = lists(ref, 'hamlet');
  assert.not.ok([...without.subscriptions, ...without.never, ...without.streams].some((s) => s.name === 'Scotland' || s.name === 'Venice'));
  const withCap = lists(ref, 'hamlet', { capabilities: { archived_channels: true } });
  assert.equal(withCap.subscriptions.find((s) => s.name === 'Scotland')?.['is_archived'], true);
  assert.equal(withCap.never.find((s) => s.name === 'Venice')?.['is_archived'], true);
  assert.ok(withCap.streams.some((s) => s.name === 'Venice'));
});

test('notification settings: null shown as the user default unless notification_settings_null', () => {
  const ref = createReference();
  const hamlet = ref.store.userByEmail('hamlet@zulip.com')!.user_id;
  const verona = channelId(ref, 'Verona');
  ref.store.putSubscription({ ...ref.store.subscription(hamlet, verona)!, push_notifications: true });
  const old = lists(ref, 'hamlet').subscriptions.find((s) => s.name === 'Verona')!;
  assert.equal(
    [old['desktop_notifications'], old['audible_notifications'], old['push_notifications'], old['email_notifications'], old['wildcard_mentions_notify']],
    [false, false, true, false, null],
  );
  const modern = lists(ref, 'hamlet', { capabilities: { notification_settings_null: true } }).subscriptions.find((s) => s.name === 'Verona')!;
  assert.equal([modern['desktop_notifications'], modern['push_notifications'], modern['wildcard_mentions_notify']], [null, true, null]);
});

test('leaving: a public channel moves to unsubscribed; a private one disappears unless the user administers the organization', () => {
  const ref = createReference();
  for (const who of ['hamlet', 'iago']) {
    const res = callAs(ref, who, 'DELETE', '/users/me/subscriptions', { subscriptions: ['Verona', 'core team'] });
    assert.is(res.status, 200, res.body);
  }
  const hamlet = lists(ref, 'hamlet');
  assert.equal(names(hamlet.unsubscribed), ['Verona']);
  assert.not.ok([...hamlet.subscriptions, ...hamlet.never, ...hamlet.streams].some((s) => s.name === 'core team'));
  assert.equal(names(lists(ref, 'iago').unsubscribed), ['Verona', 'core team']);
});

/** Every channel id and name the state mentions anywhere. */
function channelMentions(ref: Reference, state: Record<string, unknown>): { ids: Set<number>; text: string } {
  const ids = new Set<number>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'stream_id' || k === 'folder_id') && typeof x === 'number') ids.add(x);
        walk(x);
      }
    }
  };
  walk(state);
  for (const id of state['realm_default_streams'] as number[]) ids.add(id);
  return { ids, text: JSON.stringify(state) };
}

for (const who of ['polonius', 'default-bot']) {
  test(`${who} learns of no channel they may not see, in any key`, () => {
    const ref = createReference();
    const user = ref.store.userByEmail(`${who}@zulip.com`)!;
    // Give them unread messages, topics and a private channel they were never in.
    assert.is(callAs(ref, 'hamlet', 'POST', '/users/me/subscriptions', { subscriptions: [{ name: 'hidden plans' }], invite_only: true }).status, 200);
    callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'hidden plans', topic: 'secret', content: 'shh' });
    callAs(ref, 'hamlet', 'POST', '/messages', { type: 'stream', to: 'Verona', topic: 'open', content: `@**all** hello` });
    const state = registerState(ref, who, { includeSubscribers: 'true', capabilities: { archived_channels: true } });
    const { ids, text } = channelMentions(ref, state);
    const now = ref.control.now();
    for (const c of ref.store.channels()) {
      const may = hasMetadataAccess(ref.store, user, c, now);
      if (!may) {
        assert.not.ok(ids.has(c.stream_id), `${who}: ${c.name} by id`);
        assert.not.ok(text.includes(JSON.stringify(c.name)), `${who}: ${c.name} by name`);
      }
    }
    assert.ok(ids.size > 0, 'they do see some channels');
    assert.not.ok(text.includes('secret'), 'nor the topics of a hidden channel');
    assert.equal(state['realm_default_streams'], who === 'polonius' ? [] : ref.store.channels().filter((c) => c.is_default).map((c) => c.stream_id).sort((a, b) => a - b));
  });
}

test.run();
