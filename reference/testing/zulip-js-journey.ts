// Journeys of the real zulip-js client, shared by the msw test
// (reference/adapters/zulip-js.test.ts) and the HTTP test (scripts/serve.test.ts):
// subscribe (creating a channel), send, fetch with narrows and search, list topics,
// unsubscribe; a timed one (zulipJsTimedJourney): drafts, scheduled messages and
// reminders, delivered when the clock moves; and an events one (zulipJsEventsJourney):
// register a queue, read and long-poll it, send typing, delete it. Every call goes
// through zulip-js's own request code.
import * as assert from 'uvu/assert';
import type { ZulipClient } from 'zulip-js';

/** The parts of a zulip-js client the journey uses (typed in scripts/zulip-js.d.ts). */
type ZulipJsClient = Pick<ZulipClient, 'users' | 'streams' | 'messages'>;

export async function zulipJsJourney(client: ZulipJsClient, channel: string): Promise<void> {
  const added = await client.users.me.subscriptions.add({ subscriptions: [{ name: channel, description: 'made by zulip-js' }] });
  assert.is(added.result, 'success', JSON.stringify(added));
  const { stream_id } = await client.streams.getStreamId(channel);
  assert.type(stream_id, 'number');

  const sent = await client.messages.send({ type: 'stream', to: channel, topic: 'journey', content: 'The **quick** brown fox' });
  assert.is(sent.result, 'success', JSON.stringify(sent));
  const dm = await client.messages.send({ type: 'direct', to: [6], content: 'a direct word' });
  assert.is(dm.result, 'success', JSON.stringify(dm));

  const inTopic = await client.messages.retrieve({
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'topic', operand: 'journey' },
    ],
  });
  assert.is(inTopic.result, 'success', JSON.stringify(inTopic));
  assert.equal(
    inTopic.messages.map((m: { id: number }) => m.id),
    [sent.id],
  );
  assert.is(inTopic.messages[0].content, '<p>The <strong>quick</strong> brown fox</p>');

  const found = await client.messages.retrieve({ anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'search', operand: 'fox' }] });
  assert.ok(found.messages.some((m: { id: number; match_content: string }) => m.id === sent.id && m.match_content.includes('class="highlight"')));
  const dms = await client.messages.retrieve({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'dm', operand: [6] }] });
  assert.ok(dms.messages.some((m: { id: number }) => m.id === dm.id));

  const topics = await client.streams.topics.retrieve({ stream_id });
  assert.ok(topics.topics.some((t: { name: string; max_id: number }) => t.name === 'journey' && t.max_id === sent.id), JSON.stringify(topics));

  // zulip-js sends DELETE parameters in the query string as given: JSON-encode the list.
  const removed = await client.users.me.subscriptions.remove({ subscriptions: JSON.stringify([channel]) });
  assert.equal(removed.removed, [channel], JSON.stringify(removed));
}

