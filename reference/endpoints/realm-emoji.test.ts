// Custom emoji through dispatch (zerver/tests/test_realm_emoji.py): the image formats taken
// and the file names they get, the image served unchanged at its source_url (and its
// .original copy), refusals changing nothing, and the realm_emoji events applied by a
// client giving what a fresh registration gives.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import type { ApiResponse } from '../http/request.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import { applyEvents, finishClientState, startClientState, type Obj } from '../testing/apply-events.ts';
import { ALL_CAPABILITIES } from '../testing/applier/client-state.ts';

const HAMLET = 6;
const enc = new TextEncoder();
const b64 = (s: string): Uint8Array => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const PNG = b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/wHwAEAQH/cetH5QAAAABJRU5ErkJggg==');
const GIF = b64('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==');
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46);
const WEBP = enc.encode('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00');

function upload(ref: Reference, who: number, name: string, file: { filename: string; type?: string; bytes: Uint8Array }): ApiResponse {
  const boundary = 'EmojiBoundary7';
  let head = `--${boundary}\r\nContent-Disposition: form-data; name="f1"; filename="${file.filename}"\r\n`;
  if (file.type !== undefined) head += `Content-Type: ${file.type}\r\n`;
  const parts = [enc.encode(`${head}\r\n`), file.bytes, enc.encode(`\r\n--${boundary}--\r\n`)];
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.length;
  }
  const u = ref.store.user(who);
  if (!u) throw new Error(`no user ${who}`);
  return ref.dispatch({
    method: 'POST',
    path: `/api/v1/realm/emoji/${name}`,
    body,
    headers: { authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

function emojiNamed(ref: Reference, name: string): Obj {
  const res = callAs(ref, 'hamlet', 'GET', '/realm/emoji');
  const found = Object.values(res.json['emoji'] as Record<string, Obj>).find((e) => e['name'] === name && e['deactivated'] === false);
  if (!found) throw new Error(`no active emoji ${name}`);
  return found;
}

test('each accepted image type is stored under its extension and served unchanged, without credentials', () => {
  const ref = createReference();
  const cases = [
    ['png_one', 'image/png', PNG, 'png'],
    ['gif_one', 'image/gif', GIF, 'gif'],
    ['jpeg_one', 'image/jpeg', JPEG, 'jpg'],
    ['webp_one', 'image/webp', WEBP, 'webp'],
  ] as const;
  for (const [name, type, bytes, ext] of cases) {
    const res = upload(ref, HAMLET, name, { filename: `x.${ext}`, type, bytes });
    assert.is(res.status, 200, res.body);
    const e = emojiNamed(ref, name);
    assert.match(e['source_url'] as string, new RegExp(`^/user_avatars/${ref.store.realm.id}/emoji/images/${e['id'] as string}\\.${ext}$`));
    for (const url of [e['source_url'] as string, `${e['source_url'] as string}.original`]) {
      const got = ref.dispatch({ method: 'GET', path: url, headers: {} });
      assert.is(got.status, 200, url);
      assert.equal(got.bytes, bytes, url);
      assert.is(got.headers['Content-Type'], type);
    }
  }
  // A deactivated emoji's image is still served (old messages show it).
  assert.is(callAs(ref, 'hamlet', 'DELETE', '/realm/emoji/png_one').status, 200);
  const gone = Object.values(callAs(ref, 'hamlet', 'GET', '/realm/emoji').json['emoji'] as Record<string, Obj>).find((e) => e['name'] === 'png_one') as Obj;
  assert.is(ref.dispatch({ method: 'GET', path: gone['source_url'] as string, headers: {} }).status, 200);
});

test('paths that are no uploaded emoji image are 404', () => {
  const ref = createReference();
  assert.is(upload(ref, HAMLET, 'my_own_one', { filename: 'a.png', type: 'image/png', bytes: PNG }).status, 200);
  const id = emojiNamed(ref, 'my_own_one')['id'] as string;
  const realm = ref.store.realm.id;
  for (const path of [
    `/user_avatars/${realm}/emoji/images/1.png`, // the fixture's green_tick has no image
    `/user_avatars/${realm}/emoji/images/${id}.gif`,
    `/user_avatars/${realm + 1}/emoji/images/${id}.png`,
    `/user_avatars/${realm}/emoji/images/still/${id}.png`,
    `/user_avatars/${realm}/emoji/images/x${id}.png`,
    `/user_avatars/${realm}/${id}.png`,
  ]) {
    const res = ref.dispatch({ method: 'GET', path, headers: {} });
    assert.is(res.status, 404, path);
    assert.is(res.body, '<p>File not found</p>', path);
  }
});

test('a refused upload changes nothing: not an image, a type not taken, no permission, a duplicate', () => {
  const ref = createReference();
  const refusals: Array<[string, number, string, { filename: string; type?: string; bytes: Uint8Array }, string]> = [
    ['fake', HAMLET, 'fake', { filename: 'a.png', type: 'image/png', bytes: enc.encode('<svg/>') }, 'Could not decode image; did you upload an image file?'],
    ['svg', HAMLET, 'svg', { filename: 'a.svg', type: 'image/svg+xml', bytes: enc.encode('<svg/>') }, 'Invalid image format'],
    ['tiff', HAMLET, 'tiff', { filename: 'a.tif', type: 'image/tiff', bytes: Uint8Array.of(0x49, 0x49, 0x2a, 0) }, 'Invalid image format'],
    ['guest', 12, 'fine', { filename: 'a.png', type: 'image/png', bytes: PNG }, 'Not allowed for guest users'],
    ['duplicate', HAMLET, 'green_tick', { filename: 'a.png', type: 'image/png', bytes: PNG }, 'A custom emoji with this name already exists.'],
  ];
  for (const [label, who, name, file, msg] of refusals) {
    const res = assertUnchanged(ref, () => upload(ref, who, name, file));
    assert.is(res.status, 400, label);
    assert.is(res.json['msg'], msg, label);
  }
});

test('realm_emoji events applied to a registration give what a fresh registration gives', () => {
  const ref = createReference();
  const register = (): Obj => {
    const res = callAs(ref, 'cordelia', 'POST', '/register', { fetch_event_types: ['realm_emoji'] });
    assert.is(res.status, 200, res.body);
    return res.json as Obj;
  };
  const first = register();
  assert.is(upload(ref, HAMLET, 'first_e', { filename: 'a.png', type: 'image/png', bytes: PNG }).status, 200);
  const two = upload(ref, 8, 'second_e', { filename: 'b.gif', type: 'image/gif', bytes: GIF });
  assert.is(two.status, 200, two.body);
  assert.is(callAs(ref, 'hamlet', 'DELETE', '/realm/emoji/first_e').status, 200);
  assert.is(callAs(ref, 'iago', 'DELETE', '/realm/emoji/green_tick').status, 200);
  const events = callAs(ref, 'cordelia', 'GET', '/events', { queue_id: first['queue_id'] as string, last_event_id: -1, dont_block: true }).json['events'] as Obj[];
  assert.equal(events.map((e) => `${e['type'] as string}/${e['op'] as string}`), Array(4).fill('realm_emoji/update'));
  const client = startClientState(first, { userId: 7, clientGravatar: true, includeSubscribers: false, capabilities: ALL_CAPABILITIES, fetchEventTypes: ['realm_emoji'] });
  applyEvents(client, events);
  const fresh = register();
  assert.equal(finishClientState(client)['realm_emoji'], fresh['realm_emoji']);
  assert.equal(
    Object.values(fresh['realm_emoji'] as Record<string, Obj>).map((e) => [e['name'], e['deactivated']]),
    [['green_tick', true], ['first_e', true], ['second_e', false]],
  );
});

test.run();
