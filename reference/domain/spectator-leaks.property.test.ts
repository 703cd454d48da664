// A logged-out spectator never reads a message it may not: random sequences of channel
// creations (public, private with shared or protected history, web-public), channel and
// direct messages, archivings and changes of the two settings that open the door (the
// organization's enable_spectator_access, the server's web_public_streams_enabled) run
// against the reference; after every step the spectator asks for everything it can
// (GET /json/messages with channels:web-public, by anchor and by message_ids, and a search
// for each message's unique word; GET /json/messages/{id} for every message sent).
// The oracle is the small model below, written from the access rules
// (zerver/lib/message.py access_web_public_message, zerver/lib/streams.py
// get_web_public_streams_queryset, zerver/models/realms.py web_public_streams_enabled)
// and the fixture's JSON, never from reference/ code.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import realm from '../../fixtures/realm.json' with { type: 'json' };
import { createReference, type Reference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const SEED = Number(process.env['LEAK_SEED'] ?? 20_261_129);
const RUNS = Number(process.env['LEAK_RUNS'] ?? 30);
const WEB_PUBLIC = { operator: 'channels', operand: 'web-public' };

type Kind = 'public' | 'private-shared' | 'private-protected' | 'web-public';
interface MChannel {
  name: string;
  id: number;
  webPublic: boolean;
}
interface MMessage {
  id: number;
  word: string;
  /** The channel's name, or null for a direct message. */
  channel: string | null;
}

class Model {
  channels: MChannel[] = realm.channels.map((c) => ({
    name: c.name,
    id: c.stream_id,
    webPublic: c.is_web_public === true && c.invite_only !== true && c.history_public_to_subscribers !== false,
  }));
  messages: MMessage[] = [];
  spectatorAccess = realm.realm.enable_spectator_access;
  serverSetting = true;
  n = 0;
  open(): boolean {
    return this.spectatorAccess && this.serverSetting;
  }
  /** May a spectator read this message by id (access_web_public_message)? */
  readable(m: MMessage): boolean {
    const c = this.channels.find((ch) => ch.name === m.channel);
    return this.open() && c !== undefined && c.webPublic;
  }
  /** Does GET /json/messages answer at all (allow_web_public_streams_access: some web-public channel)? */
  listable(): boolean {
    return this.open() && this.channels.some((c) => c.webPublic);
  }
}

type Command = (model: Model, ref: Reference) => void;

const ok = (res: { json: Record<string, unknown> }, what: string) => {
  assert.is(res.json['result'], 'success', `${what}: ${JSON.stringify(res.json)}`);
  return res.json;
};

const createChannel = (kind: Kind): Command => (model, ref) => {
  const name = `c${model.n++}-${kind}`;
  const params: Record<string, unknown> = { subscriptions: [{ name }] };
  if (kind === 'web-public') params['is_web_public'] = true;
  if (kind.startsWith('private')) {
    params['invite_only'] = true;
    params['history_public_to_subscribers'] = kind === 'private-shared';
  }
  const res = callAs(ref, 'desdemona', 'POST', '/users/me/subscriptions', params);
  // A web-public channel can be created (by the owner) only while web-public channels are enabled.
  if (kind === 'web-public' && !model.open()) {
    assert.is(res.status, 400, `create ${name} while web-public channels are off`);
    return;
  }
  ok(res, `create ${name}`);
  const id = ref.store.channelByName(name)!.stream_id;
  model.channels.push({ name, id, webPublic: kind === 'web-public' });
};

const sendToChannel = (pick: number): Command => (model, ref) => {
  const channel = model.channels[pick % model.channels.length] as MChannel;
  const word = `w${model.n++}x`;
  const res = callAs(ref, 'desdemona', 'POST', '/messages', { type: 'stream', to: channel.name, topic: 't', content: `say ${word}` });
  // An archived channel, or a private one of the fixture the owner is not in, takes no message.
  if (res.json['result'] !== 'success') return;
  model.messages.push({ id: res.json['id'] as number, word, channel: channel.name });
};

const sendDirect: Command = (model, ref) => {
  const word = `w${model.n++}x`;
  const res = ok(callAs(ref, 'desdemona', 'POST', '/messages', { type: 'direct', to: ['hamlet@zulip.com'], content: `psst ${word}` }), 'dm');
  model.messages.push({ id: res['id'] as number, word, channel: null });
};

const archive = (pick: number): Command => (model, ref) => {
  const channel = model.channels[pick % model.channels.length] as MChannel;
  // Archived, a web-public channel stays web-public (the queryset does not look at it).
  // A channel archived already is refused (400), which changes nothing.
  const res = ref.dispatch({ method: 'POST', path: `/_understudy/channels/${channel.id}/archive` });
  assert.ok(res.status === 200 || res.status === 400, `archive ${channel.name}: ${res.status}`);
};

const setting = (spectators: boolean, server: boolean): Command => (model, ref) => {
  ref.control.setConfig({ enable_spectator_access: spectators, web_public_streams_enabled: server });
  model.spectatorAccess = spectators;
  model.serverSetting = server;
};

function spectatorGet(ref: Reference, path: string, query: Record<string, unknown> = {}) {
  const encoded = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return ref.dispatch({ method: 'GET', path, query: encoded });
}

/** Everything a spectator can ask, against the model. */
function check(model: Model, ref: Reference): void {
  const channelOf = new Map(model.channels.map((c) => [c.id, c]));
  const list = spectatorGet(ref, '/json/messages', { anchor: 'newest', num_before: 5000, num_after: 0, narrow: [WEB_PUBLIC] });
  if (!model.listable()) {
    assert.is(list.status, 401, 'no web-public access: the session 401');
  } else {
    const messages = ok(list, 'list')['messages'] as Array<{ id: number; stream_id?: number; flags: string[] }>;
    for (const m of messages) {
      assert.ok(m.stream_id !== undefined && channelOf.get(m.stream_id)?.webPublic === true, `message ${m.id} is not of a web-public channel`);
      assert.equal(m.flags, ['read']);
    }
    const got = new Set(messages.map((m) => m.id));
    for (const m of model.messages) assert.is(got.has(m.id), model.readable(m), `message ${m.id} listed`);
    if (model.messages.length > 0) {
      const byIds = ok(spectatorGet(ref, '/json/messages', { message_ids: model.messages.map((m) => m.id), narrow: [WEB_PUBLIC] }), 'by ids');
      const ids = (byIds['messages'] as Array<{ id: number }>).map((m) => m.id);
      assert.equal(ids, model.messages.filter((m) => model.readable(m)).map((m) => m.id), 'message_ids');
    }
    for (const m of model.messages) {
      const search = ok(spectatorGet(ref, '/json/messages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [WEB_PUBLIC, { operator: 'search', operand: m.word }] }), 'search');
      assert.is((search['messages'] as unknown[]).length, model.readable(m) ? 1 : 0, `search ${m.word}`);
    }
  }
  for (const m of model.messages) {
    const one = spectatorGet(ref, `/json/messages/${m.id}`);
    assert.is(one.status, model.readable(m) ? 200 : 401, `GET /json/messages/${m.id}`);
    if (one.status === 200) assert.is(one.json['raw_content'], m.channel === null ? `psst ${m.word}` : `say ${m.word}`);
  }
}

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<Kind>('public', 'private-shared', 'private-protected', 'web-public').map(createChannel) },
  { weight: 4, arbitrary: fc.nat(50).map(sendToChannel) },
  { weight: 1, arbitrary: fc.constant(sendDirect) },
  { weight: 1, arbitrary: fc.nat(50).map(archive) },
  { weight: 1, arbitrary: fc.tuple(fc.boolean(), fc.boolean()).map(([a, b]) => setting(a, b)) },
);

test('a spectator reads exactly the messages of web-public channels, and only while the door is open', () => {
  fc.assert(
    fc.property(fc.array(command, { minLength: 1, maxLength: 12 }), (commands) => {
      const ref = createReference();
      const model = new Model();
      for (const run of commands) {
        run(model, ref);
        check(model, ref);
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test.run();
