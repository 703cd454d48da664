import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolvePath } from './jsonpath.ts';
import { checkExpect, match, validatePattern, type Observed } from './matcher.ts';

const ok = (pattern: unknown, actual: unknown) => assert.equal(match(pattern, actual), [], `${JSON.stringify(pattern)} vs ${JSON.stringify(actual)}`);
const no = (pattern: unknown, actual: unknown, why?: RegExp) => {
  const problems = match(pattern, actual);
  assert.ok(problems.length > 0, `expected a mismatch: ${JSON.stringify(pattern)} vs ${JSON.stringify(actual)}`);
  if (why) assert.match(problems.join('\n'), why);
};

test('plain values match themselves, strictly', () => {
  ok(1, 1);
  ok('a', 'a');
  ok(null, null);
  no(1, '1', /expected 1, got "1"/);
  no(true, 1);
});

test('objects match partially; arrays element by element with the same length', () => {
  ok({ a: 1 }, { a: 1, b: 2 });
  no({ a: 1, c: 3 }, { a: 1 }, /c: missing/);
  ok([1, { x: 1 }], [1, { x: 1, y: 2 }]);
  no([1], [1, 2], /expected 1 elements, got 2/);
  no({ a: { b: 1 } }, { a: { b: 2 } }, /a\.b: expected 1, got 2/);
});

test('$type checks JSON types; integer is a kind of number', () => {
  ok({ $type: 'integer' }, 3);
  ok({ $type: 'number' }, 3);
  no({ $type: 'integer' }, 3.5);
  ok({ $type: ['string', 'null'] }, null);
  ok({ $type: 'array' }, []);
  no({ $type: 'object' }, []);
});

test('$near: a number within a distance of another', () => {
  ok({ $near: { value: 100, within: 60 } }, 100.5);
  ok({ $near: { value: 100, within: 60 } }, 40);
  no({ $near: { value: 100, within: 60 } }, 100_000);
  no({ $near: { value: 100, within: 60 } }, '100');
  assert.equal(validatePattern({ $near: { value: 1 } }, 'p').length, 1);
  assert.equal(validatePattern({ $near: { value: '${ts}', within: 5 } }, 'p'), []);
});

test('$regex, $eq, $in, $not', () => {
  ok({ $regex: '^[a-z]{3}$' }, 'abc');
  no({ $regex: '^a' }, 1);
  ok({ $eq: { a: 1 } }, { a: 1 });
  no({ $eq: { a: 1 } }, { a: 1, b: 2 });
  ok({ $in: [1, 2] }, 2);
  no({ $in: [1, 2] }, 3);
  ok({ $not: null }, 1);
  no({ $not: { $type: 'string' } }, 'x');
});

test('$contains gives each pattern its own element, in any order', () => {
  ok({ $contains: [2, 1] }, [1, 2, 3]);
  ok({ $contains: [{ a: 1 }, { a: 1, b: 2 }] }, [{ a: 1, b: 2 }, { a: 1 }]);
  no({ $contains: [1, 1] }, [1, 2], /no distinct element matches 1/);
  ok({ $contains: [] }, []);
});

test('$unordered is $contains with the same length', () => {
  ok({ $unordered: [3, 1, 2] }, [1, 2, 3]);
  no({ $unordered: [1, 2] }, [1, 2, 3], /expected 2 elements in any order, got 3/);
});

test('$each and $excludes', () => {
  ok({ $each: { $type: 'integer' } }, [1, 2]);
  ok({ $each: { $type: 'integer' } }, []);
  no({ $each: { a: 1 } }, [{ a: 1 }, { a: 2 }], /\[1\]\.a: expected 1, got 2/);
  ok({ $excludes: [{ name: 'x' }] }, [{ name: 'y' }]);
  no({ $excludes: [{ name: 'x' }] }, [{ name: 'x' }], /no element matching/);
});

test('$absent: a key that must not be there', () => {
  ok({ a: { $absent: true } }, { b: 1 });
  no({ a: { $absent: true } }, { a: 1 }, /a: expected absent/);
});

test('a key that is a template is not an operator', () => {
  assert.equal(validatePattern({ subscribed: { '${user:member.id}': ['Verona'] } }, 'p'), []);
});

test('patterns are validated', () => {
  assert.equal(validatePattern({ a: { $type: 'int' } }, 'p'), ['p.a.$type: types are string, integer, number, boolean, null, array, object (or a list of them)']);
  assert.equal(validatePattern({ $contains: '${ids}' }, 'p'), []);
  assert.match(validatePattern({ $regex: '(' }, 'p').join(), /p\.\$regex/);
  assert.equal(validatePattern([{ $each: { $nope: 1 } }], 'p'), ['p[0].$each: unknown operator $nope (known: $type, $regex, $eq, $contains, $excludes, $unordered, $each, $in, $near, $not, $absent)']);
});