/** The server's clock and event record, through whatever control surface the test has. */
export interface JourneyClock {
  /** The server's time, in milliseconds. */
  now(): Promise<number>;
  advance(ms: number): Promise<void>;
  /** The events delivered to a user (control.events). */
  events(userId: number): Promise<Array<Record<string, any>>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Drafts, scheduled messages and reminders through zulip-js's callEndpoint, as Iago:
 * create, list, edit and delete each; then the clock moves and the scheduled message and
 * the reminder arrive. zulip-js sends POST parameters as multipart form data (arrays
 * JSON-encoded) and every other method's in the query string, so objects are
 * JSON-encoded by hand.
 */
export async function zulipJsTimedJourney(client: Pick<ZulipClient, 'callEndpoint' | 'messages'>, clock: JourneyClock): Promise<void> {
  const ok = (res: Json): Json => (assert.is(res.result, 'success', JSON.stringify(res)), res);
  const iago = 4;
  const nowS = Math.floor((await clock.now()) / 1000);

  // drafts
  const { ids } = ok(await client.callEndpoint('/drafts', 'POST', { drafts: [{ type: 'stream', to: [1], topic: 'plans', content: 'half a thought' }, { type: '', to: [], topic: '', content: 'loose' }] }));
  assert.is(ids.length, 2);
  const listed = ok(await client.callEndpoint('/drafts', 'GET'));
  assert.is(listed.count, 2);
  assert.equal(listed.drafts.map((d: Json) => d.type).sort(), ['', 'stream']);
  ok(await client.callEndpoint(`/drafts/${ids[0]}`, 'PATCH', { draft: JSON.stringify({ type: 'private', to: [6], topic: '', content: 'a whole thought' }) }));
  ok(await client.callEndpoint(`/drafts/${ids[1]}`, 'DELETE'));
  const after = ok(await client.callEndpoint('/drafts', 'GET'));
  assert.equal(after.drafts.map((d: Json) => [d.id, d.type, d.to, d.content]), [[ids[0], 'private', [6], 'a whole thought']]);

  // scheduled messages
  const channel = ok(await client.callEndpoint('/scheduled_messages', 'POST', { type: 'channel', to: 1, topic: 'later', content: 'first draft', scheduled_delivery_timestamp: nowS + 60 }));
  const direct = ok(await client.callEndpoint('/scheduled_messages', 'POST', { type: 'direct', to: [6], content: 'never mind', scheduled_delivery_timestamp: nowS + 30 }));
  assert.equal(ok(await client.callEndpoint('/scheduled_messages', 'GET')).scheduled_messages.map((m: Json) => m.scheduled_message_id), [direct.scheduled_message_id, channel.scheduled_message_id]);
  ok(await client.callEndpoint(`/scheduled_messages/${channel.scheduled_message_id}`, 'PATCH', { content: 'scheduled **hello**' }));
  ok(await client.callEndpoint(`/scheduled_messages/${direct.scheduled_message_id}`, 'DELETE'));
  const pending = ok(await client.callEndpoint('/scheduled_messages', 'GET')).scheduled_messages;
  assert.equal(pending.map((m: Json) => [m.scheduled_message_id, m.to, m.topic, m.content]), [[channel.scheduled_message_id, 1, 'later', 'scheduled **hello**']]);

  // reminders
  const target = ok(await client.messages.send({ type: 'stream', to: 'Verona', topic: 'remind me', content: 'the thing to remember' }));
  const reminder = ok(await client.callEndpoint('/reminders', 'POST', { message_id: target.id, scheduled_delivery_timestamp: nowS + 90, note: 'do it' }));
  const dropped = ok(await client.callEndpoint('/reminders', 'POST', { message_id: target.id, scheduled_delivery_timestamp: nowS + 95 }));
  ok(await client.callEndpoint(`/reminders/${dropped.reminder_id}`, 'DELETE'));
  const reminders = ok(await client.callEndpoint('/reminders', 'GET')).reminders;
  assert.equal(reminders.map((r: Json) => [r.reminder_id, r.reminder_target_message_id]), [[reminder.reminder_id, target.id]]);

  // the clock moves: both arrive, at their own instants
  await clock.advance(120_000);
  const events = await clock.events(iago);
  const messages = events.filter((e) => e.type === 'message').map((e) => e.message);
  const sent = messages.find((m) => m.content === '<p>scheduled <strong>hello</strong></p>');
  assert.ok(sent, 'the scheduled message was sent');
  assert.is(sent.sender_id, iago);
  assert.is(sent.timestamp, nowS + 60);
  const reminded = messages.find((m) => m.sender_id === 1 && m.timestamp === nowS + 90);
  assert.ok(reminded, 'Notification Bot sent the reminder');
  assert.match(reminded.content, /do it/);
  assert.ok(events.some((e) => e.type === 'scheduled_messages' && e.op === 'remove' && e.scheduled_message_id === channel.scheduled_message_id));
  assert.ok(events.some((e) => e.type === 'reminders' && e.op === 'remove' && e.reminder_id === reminder.reminder_id));
  assert.equal(ok(await client.callEndpoint('/scheduled_messages', 'GET')).scheduled_messages, []);
  assert.equal(ok(await client.callEndpoint('/reminders', 'GET')).reminders, []);
}

/** The parts of a zulip-js client the events journey uses. */
type ZulipJsEventsClient = Pick<ZulipClient, 'queues' | 'events' | 'typing' | 'messages'>;

/**
 * The event-queue journey of zulip-js: `queues.register`, `events.retrieve` (at once with
 * dont_block, then a long-poll that a message sent meanwhile releases), `typing.send`,
 * `queues.deregister`. `me` is the client's user id, `other` a second user's client.
 * `untilWaiting` resolves once the server holds the long-poll (the msw test counts the
 * waiting polls; over HTTP it waits a while): a poll answered after it waited names its
 * queue, one answered at once does not, so the journey knows which it got and tries again,
 * waiting longer, if the message overtook the poll.
 */
export async function zulipJsEventsJourney(client: ZulipJsEventsClient, me: number, other: ZulipJsEventsClient, otherId: number, untilWaiting: (attempt: number) => Promise<void>): Promise<void> {
  // zulip-js JSON-encodes event_types itself; its multipart body (the form-data package)
  // takes only strings, so other values come encoded.
  const registered = await client.queues.register({ event_types: ['message', 'typing'], apply_markdown: 'true', client_capabilities: JSON.stringify({ notification_settings_null: true }) });
  assert.is(registered.result, 'success', JSON.stringify(registered));
  const queue_id = registered.queue_id as string;
  assert.type(queue_id, 'string');
  assert.is(registered.last_event_id, -1);
  assert.type(registered.max_message_id, 'number', 'the state of the fetched types');
  assert.not.ok('realm_users' in registered, 'and only those');

  // zulip-js sends GET parameters through URLSearchParams: true is "true".
  const empty = await client.events.retrieve({ queue_id, last_event_id: -1, dont_block: true });
  assert.equal([empty.result, empty.events, 'queue_id' in empty], ['success', [], false], JSON.stringify(empty));

  let last = -1;
  let woke: Record<string, unknown> | undefined;
  for (let attempt = 0; attempt < 4 && woke === undefined; attempt++) {
    const poll = client.events.retrieve({ queue_id, last_event_id: last });
    await untilWaiting(attempt);
    const sent = await other.messages.send({ type: 'direct', to: [me], content: `wake up ${attempt}` });
    assert.is(sent.result, 'success', JSON.stringify(sent));
    const answer = await poll;
    assert.is(answer.result, 'success', JSON.stringify(answer));
    const events = answer.events as Array<{ id: number; type: string; message: { id: number; content: string } }>;
    assert.equal(events.map((e) => [e.type, e.message.id]), [['message', sent.id]]);
    assert.is(events[0]!.message.content, `<p>wake up ${attempt}</p>`);
    last = events[0]!.id;
    if (answer.queue_id === queue_id) woke = answer;
  }
  assert.ok(woke, 'the long-poll waited for the message');

  const typed = await client.typing.send({ to: [otherId], op: 'start' });
  assert.is(typed.result, 'success', JSON.stringify(typed));
  const typing = await client.events.retrieve({ queue_id, last_event_id: last, dont_block: true });
  const [event] = typing.events as Array<Record<string, unknown>>;
  assert.equal([event?.['type'], event?.['op'], event?.['message_type'], (event?.['sender'] as { user_id: number }).user_id], ['typing', 'start', 'direct', me]);
  assert.equal(((event?.['recipients'] as Array<{ user_id: number }>).map((r) => r.user_id)).sort((a, b) => a - b), [me, otherId].sort((a, b) => a - b));

  const gone = await client.queues.deregister({ queue_id });
  assert.is(gone.result, 'success', JSON.stringify(gone));
  const after = await client.events.retrieve({ queue_id, last_event_id: last, dont_block: true });
  assert.equal([after.result, after.code, after.queue_id], ['error', 'BAD_EVENT_QUEUE_ID', queue_id]);
}
