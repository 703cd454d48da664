// Checking answers against an OpenAPI description: a small document of our own for the
// rules (matching, nullable, oneOf, known differences), then the real one where it is at
// hand (../shared/upstream/zulip-openapi-497, beside the repository).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PACKAGE_ROOT } from '../paths.ts';
import { runConformance } from '../suite.ts';
import { jsonPath, KnownDifferences, loadOpenApiDir, normalise, OpenApiChecker, OpenApiIndex, type KnownDifference } from './index.ts';
import { SchemaValidators } from './schemas.ts';

const success = (properties: Record<string, unknown>, required: string[] = []) => ({
  allOf: [
    { $ref: '#/components/schemas/JsonSuccessBase' },
    { additionalProperties: false, properties: { result: {}, msg: {}, ...properties }, ...(required.length > 0 ? { required } : {}) },
  ],
});
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const DOC = {
  openapi: '3.0.1',
  info: { description: '**Changes**: New in Zulip 10.0 (feature\nlevel 300).' },
  paths: {
    '/users/me': { get: { responses: { '200': json(success({ user_id: { type: 'integer' }, bot_type: { type: 'integer', nullable: true } }, ['user_id'])) } } },
    '/users/{user_id}': {
      get: {
        parameters: [{ name: 'user_id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': json(success({ user: { $ref: '#/components/schemas/User' } }, ['user'])) },
      },
    },
    '/users/{email}': { get: { parameters: [{ name: 'email', in: 'path', schema: { type: 'string' } }], responses: { '200': json(success({ by_email: { type: 'boolean' } })) } } },
    '/events': {
      get: {
        responses: {
          '200': json(success({ events: { type: 'array', items: { oneOf: [{ $ref: '#/components/schemas/StreamCreate' }, { $ref: '#/components/schemas/Typing' }] } } })),
          '400': { $ref: '#/components/responses/BadEventQueue' },
        },
      },
    },
    '/maybe': { get: { responses: { '200': json(success({ thing: { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true } })) } } },
  },
  components: {
    schemas: {
      JsonSuccessBase: { type: 'object', required: ['result', 'msg'], properties: { result: { enum: ['success'] }, msg: { type: 'string' } } },
      CodedError: {
        type: 'object',
        additionalProperties: false,
        required: ['result', 'msg', 'code'],
        properties: { result: { enum: ['error'] }, msg: { type: 'string' }, code: { type: 'string' } },
      },
      QueueError: {
        type: 'object',
        additionalProperties: false,
        required: ['result', 'msg', 'code', 'queue_id'],
        properties: { result: { enum: ['error'] }, msg: { type: 'string' }, code: { type: 'string' }, queue_id: { type: 'string' } },
      },
      User: { type: 'object', additionalProperties: false, required: ['user_id'], properties: { user_id: { type: 'integer' }, nullable: { type: 'string' } }, example: { user_id: 1 } },
      StreamCreate: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'op', 'streams'],
        properties: { id: { type: 'integer' }, type: { enum: ['stream'] }, op: { enum: ['create'] }, streams: { type: 'array' } },
      },
      Typing: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'op', 'sender'],
        properties: { id: { type: 'integer' }, type: { enum: ['typing'] }, op: { enum: ['start', 'stop'] }, sender: { type: 'object' } },
      },
    },
    responses: { BadEventQueue: json({ oneOf: [{ $ref: '#/components/schemas/CodedError' }, { $ref: '#/components/schemas/QueueError' }] }) },
  },
};

async function checker(known: KnownDifference[] = []): Promise<OpenApiChecker> {
  const index = new OpenApiIndex();
  index.add('test.yml', DOC);
  return new OpenApiChecker(index, await SchemaValidators.create(index.documents), new KnownDifferences(known));
}

const ok = { result: 'success', msg: '' };
const problems = (c: ReturnType<OpenApiChecker['check']>) => (c.documented ? c.problems.map((p) => `${p.path} ${p.keyword}${p.property !== undefined ? ` ${p.property}` : ''}`) : [`undocumented: ${c.why}`]);

