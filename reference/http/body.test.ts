// Parameter decoding: form and multipart bodies, query strings and objects, the limits
// (limits.ts) on each, and a multipart reader whose cost does not grow with the boundary.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../errors.ts';
import { decodeParams, parseMultipart, sanitizeFileName } from './body.ts';
import type { UploadedFile } from '../request/context.ts';
import { checkJsonDepth, LIMITS } from '../request/decoding-limits.ts';

const enc = new TextEncoder();
const FORM = 'application/x-www-form-urlencoded';

function refusal(fn: () => unknown): { status: number; msg: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, msg: e.message };
    throw e;
  }
  return assert.unreachable('no error') as never;
}

function multipart(boundary: string, fields: Array<[string, string]>, preamble = ''): Uint8Array {
  const parts = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return enc.encode(`${preamble}${parts.join('')}--${boundary}--\r\n`);
}

test('query and body merge, the body winning; objects, form text and bytes all decode', () => {
  const params = decodeParams('a=1&b=2&&c', enc.encode('b=3&d=%E2%82%AC+x'), FORM);
  assert.equal(Object.fromEntries(params), { a: '1', b: '3', c: '', d: '€ x' });
  assert.equal(Object.fromEntries(decodeParams({ a: '1' }, { a: '2', e: 'f' }, undefined)), { a: '2', e: 'f' });
  assert.equal(Object.fromEntries(decodeParams(undefined, 'x=1', ` ${FORM.toUpperCase()} ; charset=UTF-8`)), { x: '1' });
  for (const type of [undefined, '', 'text/plain', `${FORM}x`]) assert.equal(Object.fromEntries(decodeParams(undefined, 'x=1', type)), {}, String(type));
});

test('multipart: quoted boundary, a preamble, parts without a name skipped, CRLF kept inside a value', () => {
  const body = multipart('b-1', [['to', '"Verona"'], ['content', 'two\r\nlines']], 'preamble\r\n');
  const params = decodeParams(undefined, body, 'multipart/form-data; boundary="b-1"');
  assert.equal(Object.fromEntries(params), { to: '"Verona"', content: 'two\r\nlines' });
  const nameless = enc.encode('--x\r\nContent-Type: text/plain\r\n\r\nv\r\n--x\r\nContent-Disposition: form-data; name="k"\r\n\r\nw\r\n--x--');
  assert.equal(parseMultipart(nameless, 'x'), [['k', 'w']]);
  // Without a closing delimiter the last part is incomplete and dropped.
  assert.equal(parseMultipart(enc.encode('--x\r\nContent-Disposition: form-data; name="k"\r\n\r\nw'), 'x'), []);
  // A delimiter-like line inside a value that is not the boundary stays in the value.
  assert.equal(parseMultipart(multipart('xx', [['k', '--x\r\n--xy']]), 'xx'), [['k', '--x\r\n--xy']]);
  // A part with no blank line after its headers has no name to file it under.
  assert.equal(parseMultipart(enc.encode('--x\r\nContent-Disposition: form-data; name="k"\r\n--x--'), 'x'), []);
  assert.equal(Object.fromEntries(decodeParams(undefined, 'no boundary', 'multipart/form-data')), {});
  assert.equal(Object.fromEntries(decodeParams(undefined, multipart('s', [['k', 'v']]).toString(), 'multipart/form-data; boundary=s')), {});
});

test('multipart body given as a string is read as UTF-8', () => {
  const text = '--s\r\nContent-Disposition: form-data; name="k"\r\n\r\n€\r\n--s--';
  assert.equal(Object.fromEntries(decodeParams(undefined, text, 'multipart/form-data; boundary=s')), { k: '€' });
});

test('the boundary: 1 to 70 characters (RFC 2046)', () => {
  const ok = 'b'.repeat(LIMITS.boundaryLength);
  assert.equal(parseMultipart(multipart(ok, [['k', 'v']]), ok), [['k', 'v']]);
  for (const bad of ['b'.repeat(LIMITS.boundaryLength + 1), '-'.repeat(4000)]) {
    const r = refusal(() => decodeParams(undefined, multipart(bad, [['k', 'v']]), `multipart/form-data; boundary=${bad}`));
    assert.equal(r, { status: 400, msg: 'Invalid multipart boundary (1 to 70 characters)' });
  }
  assert.is(refusal(() => decodeParams(undefined, 'x', 'multipart/form-data; boundary=" "')).status, 400);
});

