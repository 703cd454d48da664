import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base64url } from './jwt.ts';
import { decodeParams } from '../reference/http/body.ts';
import { encodeParam, multipartBody, MULTIPART_BOUNDARY, toWire } from './request.ts';
import { TemplateError, expandString, expandToString, expandValue, templateRefs, type TemplateContext } from './template.ts';

const ctx: TemplateContext = {
  vars: new Map<string, unknown>([
    ['id', 15],
    ['ids', [1, 2]],
    ['name', 'Verona'],
  ]),
  uniq: 'abc123',
  jwtSecret: 'sekrit',
  user: (role, field) => {
    if (role === 'member' && field === 'id') return 6;
    if (role === 'member' && field === 'email') return 'hamlet@zulip.com';
    throw new TemplateError('no');
  },
};

test('a whole-string template keeps its type; elsewhere it is spliced in as text', () => {
  assert.is(expandString('${id}', ctx), 15);
  assert.equal(expandString('${ids}', ctx), [1, 2]);
  assert.is(expandString('/users/${id}', ctx), '/users/15');
  assert.is(expandString('ids=${ids}', ctx), 'ids=[1,2]');
  assert.is(expandString('${user:member.id}', ctx), 6);
  assert.is(expandString('x-${uniq}@example.com', ctx), 'x-abc123@example.com');
});

test('templates nest, and function arguments are expanded first', () => {
  assert.is(expandString('${upper:${user:member.email}}', ctx), 'HAMLET@ZULIP.COM');
  assert.is(expandString('Basic ${base64:${user:member.email}:key}', ctx), `Basic ${btoa('hamlet@zulip.com:key')}`);
  assert.is(expandString('${base64:é}', ctx), 'w6k=');
});

test('$${ is a literal ${', () => {
  assert.is(expandString('cost: $${id}', ctx), 'cost: ${id}');
});

test('values are expanded deeply, keys included', () => {
  assert.equal(expandValue({ 'members[?user_id=${id}]': ['${id}', { n: '${name}' }] }, ctx), { 'members[?user_id=15]': [15, { n: 'Verona' }] });
});

test('errors: unknown variables, unterminated templates', () => {
  assert.throws(() => expandString('${nope}', ctx), /no such variable \(saved so far: id, ids, name\)/);
  assert.throws(() => expandString('${id', ctx), /unterminated template/);
  assert.throws(() => templateRefs('${1abc}'), /not a variable name/);
});

test('templateRefs lists nested references', () => {
  assert.equal(templateRefs('${jwt:{"email":"${user:member.email}","n":"${id}"}}'), [
    { kind: 'function', name: 'jwt' },
    { kind: 'user', role: 'member', field: 'email' },
    { kind: 'var', name: 'id' },
  ]);
});

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

test('${jwt:...} is an HS256 token signed with the profile secret, claims expanded', () => {
  const token = expandToString('${jwt:{"email":"${user:member.email}","exp":${id}}}', ctx);
  const [h, p, s] = token.split('.') as [string, string, string];
  assert.equal(decode(h), { alg: 'HS256', typ: 'JWT' });
  assert.equal(decode(p), { email: 'hamlet@zulip.com', exp: 15 });
  const expected = base64url(hmac(sha256, new TextEncoder().encode('sekrit'), new TextEncoder().encode(`${h}.${p}`)));
  assert.is(s, expected);
});

test('the refused kinds of JWT', () => {
  const [h0, , s0] = expandToString('${jwt_alg_none:{"email":"a@b.c"}}', ctx).split('.') as [string, string, string];
  assert.equal(decode(h0), { alg: 'none', typ: 'JWT' });
  assert.is(s0, '');
  const [h1] = expandToString('${jwt_hs512:{"email":"a@b.c"}}', ctx).split('.') as [string];
  assert.equal(decode(h1), { alg: 'HS512', typ: 'JWT' });
  assert.is.not(expandToString('${jwt_wrong_key:{"email":"a@b.c"}}', ctx), expandToString('${jwt:{"email":"a@b.c"}}', ctx));
  assert.throws(() => expandToString('${jwt:not json}', ctx), /claims are not JSON/);
  assert.throws(() => expandToString('${jwt:{}}', { ...ctx, jwtSecret: undefined }), /needs the profile capability jwt_secret/);
});

test('parameters: non-strings are JSON-encoded; GET in the query, others in a form body', () => {
  assert.is(encodeParam(true), 'true');
  assert.is(encodeParam([1, 2]), '[1,2]');
  assert.is(encodeParam('raw'), 'raw');
  const get = toWire({ method: 'GET', path: '/api/v1/users', params: { user_ids: [1, 2], client_gravatar: false }, authorization: undefined, headers: {} });
  assert.is(get.path, '/api/v1/users?user_ids=%5B1%2C2%5D&client_gravatar=false');
  assert.is(get.body, undefined);
  const post = toWire({ method: 'POST', path: '/api/v1/fetch_api_key', params: { username: 'a@b.c' }, authorization: 'Basic x', headers: { 'content-type': 'text/plain' } });
  assert.is(post.body, 'username=a%40b.c');
  assert.is(post.headers['Authorization'], 'Basic x');
  assert.is(post.headers['content-type'], 'text/plain');
  assert.is(post.headers['Content-Type'], undefined);
});

test('multipart: one part per parameter, values encoded as for a form, CRLF lines, the boundary in Content-Type', () => {
  const post = toWire({
    method: 'PATCH',
    path: '/api/v1/x?a=1',
    params: { to: [6, 7], content: 'Grüße\nzwei', empty: '' },
    authorization: undefined,
    headers: {},
    encoding: 'multipart',
  });
  assert.is(post.path, '/api/v1/x?a=1');
  assert.is(post.headers['Content-Type'], `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`);
  const b = MULTIPART_BOUNDARY;
  assert.is(
    post.body,
    `--${b}\r\nContent-Disposition: form-data; name="to"\r\n\r\n[6,7]\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="content"\r\n\r\nGrüße\nzwei\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="empty"\r\n\r\n\r\n` +
      `--${b}--\r\n`,
  );
  // What a server's multipart reader makes of it: the same parameters.
  assert.equal([...decodeParams(undefined, post.body, post.headers['Content-Type'])], [
    ['to', '[6,7]'],
    ['content', 'Grüße\nzwei'],
    ['empty', ''],
  ]);
});

test('multipart: no parameters is a body with no parts; a value containing the boundary gets another one; GET keeps the query', () => {
  const none = toWire({ method: 'POST', path: '/p', params: {}, authorization: undefined, headers: {}, encoding: 'multipart' });
  assert.is(none.body, `--${MULTIPART_BOUNDARY}--\r\n`);
  const clash = multipartBody([['v', `x--${MULTIPART_BOUNDARY}y`]]);
  assert.is(clash.boundary, `${MULTIPART_BOUNDARY}1`);
  assert.ok(clash.body.startsWith(`--${MULTIPART_BOUNDARY}1\r\n`));
  const get = toWire({ method: 'GET', path: '/p', params: { a: 1 }, authorization: undefined, headers: {}, encoding: 'multipart' });
  assert.is(get.path, '/p?a=1');
  assert.is(get.body, undefined);
  const form = toWire({ method: 'POST', path: '/p', params: { a: 1 }, authorization: undefined, headers: {}, encoding: 'form' });
  assert.is(form.body, 'a=1');
});

test.run();