test('an answer as documented has no problems; a wrong type, a missing required field, an undocumented field each one', async () => {
  const c = await checker();
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 5 })), []);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 'five' })), ['$.user_id type']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok })), ['$ required user_id']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 5, extra: 1 })), ['$ additionalProperties extra']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { result: 'error', msg: '', user_id: 5 })), ['$.result enum']);
  const check = c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 'five' });
  assert.ok(check.documented);
  assert.equal(OpenApiChecker.prototype.describe.call(c, check), ['openapi GET /users/me 200: $.user_id must be integer (type at #/allOf/1/properties/user_id/type)']);
  assert.equal(c.stats, { validated: 6, undocumented: 0, olderLevel: 0, failed: 5, known: 0 });
});

test('nullable: null where the document allows it, also on an allOf; not elsewhere', async () => {
  const c = await checker();
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 5, bot_type: null })), []);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: null })), ['$.user_id type']);
  assert.equal(problems(c.check('GET', '/api/v1/maybe', 200, { ...ok, thing: null })), []);
  assert.equal(problems(c.check('GET', '/api/v1/maybe', 200, { ...ok, thing: { user_id: 'x' } })), ['$.thing.user_id type']);
  // A property named "nullable" is a property, not the keyword.
  assert.equal(problems(c.check('GET', '/api/v1/users/3', 200, { ...ok, user: { user_id: 3, nullable: 'yes' } })), []);
  assert.equal(problems(c.check('GET', '/api/v1/users/3', 200, { ...ok, user: { user_id: 3, nullable: null } })), ['$.user.nullable type']);
});

test('normalise: nullable into the type (and enum), alternatives into our keywords, refs into the document', () => {
  assert.equal(normalise({ type: 'string', enum: ['a'], nullable: true }, 'd.yml'), { type: ['string', 'null'], enum: ['a', null] });
  assert.equal(normalise({ oneOf: [{ $ref: '#/components/schemas/X', description: 'ignored' }], nullable: true }, 'd.yml'), {
    'x-any-of': [{ 'x-one-of': [{ $ref: 'd.yml#/components/schemas/X' }] }, { type: 'null' }],
  });
  assert.equal(normalise({ nullable: true }, 'd.yml'), {});
  assert.equal(normalise({ properties: { oneOf: { type: 'string' } } }, 'd.yml'), { properties: { oneOf: { type: 'string' } } });
});

test('which operation: the API prefixes, the query ignored, literal segments before parameters, integer parameters only digits', async () => {
  const c = await checker();
  assert.equal(problems(c.check('GET', '/api/v1/users/me?x=1', 200, { ...ok, user_id: 1 })), []);
  assert.equal(problems(c.check('GET', '/json/users/me', 200, { ...ok, user_id: 1 })), []);
  assert.equal(problems(c.check('GET', '/api/v1/users/12', 200, { ...ok, user: { user_id: 12 } })), []);
  assert.equal(problems(c.check('GET', '/api/v1/users/a%40b.c', 200, { ...ok, by_email: true })), []);
  assert.equal(c.index.operation('GET', '/api/v1/users/12')?.template, '/users/{user_id}');
  assert.equal(c.index.operation('GET', '/api/v1/users/x@y')?.template, '/users/{email}');
  assert.is(c.index.operation('DELETE', '/api/v1/users/me'), undefined);
  assert.is(c.index.featureLevel, 300, 'from the Changes notes, across a line break');
});

test('what the documents do not describe is not checked: another path, method, status, a control route, a body that is not JSON', async () => {
  const c = await checker();
  assert.equal(problems(c.check('GET', '/api/v1/nowhere', 200, ok)), ['undocumented: GET /api/v1/nowhere is not documented']);
  assert.equal(problems(c.check('POST', '/api/v1/users/me', 200, ok)), ['undocumented: POST /api/v1/users/me is not documented']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 401, { result: 'error' })), ['undocumented: GET /users/me documents no JSON answer with status 401']);
  assert.equal(problems(c.check('POST', '/_understudy/reset', 200, {})), ['undocumented: POST /_understudy/reset is not documented']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, undefined)), ['undocumented: the answer is not JSON']);
  assert.equal(c.stats.undocumented, 5);
  assert.equal(c.stats.validated, 0);
});

test('below the documents\' feature level an answer is not checked', async () => {
  const c = await checker();
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok }, 299)), ['undocumented: the server is at feature level 299; the documents describe level 300']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok }, 300)), ['$ required user_id']);
  assert.is(c.stats.olderLevel, 1);
});