test(`at most ${LIMITS.parameters} parameters in the query and again in the body, however they come`, () => {
  const pairs = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&');
  const fields = (n: number) => Array.from({ length: n }, (_, i): [string, string] => [`p${i}`, String(i)]);
  const max = LIMITS.parameters;
  assert.is(decodeParams(pairs(max), enc.encode(pairs(max).replaceAll('p', 'q')), FORM).size, 2 * max);
  assert.is(decodeParams(Object.fromEntries(fields(max)), multipart('s', fields(max)), 'multipart/form-data; boundary=s').size, max);
  const tooMany = { status: 400, msg: 'Too many parameters (limit: 1000)' };
  assert.equal(refusal(() => decodeParams(pairs(max + 1), undefined, undefined)), tooMany);
  assert.equal(refusal(() => decodeParams(undefined, `${'&'.repeat(5000)}${pairs(max + 1)}`, FORM)), tooMany);
  assert.equal(refusal(() => decodeParams(Object.fromEntries(fields(max + 1)), undefined, undefined)), tooMany);
  assert.equal(refusal(() => decodeParams(undefined, Object.fromEntries(fields(max + 1)), undefined)), tooMany);
  assert.equal(refusal(() => decodeParams(undefined, multipart('s', fields(max + 1)), 'multipart/form-data; boundary=s')), tooMany);
});

test('one parameter, name and value as sent, at most 1 MiB', () => {
  const max = LIMITS.parameterLength;
  const form = `topic=${'x'.repeat(max - 'topic='.length)}`;
  assert.is(decodeParams(undefined, form, FORM).get('topic')?.length, max - 6);
  const tooLong = (name: string) => ({ status: 400, msg: `Parameter '${name}' is too long (limit: 1048576 characters)` });
  assert.equal(refusal(() => decodeParams(undefined, `a=1&${form}x`, FORM)), tooLong('topic'));
  assert.equal(refusal(() => decodeParams(`${form}x`, undefined, undefined)), tooLong('topic'));
  // As sent: a body given as bytes is measured in bytes, percent-encoding as three characters.
  assert.equal(refusal(() => decodeParams(undefined, enc.encode(`a=1&${form}x`), FORM)), tooLong('topic'));
  assert.equal(refusal(() => decodeParams(undefined, enc.encode(`topic=${'é'.repeat(max / 2)}`), FORM)), tooLong('topic'));
  assert.is(decodeParams(undefined, `topic=${'é'.repeat(max / 2)}`, FORM).get('topic')?.length, max / 2);
  assert.equal(refusal(() => decodeParams(undefined, `t%6Fpic=${'%41'.repeat(max / 3)}`, FORM)), tooLong('topic'));
  assert.equal(refusal(() => decodeParams(undefined, { content: 'x'.repeat(max) }, undefined)), tooLong('content'));
  assert.is(decodeParams(undefined, { content: 'x'.repeat(max - 7) }, undefined).size, 1);
  const longName = 'n'.repeat(max + 1);
  assert.equal(refusal(() => decodeParams(undefined, longName, FORM)), tooLong(`${'n'.repeat(100)}…`));
  const part = (value: string) => multipart('s', [['content', value]]);
  const overhead = part('').length - '--s--\r\n'.length - '--s\r\n'.length - 2;
  assert.is(decodeParams(undefined, part('x'.repeat(max - overhead)), 'multipart/form-data; boundary=s').get('content')?.length, max - overhead);
  assert.equal(refusal(() => decodeParams(undefined, part('x'.repeat(max - overhead + 1)), 'multipart/form-data; boundary=s')), tooLong('content'));
  const headless = enc.encode(`--s\r\n${'h'.repeat(max + 1)}\r\n--s--`);
  assert.equal(refusal(() => parseMultipart(headless, 's')), tooLong(''));
});

test('JSON nesting: 100 levels pass, 101 do not; brackets inside strings do not count', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  checkJsonDepth('x', nested(LIMITS.jsonDepth));
  checkJsonDepth('x', `[${JSON.stringify('[{'.repeat(500) + '\\"')}]`);
  checkJsonDepth('x', `${'{"a":'.repeat(50)}${'[1,'.repeat(50)}1${']'.repeat(50)}${'}'.repeat(50)}`);
  const deep = { status: 400, msg: 'x is not valid JSON (nested deeper than 100 levels)' };
  assert.equal(refusal(() => checkJsonDepth('x', nested(LIMITS.jsonDepth + 1))), deep);
  assert.equal(refusal(() => checkJsonDepth('x', `${'{"a":'.repeat(101)}`)), deep);
  assert.equal(refusal(() => checkJsonDepth('x', `${'[]'.repeat(1000)}${'['.repeat(101)}`)), deep);
});

