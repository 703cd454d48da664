import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatLoadError, loadScenarioText } from './loader.ts';

const load = (value: unknown, id?: string) => loadScenarioText(typeof value === 'string' ? value : JSON.stringify(value, null, 2), 'x/y.json', id);
const messages = (value: unknown, id?: string) => load(value, id).errors.map(formatLoadError);

const ok = {
  id: 'area/name',
  what: 'something true',
  steps: [{ as: 'member', method: 'GET', path: '/api/v1/users/me', expect: { status: 200 }, save: { me: 'user_id' } }],
};

test('a well-formed scenario loads, with a location for each step', () => {
  const r = load(ok, 'area/name');
  assert.equal(r.errors, []);
  assert.is(r.scenario?.scenario.id, 'area/name');
  assert.is(r.scenario?.stepLocation(0), 'x/y.json:5');
});

test('a JSON syntax error names the line and column', () => {
  const [e] = messages('{\n  "id": "a/b",\n  "what": "x",,\n}');
  assert.match(e ?? '', /^x\/y\.json:3:15: invalid JSON: expected a property name/);
});

test('a duplicate key is an error, as JSON.parse would hide it', () => {
  const [e] = messages('{"id": "a/b", "id": "a/c"}');
  assert.match(e ?? '', /duplicate key "id"/);
});

test('a schema error inside a step names the step and its position', () => {
  const bad = { ...ok, steps: [ok.steps[0], { as: 'member', method: 'GET', path: '/x', expect: { status: 'two hundred' } }] };
  const [e] = messages(bad);
  assert.match(e ?? '', /^x\/y\.json:\d+:\d+: step 2 \(steps\[1\]\.expect\.status\): status is an HTTP status from 100 to 599, or a range/);
});

test('"encoding": "multipart" is for requests with a body, not GET or HEAD', () => {
  const post = { ...ok, steps: [{ ...ok.steps[0], method: 'POST', encoding: 'multipart' }] };
  assert.equal(messages(post), []);
  const get = { ...ok, steps: [{ ...ok.steps[0], encoding: 'multipart' }] };
  assert.match(messages(get).join('\n'), /step 1 \(steps\[0\]\.encoding\): "encoding": "multipart" is for a body: GET and HEAD/);
  const bad = { ...ok, steps: [{ ...ok.steps[0], method: 'POST', encoding: 'json' }] };
  assert.match(messages(bad).join('\n'), /steps\[0\]\.encoding/);
});

test('an unknown key in expect is reported', () => {
  const bad = { ...ok, steps: [{ ...ok.steps[0], expect: { status: 200, stauts: 1 } }] };
  assert.match(messages(bad).join('\n'), /step 1 \(steps\[0\]\.expect\): Unrecognized key: "stauts"/);
});

test('an unknown key in expect says where body fields go', () => {
  const bad = { ...ok, steps: [{ ...ok.steps[0], expect: { status: 200, id: { $type: 'integer' } } }] };
  assert.match(messages(bad).join('\n'), /Unrecognized key: "id" \(expect takes status, result, .*; to check a body field, put it in json_subset\)/);
});

test('a bad "as" explains the choices', () => {
  const bad = { ...ok, steps: [{ ...ok.steps[0], as: 'king' }] };
  assert.match(messages(bad).join('\n'), /"as" is a role \(owner, admin/);
});

test('a control step is checked against the control schema: its expect looks at the result only', () => {
  const bad = { ...ok, needs: ['control'], steps: [{ control: 'add_user', params: {}, expect: { status: 200 } }] };
  assert.match(messages(bad).join('\n'), /step 1 \(steps\[0\]\.expect\): Unrecognized key: "status"/);
  const badPattern = { ...ok, needs: ['control'], steps: [{ control: 'events', params: {}, expect: { json_paths: { events: { $contians: [] } } } }] };
  assert.match(messages(badPattern).join('\n'), /step 1 \(steps\[0\]\.expect\.json_paths\.events\): .*\$contians/);
  const good = { ...ok, needs: ['control'], steps: [{ control: 'events', params: {}, expect: { len: { events: 0 } } }] };
  assert.equal(messages(good), []);
});

test('the id must match the file path', () => {
  assert.match(messages(ok, 'area/other').join('\n'), /\(id\): the id must be the file's path .* "area\/other"/);
});

test('a variable used before it is saved is an error', () => {
  const bad = { ...ok, steps: [{ ...ok.steps[0], path: '/api/v1/users/${me}' }] };
  assert.match(messages(bad).join('\n'), /step 1 \(steps\[0\]\): \$\{me\} is used before a step saves it/);
});

test('control steps and JWT templates need their capabilities declared', () => {
  const bad = {
    ...ok,
    steps: [
      { control: 'set_config', params: { jwt_enabled: false } },
      { ...ok.steps[0], params: { token: '${jwt:{"email":"x@y.z"}}' } },
    ],
  };
  const all = messages(bad).join('\n');
  assert.match(all, /step 1 \(steps\[0\]\.control\): a control step needs "needs": \["control"\]/);
  assert.match(all, /step 2 \(steps\[1\]\): \$\{jwt:\.\.\.\} needs "needs": \["jwt_secret"\]/);
});

test('unknown template functions and bad user references are errors', () => {
  const bad = { ...ok, steps: [{ ...ok.steps[0], params: { a: '${rot13:x}', b: '${user:king.id}' } }] };
  const all = messages(bad).join('\n');
  assert.match(all, /\$\{rot13:\.\.\.\}: unknown function/);
  assert.match(all, /\$\{user:king\.id\}: expected ROLE\.FIELD/);
});

test('bad paths and unknown operators are reported where they are', () => {
  const bad = {
    ...ok,
    steps: [{ ...ok.steps[0], expect: { status: 200, len: { 'members[': 1 }, json_subset: { members: { $contians: [] } } } }],
  };
  const all = messages(bad).join('\n');
  assert.match(all, /steps\[0\]\.expect\.len\.members\[\): bad path "members\[": unclosed '\['/);
  assert.match(all, /unknown operator \$contians/);
});

test('an operator object with other keys is an error', () => {
  const bad = { ...ok, steps: [{ ...ok.steps[0], expect: { json_subset: { a: { $type: 'string', b: 1 } } } }] };
  assert.match(messages(bad).join('\n'), /an operator object has exactly one key/);
});

test.run();
