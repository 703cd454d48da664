// Uploads through dispatch, as the fixture characters (zerver/tests/test_upload.py): the
// one-file rule, the size limit, the stored name and type, the bytes downloaded unchanged,
// who may download (owner, readers of a linking message, spectators for web-public
// channels) and the answers for everyone else; claims on send, edit and delete.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import { assertUnchanged } from '../testing/atomic.ts';
import { callAs } from '../testing/call-as.ts';
import type { ApiResponse } from '../http/request.ts';
import { linkedPathIds } from '../domain/uploads.ts';

const HAMLET = 6;
const CORDELIA = 7;
const OTHELLO = 8;
const VERONA = 1; // public
const CORE_TEAM = 6; // private; Hamlet is subscribed, Cordelia is not

interface Part {
  field: string;
  filename?: string;
  type?: string;
  content: string | Uint8Array;
}

const enc = new TextEncoder();

function multipart(parts: Part[]): { body: Uint8Array; type: string } {
  const boundary = 'XyZBoundary42';
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type !== undefined) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(enc.encode(`${head}\r\n`), typeof p.content === 'string' ? enc.encode(p.content) : p.content, enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function auth(ref: Reference, who: number): Record<string, string> {
  const u = ref.store.user(who);
  if (!u) throw new Error(`no user ${who}`);
  return { authorization: `Basic ${btoa(`${u.delivery_email}:${u.api_key}`)}` };
}

function upload(ref: Reference, who: number, parts: Part[]): ApiResponse {
  const { body, type } = multipart(parts);
  return ref.dispatch({ method: 'POST', path: '/api/v1/user_uploads', body, headers: { ...auth(ref, who), 'content-type': type } });
}

function uploaded(ref: Reference, who: number, name: string, content: string | Uint8Array, type?: string): string {
  const res = upload(ref, who, [{ field: 'file', filename: name, content, ...(type ? { type } : {}) }]);
  assert.is(res.status, 200, res.body);
  return res.json['url'] as string;
}

function download(ref: Reference, who: number | null, url: string): ApiResponse {
  return ref.dispatch({ method: 'GET', path: url, headers: who === null ? {} : auth(ref, who) });
}

function send(ref: Reference, who: number, params: Record<string, unknown>): number {
  const res = callAs(ref, who, 'POST', '/messages', params);
  assert.is(res.status, 200, res.body);
  return res.json['id'] as number;
}

test('an upload answers url, uri and filename; the owner downloads the same bytes', () => {
  const ref = createReference();
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i); // every byte value: binary-safe
  const res = upload(ref, HAMLET, [{ field: 'anything', filename: 'data.bin', content: bytes, type: 'application/octet-stream' }]);
  assert.is(res.status, 200, res.body);
  const url = res.json['url'] as string;
  assert.is(res.json['uri'], url);
  assert.is(res.json['filename'], 'data.bin');
  assert.match(url, /^\/user_uploads\/\d+\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/data\.bin$/);
  const got = download(ref, HAMLET, url);
  assert.is(got.status, 200);
  assert.equal([...(got.bytes as Uint8Array)], [...bytes]);
  assert.is(got.headers['Content-Type'], 'application/octet-stream');
  assert.is(got.headers['Content-Disposition'], 'attachment; filename="data.bin"');
});

test('the path is drawn from the seeded random: the same requests give the same URL', () => {
  const a = uploaded(createReference(), HAMLET, 'x.txt', 'hi');
  const b = uploaded(createReference(), HAMLET, 'x.txt', 'hi');
  const c = uploaded(createReference({ seed: 'other' }), HAMLET, 'x.txt', 'hi');
  assert.is(a, b);
  assert.is.not(a, c);
});

test('no file, two files, a file too large: the real errors, nothing stored', () => {
  const ref = createReference({ config: { max_file_upload_size_mib: 0 } });
  const check = (parts: Part[], msg: string) => {
    const res = assertUnchanged(ref, () => upload(ref, HAMLET, parts));
    assert.is(res.status, 400);
    assert.is(res.json['code'], 'BAD_REQUEST');
    assert.is(res.json['msg'], msg);
  };
  check([{ field: 'text', content: 'not a file' }], 'You must specify a file to upload');
  check([], 'You must specify a file to upload');
  check([{ field: 'f1', filename: 'a.txt', content: 'a' }, { field: 'f2', filename: 'b.txt', content: 'b' }], 'You may only upload one file at a time');
  check([{ field: 'f1', filename: 'a.txt', content: 'bah!' }], "File is larger than this server's configured maximum upload size (0 MiB).");
  // An empty file is within a 0 MiB limit.
  assert.is(upload(ref, HAMLET, [{ field: 'f1', filename: 'empty.txt', content: '' }]).status, 200);
});