test('oneOf: the problems of the nearest alternative; none of its kind: the values that fit none; two: a oneOf problem', async () => {
  const c = await checker();
  const events = (...e: unknown[]) => ({ ...ok, events: e });
  assert.equal(problems(c.check('GET', '/api/v1/events', 200, events({ id: 0, type: 'stream', op: 'create', streams: [] }, { id: 1, type: 'typing', op: 'stop', sender: {} }))), []);
  assert.equal(problems(c.check('GET', '/api/v1/events', 200, events({ id: 0, type: 'typing', op: 'start', sender: {}, extra: 1 }))), ['$.events[0] additionalProperties extra']);
  const none = c.check('GET', '/api/v1/events', 200, events({ id: 0, type: 'reaction', op: 'add' }));
  assert.ok(none.documented);
  assert.equal(
    none.problems.map((p) => [p.path, p.keyword, p.message]),
    [['$.events[0]', 'oneOf', 'fits none of the 2 alternatives (type: "reaction", op: "add")']],
  );
  assert.equal(problems(c.check('GET', '/api/v1/events', 200, events('text'))), ['$.events[0] oneOf']);
  const nested = c.check('GET', '/api/v1/events', 200, events({ type: 'typing', op: 'start', sender: 3 }));
  assert.ok(nested.documented);
  assert.equal(nested.problems[0]?.schemaPath, 'test.yml#/components/schemas/Typing/properties/sender/type');
});

test('an error answer fits a oneOf if it fits any alternative (the documents list example errors whose shapes overlap)', async () => {
  const c = await checker();
  assert.equal(problems(c.check('GET', '/api/v1/events', 400, { result: 'error', msg: 'Bad event queue ID: x', code: 'BAD_EVENT_QUEUE_ID', queue_id: 'x' })), []);
  assert.equal(problems(c.check('GET', '/api/v1/events', 400, { result: 'error', msg: 'Invalid', code: 'BAD_REQUEST' })), []);
  assert.equal(problems(c.check('GET', '/api/v1/events', 400, { result: 'error', msg: 'Invalid' })), ['$ required code']);
});

test('known differences: by operation (or every one), status, path, keyword, property or message; also inside an alternative', async () => {
  const reason = 'a reason long enough to pass the schema of the file, citing zerver/lib/users.py';
  const c = await checker([
    { operation: 'GET /users/me', status: '200', path: '$', keyword: 'additionalProperties', property: 'bot_owner_id', reason },
    { operation: '*', status: '400', path: '$', keyword: 'additionalProperties', property: 'var_name', reason },
    { operation: 'GET /events', status: '200', path: '$.events[*]', keyword: 'additionalProperties', property: 'for_reasons', reason },
    { operation: 'GET /events', status: '200', path: '$.events[*]', keyword: 'oneOf', message: 'type: "vidprov"', reason },
  ]);
  const me = c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 5, bot_owner_id: 3, other: 1 });
  assert.ok(me.documented);
  assert.equal(problems(me), ['$ additionalProperties other']);
  assert.equal(me.known.map((p) => p.property), ['bot_owner_id']);
  assert.equal(problems(c.check('GET', '/api/v1/users/me', 200, { ...ok, user_id: 5, var_name: 'x' })), ['$ additionalProperties var_name'], 'another status');
  assert.equal(problems(c.check('GET', '/api/v1/events', 400, { result: 'error', msg: 'Missing', code: 'REQUEST_VARIABLE_MISSING', var_name: 'queue_id' })), []);
  const events = c.check('GET', '/api/v1/events', 200, { ...ok, events: [{ type: 'stream', op: 'create', streams: [], for_reasons: true }, { type: 'vidprov', value: true }] });
  assert.equal(problems(events), []);
  assert.ok(events.documented);
  assert.equal(events.known.map((p) => `${p.path} ${p.keyword}`), ['$.events[0] additionalProperties', '$.events[1] oneOf']);
  assert.equal(c.stats.known, 4);
});

test('jsonPath: a JSON pointer as a scenario path', () => {
  assert.is(jsonPath(''), '$');
  assert.is(jsonPath('/events/3/person/avatar_url'), '$.events[3].person.avatar_url');
  assert.is(jsonPath('/realm_emoji/a~1b/x y'), '$.realm_emoji["a/b"]["x y"]');
});

test('the known differences file: every entry well-formed, with a reason', () => {
  const known = KnownDifferences.bundled();
  assert.ok(known.entries.length > 0);
  // Each cites the real server's code, the specification Understudy follows, or a level's Changes note.
  for (const e of known.entries) assert.match(e.reason, /zerver\/|the API specification Understudy follows|Changes note/, e.operation);
});