/** Median milliseconds of `fn` over a few runs. */
function ms(fn: () => void, runs = 5): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[runs >> 1] as number;
}

test('a pathological boundary costs no more than an ordinary one (linear in the body)', () => {
  // The worst input for a naive search: a boundary of 70 dashes and values made of runs
  // of dashes that each almost match, so that every position would compare ~70 bytes.
  const dashes = '-'.repeat(LIMITS.boundaryLength);
  const run = `\r\n--${'-'.repeat(LIMITS.boundaryLength - 1)}x`;
  const value = run.repeat((512 * 1024) / run.length);
  const fields = Array.from({ length: 8 }, (_, i): [string, string] => [`k${i}`, value]);
  const hostile = multipart(dashes, fields);
  // The baseline: values of carriage returns only, each of which the reader must look at
  // (text without them it skips natively, much faster), so this compares two byte-by-byte scans.
  const plain = multipart('ordinary', fields.map(([k]) => [k, '\r'.repeat(value.length)]));
  assert.equal(parseMultipart(hostile, dashes), fields);
  const hostileMs = ms(() => parseMultipart(hostile, dashes));
  const plainMs = ms(() => parseMultipart(plain, 'ordinary'));
  // The naive search took ~40 times as long on the hostile body.
  assert.ok(hostileMs < 3 * plainMs + 20, `hostile ${hostileMs.toFixed(1)} ms, ordinary ${plainMs.toFixed(1)} ms`);
});

test('file parts go to files, not to the parameters: their bytes exact, their names and types as sent', () => {
  const bytes = Uint8Array.from({ length: 300 }, (_, i) => i % 256);
  const head = enc.encode(
    '--B\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n' +
      '--B\r\nContent-Disposition: form-data; name="file"; filename="a b.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
  );
  const tail = enc.encode(
    '\r\n--B\r\nContent-Disposition: form-data; name="f2"; filename*=UTF-8\'\'%C3%A9t%C3%A9.txt\r\n\r\nx\r\n' +
      '--B\r\nContent-Disposition: form-data; name="f3"; filename=""\r\n\r\ndropped\r\n--B--\r\n',
  );
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head, 0);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  const files: UploadedFile[] = [];
  const params = decodeParams(undefined, body, 'multipart/form-data; boundary=B', files);
  assert.equal(Object.fromEntries(params), { text: 'hello' });
  assert.equal(files.map((f) => [f.field, f.name, f.contentType, f.bytes.length]), [
    ['file', 'a b.bin', 'application/octet-stream', 300],
    ['f2', 'été.txt', '', 1],
  ]);
  assert.equal([...(files[0] as UploadedFile).bytes], [...bytes]);
  // Without a list to take them, file parts are dropped (not read as text parameters).
  assert.equal(Object.fromEntries(decodeParams(undefined, body, 'multipart/form-data; boundary=B')), { text: 'hello' });
});

test('a file larger than a parameter may be is taken; a text field that large is not', () => {
  const big = 'x'.repeat(LIMITS.parameterLength + 10);
  const files: UploadedFile[] = [];
  decodeParams(undefined, enc.encode(`--B\r\nContent-Disposition: form-data; name="f"; filename="big.txt"\r\n\r\n${big}\r\n--B--\r\n`), 'multipart/form-data; boundary=B', files);
  assert.is(files[0]?.bytes.length, big.length);
  assert.is(refusal(() => decodeParams(undefined, multipart('B', [['f', big]]), 'multipart/form-data; boundary=B')).status, 400);
});

test("Django's sanitize_file_name: the base name, entities unescaped, '.' and '..' no name", () => {
  assert.is(sanitizeFileName('../../etc/passwd'), 'passwd');
  assert.is(sanitizeFileName('C:\\Users\\me\\a.txt'), 'a.txt');
  assert.is(sanitizeFileName('a&amp;b.txt'), 'a&b.txt');
  assert.is(sanitizeFileName('..'), '');
  assert.is(sanitizeFileName('a\u0000b'), 'ab');
});

test.run();