test('two files under one field name: the last one is the upload (request.FILES is a MultiValueDict)', () => {
  const ref = createReference();
  const res = upload(ref, HAMLET, [{ field: 'file', filename: 'a.txt', content: 'first' }, { field: 'file', filename: 'b.txt', content: 'second' }]);
  assert.is(res.status, 200, res.body);
  assert.is(res.json['filename'], 'b.txt');
  assert.is(new TextDecoder().decode(download(ref, HAMLET, res.json['url'] as string).bytes), 'second');
});

test('file names: stored sanitised in the path, given back as sent (URL-decoded)', () => {
  const ref = createReference();
  const res = upload(ref, HAMLET, [{ field: 'file', filename: 'my report (final)!.txt', content: 'x' }]);
  assert.is(res.json['filename'], 'my report (final)!.txt');
  assert.match(res.json['url'] as string, /\/my-report-final\.txt$/);
  const dots = upload(ref, HAMLET, [{ field: 'file', filename: '%21%21%21', content: 'x' }]);
  assert.is(dots.json['filename'], '!!!');
  assert.match(dots.json['url'] as string, /\/uploaded-file$/);
  const path = upload(ref, HAMLET, [{ field: 'file', filename: '../../etc/passwd', content: 'x' }]);
  assert.is(path.json['filename'], 'passwd');
});

test('content types: the part header, else guessed from the name; text/plain gets a charset; disposition inline for safe types', () => {
  const ref = createReference();
  const t = download(ref, HAMLET, uploaded(ref, HAMLET, 'somefile.txt', 'zulip!'));
  assert.is(t.headers['Content-Type'], 'text/plain; charset="ascii"');
  assert.is(t.headers['Content-Disposition'], 'inline; filename="somefile.txt"');
  const none = download(ref, HAMLET, uploaded(ref, HAMLET, 'somefile', 'zulip!'));
  assert.is(none.headers['Content-Type'], 'application/octet-stream');
  const html = download(ref, HAMLET, uploaded(ref, HAMLET, 'page.html', '<b>x</b>'));
  assert.is(html.headers['Content-Type'], 'text/html');
  assert.is(html.headers['Content-Disposition'], 'attachment; filename="page.html"');
  const png = download(ref, HAMLET, uploaded(ref, HAMLET, 'pic', 'x', 'image/png'));
  assert.is(png.headers['Content-Type'], 'image/png');
  assert.is(png.headers['Content-Disposition'], 'inline; filename="pic"');
  const given = download(ref, HAMLET, uploaded(ref, HAMLET, 'a.txt', 'x', 'text/plain; charset=big5'));
  assert.is(given.headers['Content-Type'], 'text/plain; charset="big5"');
  const unicode = download(ref, HAMLET, uploaded(ref, HAMLET, 'été.pdf', 'x'));
  assert.is(unicode.headers['Content-Disposition'], "inline; filename*=utf-8''%C3%A9t%C3%A9.pdf");
});

test('who may download: the owner; readers of a linking message; not others; spectators for web-public channels', () => {
  const ref = createReference();
  const url = uploaded(ref, HAMLET, 'secret.txt', 'psst');
  const forbidden = download(ref, CORDELIA, url);
  assert.is(forbidden.status, 403);
  assert.is(forbidden.body, '<p>You are not authorized to view this file.</p>');
  const anonymous = download(ref, null, url);
  assert.is(anonymous.status, 302);
  assert.is(anonymous.headers['Location'], `/login/?next=${url}`);
  // Linked in a private channel Cordelia is not in: still refused.
  send(ref, HAMLET, { type: 'stream', to: CORE_TEAM, topic: 'x', content: `[secret.txt](${url})` });
  assert.is(download(ref, CORDELIA, url).status, 403);
  // Linked in a direct message to Cordelia: she may.
  send(ref, HAMLET, { type: 'direct', to: [CORDELIA], content: `[secret.txt](${url})` });
  assert.is(new TextDecoder().decode(download(ref, CORDELIA, url).bytes), 'psst');
  assert.is(download(ref, OTHELLO, url).status, 403);
  assert.is(download(ref, null, url).status, 302);
  // A public channel: every member may.
  send(ref, HAMLET, { type: 'stream', to: VERONA, topic: 'x', content: `http://localhost:9991${url}` });
  assert.is(download(ref, OTHELLO, url).status, 200);
});

test('a file that does not exist: 404 with the HTML page, for everyone', () => {
  const ref = createReference();
  for (const who of [HAMLET, null]) {
    const res = download(ref, who, '/user_uploads/2/71/QYB7LA-ULMYEad-QfLMxmI2e/zulip-non-existent.txt');
    assert.is(res.status, 404);
    assert.is(res.body, '<p>This file does not exist or has been deleted.</p>');
    assert.is(res.headers['Content-Type'], 'text/html; charset=utf-8');
  }
});

