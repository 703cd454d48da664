// Files in scenario steps (`files`) and binary answers (`body_base64`, `body_sha256`): the
// format's rules, the multipart body on the wire, and the matcher.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadScenarioText } from './loader.ts';
import { checkExpect } from './matcher.ts';
import { fileBytes, toWire } from './request.ts';

const scenario = (step: Record<string, unknown>) =>
  loadScenarioText(JSON.stringify({ id: 'x/y', what: 'w', steps: [{ as: 'member', method: 'POST', path: '/api/v1/user_uploads', expect: {}, ...step }] }), 'x/y.json', 'x/y');

test('a file has content or content_base64, exactly one; files need a body', () => {
  assert.is(scenario({ files: [{ name: 'file', filename: 'a.txt', content: 'hi' }] }).errors.length, 0);
  assert.is(scenario({ files: [{ name: 'file', filename: 'a.bin', content_base64: 'AAEC/w==' }] }).errors.length, 0);
  assert.ok(scenario({ files: [{ name: 'file', filename: 'a.txt' }] }).errors.length > 0);
  assert.ok(scenario({ files: [{ name: 'file', filename: 'a.txt', content: 'x', content_base64: 'eA==' }] }).errors.length > 0);
  assert.ok(scenario({ method: 'GET', files: [{ name: 'file', filename: 'a.txt', content: 'x' }] }).errors.length > 0);
  assert.ok(scenario({ encoding: 'form', files: [{ name: 'file', filename: 'a.txt', content: 'x' }] }).errors.length > 0);
  assert.ok(scenario({ expect: { body_sha256: 'ABC' } }).errors.length > 0);
  // A path may start with a template (an upload's saved URL).
  const two = (path: string) =>
    loadScenarioText(
      JSON.stringify({
        id: 'x/y',
        what: 'w',
        steps: [
          { as: 'member', method: 'POST', path: '/api/v1/user_uploads', files: [{ name: 'f', filename: 'a', content: 'x' }], expect: {}, save: { url: 'url' } },
          { as: 'member', method: 'GET', path, expect: {} },
        ],
      }),
      'x/y.json',
      'x/y',
    );
  assert.equal(two('${url}').errors, []);
  assert.ok(two('user_uploads/${url}').errors.length > 0);
});

test('the wire: a multipart body with the parameters, then each file with its filename, type and exact bytes', () => {
  const bytes = fileBytes({ name: 'f', filename: 'b', content_base64: 'AAEC/w0KLS0=' });
  assert.equal([...bytes], [0, 1, 2, 255, 13, 10, 45, 45]);
  const wire = toWire({
    method: 'POST',
    path: '/api/v1/user_uploads',
    params: { note: 'x' },
    authorization: undefined,
    headers: {},
    files: [{ name: 'file', filename: 'a "b".bin', content_type: 'application/octet-stream', content_base64: 'AAEC/w0KLS0=' }],
  });
  const type = wire.headers['Content-Type'] as string;
  const boundary = /boundary=(.+)$/.exec(type)?.[1] as string;
  assert.ok(wire.body instanceof Uint8Array);
  const latin = Array.from(wire.body as Uint8Array, (b) => String.fromCharCode(b)).join('');
  assert.is(
    latin,
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a %22b%22.bin"\r\nContent-Type: application/octet-stream\r\n\r\n` +
      '\u0000\u0001\u0002\u00ff\r\n--\r\n' +
      `--${boundary}--\r\n`,
  );
});

test('the boundary is one no file contains', () => {
  const wire = toWire({ method: 'POST', path: '/p', params: {}, authorization: undefined, headers: {}, files: [{ name: 'f', filename: 'f', content: 'x--UnderstudyFormBoundary y' }] });
  assert.match(wire.headers['Content-Type'] as string, /boundary=UnderstudyFormBoundary1$/);
});

test('body_base64 and body_sha256 hold the answer to its exact bytes', () => {
  const bytes = Uint8Array.from([0, 255, 10]);
  const observed = { status: 200, headers: {}, text: '', json: undefined, bytes };
  assert.equal(checkExpect({ body_base64: 'AP8K' }, observed), []);
  assert.is(checkExpect({ body_base64: 'AP8L' }, observed).length, 1);
  const sha = '4d1e6ad4a1d8d1b1a3cc1c11f2d9f05f0e4b6e3a1c3b0a8b0e1c2d3e4f5a6b7c';
  assert.is(checkExpect({ body_sha256: sha }, observed).length, 1);
  // A text answer is checked as its UTF-8 bytes.
  assert.equal(checkExpect({ body_base64: 'em91' }, { status: 200, headers: {}, text: 'zou', json: undefined }), []);
});

test.run();