test('paths: keys, indexes, wildcards, filters, quoted keys', () => {
  const body = { members: [{ id: 1, is_bot: false, tags: ['a'] }, { id: 2, is_bot: true }], 'odd.key': { 'x y': 5 } };
  assert.equal(resolvePath(body, 'members[1].id'), { found: true, value: 2 });
  assert.equal(resolvePath(body, 'members[*].id'), { found: true, value: [1, 2] });
  assert.equal(resolvePath(body, 'members[?is_bot=true].id'), { found: true, value: [2] });
  assert.equal(resolvePath(body, 'members[?id=1].tags[0]'), { found: true, value: ['a'] });
  assert.equal(resolvePath(body, '["odd.key"].x y'), { found: true, value: 5 });
  // An object's values, as for a dict keyed by id (GET /realm/emoji's emoji).
  const dict = { emoji: { '1': { id: '1', name: 'a' }, '2': { id: '2', name: 'b' } } };
  assert.equal(resolvePath(dict, 'emoji[*].name'), { found: true, value: ['a', 'b'] });
  assert.equal(resolvePath(dict, 'emoji[?name=b].id'), { found: true, value: ['2'] });
  assert.equal(resolvePath({ n: 5 }, 'n[*]'), { found: true, value: [] });
  assert.equal(resolvePath(body, 'members[5]'), { found: false });
  assert.equal(resolvePath(body, ''), { found: true, value: body });
  assert.throws(() => resolvePath(body, 'members.'), /path ends with \./);
});

const observed = (status: number, json: unknown, headers: Record<string, string> = {}): Observed => ({
  status,
  headers,
  json,
  text: JSON.stringify(json),
});

test('checkExpect: status, envelope fields, msg_contains', () => {
  const o = observed(400, { result: 'error', msg: 'include_public is not valid JSON', code: 'BAD_REQUEST' });
  assert.equal(checkExpect({ status: 400, result: 'error', code: 'BAD_REQUEST', msg_contains: ['include_public', 'JSON'] }, o), []);
  assert.equal(checkExpect({ status: 401, code: 'UNAUTHORIZED', msg_contains: 'boolean' }, o), [
    'status: expected 401, got 400',
    'code: expected "UNAUTHORIZED", got "BAD_REQUEST"',
    'msg: expected to contain "boolean", got "include_public is not valid JSON"',
  ]);
});

test('checkExpect: a status range', () => {
  const o = observed(500, { result: 'error', msg: 'Internal server error' });
  assert.equal(checkExpect({ status: { min: 500 } }, o), []);
  assert.equal(checkExpect({ status: { min: 200, max: 499 } }, o), ['status: expected 200 to 499, got 500']);
  assert.equal(checkExpect({ status: { min: 501 } }, o), ['status: expected 501 to 599, got 500']);
  assert.equal(checkExpect({ status: { max: 299 } }, observed(200, {})), []);
});

test('checkExpect: headers by name in any case; null means absent', () => {
  const o = observed(401, {}, { 'www-authenticate': 'Basic realm="zulip"' });
  assert.equal(checkExpect({ headers: { 'WWW-Authenticate': 'Basic realm="zulip"', Allow: null } }, o), []);
  assert.equal(checkExpect({ headers: { 'WWW-Authenticate': null } }, o), ['header WWW-Authenticate: expected absent, got "Basic realm=\\"zulip\\""']);
  assert.equal(checkExpect({ headers: { Allow: 'GET' } }, o), ['header Allow: missing (expected "GET")']);
});

test('checkExpect: json_paths, absent and len', () => {
  const o = observed(200, { members: [{ id: 1 }, { id: 2, profile_data: {} }] });
  assert.equal(checkExpect({ json_paths: { 'members[*].id': { $unordered: [2, 1] } }, len: { members: 2 }, absent: ['members[0].profile_data'] }, o), []);
  assert.equal(checkExpect({ absent: ['members[*].profile_data'], len: { members: { min: 3 } }, json_paths: { nothing: 1 } }, o), [
    'json_paths nothing: not found',
    'absent members[*].profile_data: expected absent, found {}',
    'len members: expected at least 3, got 2: [{"id":1},{"id":2,"profile_data":{}}]',
  ]);
});

test('checkExpect: a body that is not JSON fails body expectations only', () => {
  const o: Observed = { status: 404, headers: {}, text: '<html>Not Found</html>', json: undefined };
  assert.equal(checkExpect({ status: 404 }, o), []);
  assert.match(checkExpect({ status: 404, result: 'error' }, o).join(), /body: expected JSON/);
});

test.run();