test('deleting the only linking message takes the access away again', () => {
  const ref = createReference();
  const url = uploaded(ref, HAMLET, 'a.txt', 'x');
  const id = send(ref, HAMLET, { type: 'direct', to: [CORDELIA], content: `see ${url}` });
  assert.is(download(ref, CORDELIA, url).status, 200);
  assert.is(callAs(ref, HAMLET, 'DELETE', `/messages/${id}`).status, 200);
  assert.is(download(ref, CORDELIA, url).status, 403);
});

test('a user cannot claim a file they may not see by linking it', () => {
  const ref = createReference();
  const url = uploaded(ref, HAMLET, 'a.txt', 'x');
  send(ref, CORDELIA, { type: 'direct', to: [OTHELLO], content: `stolen ${url}` });
  assert.is(download(ref, OTHELLO, url).status, 403);
});

test('the temporary URL: answered to who may download, works without credentials for 60 seconds, then not', () => {
  const ref = createReference();
  const url = uploaded(ref, HAMLET, 'zulip.txt', 'zulip!');
  const res = ref.dispatch({ method: 'GET', path: `/api/v1${url}`, headers: auth(ref, HAMLET) });
  assert.is(res.status, 200, res.body);
  const temporary = res.json['url'] as string;
  assert.match(temporary, /^\/user_uploads\/temporary\/[0-9A-F]+\/zulip\.txt$/);
  assert.is(new TextDecoder().decode(download(ref, null, temporary).bytes), 'zulip!');
  const altered = download(ref, null, temporary.replace(/zulip\.txt$/, 'other.exe'));
  assert.is(altered.json['msg'], 'Invalid filename');
  assert.is(download(ref, null, '/user_uploads/temporary/badtoken/file.png').json['msg'], 'Invalid token');
  assert.is(ref.dispatch({ method: 'GET', path: `/api/v1${url}`, headers: auth(ref, CORDELIA) }).status, 403);
  ref.control.advance(61_000);
  assert.is(download(ref, null, temporary).json['msg'], 'Invalid token');
});

test('the storage cap: refused with the quota error when full; snapshot and restore cover the bytes', () => {
  const ref = createReference({ config: { upload_storage_bytes: 10 } });
  const url = uploaded(ref, HAMLET, 'a.bin', '12345678');
  const full = assertUnchanged(ref, () => upload(ref, HAMLET, [{ field: 'f', filename: 'b.bin', content: '123' }]));
  assert.is(full.status, 400);
  assert.is(full.json['code'], 'REALM_UPLOAD_QUOTA');
  const snap = ref.control.snapshot();
  ref.control.reset();
  assert.is(download(ref, HAMLET, url).status, 404);
  ref.control.restore(snap);
  assert.is(new TextDecoder().decode(download(ref, HAMLET, url).bytes), '12345678');
});

test('attachment events: add to the uploader, update to the sender who claims', () => {
  const ref = createReference();
  const queue = callAs(ref, HAMLET, 'POST', '/register', { event_types: ['attachment'] }).json;
  const url = uploaded(ref, HAMLET, 'a.txt', 'abc');
  const id = send(ref, HAMLET, { type: 'direct', to: [CORDELIA], content: url });
  const events = callAs(ref, HAMLET, 'GET', '/events', { queue_id: queue['queue_id'], last_event_id: -1, dont_block: true }).json['events'] as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.equal(events.map((e) => `${e['type']}:${e['op']}`), ['attachment:add', 'attachment:update']);
  assert.is(events[0]?.['upload_space_used'], 3);
  assert.equal(events[1]?.['attachment']['message_ids'], [id]);
  assert.is(events[0]?.['attachment']['path_id'], url.slice('/user_uploads/'.length));
});

test('with rate limits on, downloads do not count (skip_rate_limiting) and carry no X-RateLimit headers; uploads do', () => {
  const ref = createReference({ rateLimits: true });
  const res = upload(ref, HAMLET, [{ field: 'file', filename: 'a.txt', content: 'x' }]);
  assert.ok(res.headers['X-RateLimit-Remaining'] !== undefined);
  const got = download(ref, HAMLET, res.json['url'] as string);
  assert.is(got.status, 200);
  assert.is(got.headers['X-RateLimit-Remaining'], undefined);
});

test('links: relative or under the organization URL claim; another host, or text glued before, does not; linear in the content', () => {
  const o = 'http://localhost:9991';
  assert.equal(linkedPathIds('[a](/user_uploads/2/ab/x/f.txt) and http://localhost:9991/user_uploads/2/cd/y/g.txt (/user_uploads/3/a/b/c)', o), ['2/ab/x/f.txt', '2/cd/y/g.txt', '3/a/b/c']);
  assert.equal(linkedPathIds('http://evil.com/user_uploads/2/ab/x/f.txt x/user_uploads/2/z/z/z', o), []);
  const started = performance.now();
  linkedPathIds('a'.repeat(10_000) + '/user_uploads/1/'.repeat(600), o);
  assert.ok(performance.now() - started < 1000);
});

test.run();