test('a directory that is not one, holds no document, or a file that is not an OpenAPI document, is a load error', async () => {
  const notOpenApi = mkdtempSync(join(tmpdir(), 'openapi-'));
  writeFileSync(join(notOpenApi, 'profile.json'), readFileSync(join(PACKAGE_ROOT, 'fixtures', 'profile.json')));
  const badYaml = mkdtempSync(join(tmpdir(), 'openapi-'));
  writeFileSync(join(badYaml, 'bad.yml'), 'paths: [unclosed');
  for (const dir of ['/nonexistent-openapi-dir', join(PACKAGE_ROOT, 'fixtures', 'profile.json'), join(PACKAGE_ROOT, 'conformance', 'reporters'), notOpenApi, badYaml]) {
    const e = await loadOpenApiDir(dir).catch((x: unknown) => x);
    assert.instance(e, Error, dir);
    assert.match((e as Error).message, dir);
  }
});

// The real description, where it is at hand.
const REAL = join(PACKAGE_ROOT, '..', 'shared', 'upstream', 'zulip-openapi-497');
const HAVE_REAL = existsSync(REAL);
if (!HAVE_REAL) console.log(`openapi.test.ts: the tests of the real description skipped: ${REAL} is absent (the upstream copy beside the repository)`);
let loaded: Promise<OpenApiChecker> | undefined;
/** The real description, read once (three seconds of YAML). */
const real = () => (loaded ??= OpenApiChecker.load(REAL));

test('the real description: every document read, its level, and every known difference names a documented operation', async () => {
  if (!HAVE_REAL) return;
  const c = await real();
  assert.is(c.index.documents.length, 14);
  assert.is(c.index.featureLevel, 497);
  for (const e of c.known.entries) {
    if (e.operation === '*') continue;
    const [method, template] = e.operation.split(' ') as [string, string];
    const op = c.index.operation(method, `/api/v1${template.replace(/\{[^}]+\}/g, '1')}`);
    assert.is(op && `${op.method} ${op.template}`, e.operation);
  }
});

test('the real description: scenarios in-process with --openapi, answers validated and the stats in the summary', async () => {
  if (!HAVE_REAL) return;
  const c = await real();
  const before = { ...c.stats };
  const report = await runConformance({ only: ['users/me-bot-fields', 'users/me-roles', 'events/user-group-add'], openapi: c });
  assert.ok(report.summary.ok, JSON.stringify(report.results.filter((r) => r.outcome !== 'pass').map((r) => r.failure?.problems)));
  const stats = report.summary.openapi;
  assert.ok(stats !== undefined && stats.validated - before.validated >= 8, JSON.stringify(stats));
  assert.is(stats?.failed, before.failed);
  assert.ok((stats?.known ?? 0) - before.known >= 4, 'the bot GET /users/me twice: bot_type and bot_owner_id');
});

test('the real description: a wrong answer fails the scenario with the path and the keyword', async () => {
  if (!HAVE_REAL) return;
  const c = await real();
  const check = c.check('GET', '/api/v1/users/me', 200, { result: 'success', msg: '', user_id: '8', email: 'a@b.c', full_name: 7 });
  assert.ok(check.documented);
  assert.equal(
    check.problems.map((p) => `${p.path} ${p.keyword}`).sort(),
    ['$.full_name type', '$.user_id type'],
  );
  const events = c.check('GET', '/api/v1/events', 200, { result: 'success', msg: '', queue_id: 'q', events: [{ type: 'has_vidprov_token', value: true, id: 0 }, { type: 'heartbeat', id: 1, extra: 1 }] });
  assert.ok(events.documented);
  assert.equal(events.known.map((p) => `${p.path} ${p.keyword}`), ['$.events[0] oneOf'], 'the specification\'s has_vidprov_token event');
  assert.equal(events.problems.map((p) => `${p.path} ${p.keyword} ${p.property ?? ''}`), ['$.events[1] additionalProperties extra'], 'the heartbeat alternative, nearest');
  const realm = c.check('POST', '/api/v1/register', 200, { result: 'success', msg: '', queue_id: null, last_event_id: -1, zulip_version: '11.0', zulip_feature_level: 497, realm_giphy_rating: 2 });
  assert.ok(realm.documented);
  assert.equal(realm.problems.map((p) => `${p.path} ${p.keyword} ${p.property ?? ''}`), ['$ additionalProperties realm_giphy_rating']);
});

test.run();
