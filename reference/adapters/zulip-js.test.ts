// The real zulip-js client against the reference through msw's setupServer.
// zulip-js calls isomorphic-fetch, which in Node is node-fetch 2 over node:http's
// ClientRequest (not the global fetch); msw's setupServer intercepts ClientRequest
// too, so the handlers answer it. Its POST bodies are multipart (the form-data package).
// The same client over a real socket against `npm start`: scripts/serve.test.ts.
import { setupServer } from 'msw/node';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { createHandlers } from './msw.ts';
import { zulipJsEventsJourney, zulipJsJourney, zulipJsTimedJourney } from '../testing/zulip-js-journey.ts';

// zulip-js (through isomorphic-form-data) replaces the global FormData with the
// form-data package's, which fetch cannot send; put the platform's back after loading it.
const platformFormData = globalThis.FormData;
const { default: zulipInit } = await import('zulip-js');
globalThis.FormData = platformFormData;

const REALM = 'http://zulip.example.test';

test('zulip-js logs in as Iago and lists users, channels and subscriptions through msw', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    assert.is(client.config.apiKey, 'kTf1UbMHKe0sbkgDym68apgMzeURDOzd');
    const users = await client.users.retrieve();
    assert.is(users.result, 'success');
    assert.ok(users.members.some((u: { email: string }) => u.email === 'hamlet@zulip.com'));
    const streams = await client.streams.retrieve();
    assert.is(streams.result, 'success');
    assert.ok(streams.streams.some((s: { name: string }) => s.name === 'Verona'));
    const subs = await client.streams.subscriptions.retrieve();
    assert.is(subs.result, 'success');
    assert.ok(subs.subscriptions.length > 0);
    const me = await client.users.me.getProfile();
    assert.is(me.user_id, 4);
  } finally {
    server.close();
  }
});

test('zulip-js subscribes, sends, fetches with narrows and search, lists topics and unsubscribes through msw', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    await zulipJsJourney(client, 'zulip-js journey');
  } finally {
    server.close();
  }
});

test('zulip-js creates, lists, edits and deletes drafts, scheduled messages and reminders through msw; both arrive when the clock moves', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    await zulipJsTimedJourney(client, {
      now: async () => reference.control.now(),
      advance: async (ms) => reference.control.advance(ms),
      events: async (userId) => reference.control.events(userId),
    });
  } finally {
    server.close();
  }
});

test('zulip-js registers a queue, reads it, long-polls until a message arrives, sends typing and deletes it, through msw', async () => {
  const reference = createReference();
  const server = setupServer(...createHandlers(reference, { baseUrl: REALM }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const iago = await zulipInit({ username: 'iago@zulip.com', password: 'secret', realm: REALM });
    const othello = await zulipInit({ username: 'othello@zulip.com', password: 'secret', realm: REALM });
    // The server answers a waiting poll within milliseconds of an event: send only once it waits.
    const untilWaiting = async () => {
      for (let i = 0; i < 500 && reference.control.waitingPolls() === 0; i++) await new Promise((done) => setTimeout(done, 2));
      assert.is(reference.control.waitingPolls(), 1);
    };
    await zulipJsEventsJourney(iago, 4, othello, 8, untilWaiting);
    assert.is(reference.control.waitingPolls(), 0);
  } finally {
    server.close();
  }
});

test.run();
