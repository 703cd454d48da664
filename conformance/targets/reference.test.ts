// The in-process target refuses an answer whose json holds undefined: the HTTP doors send
// the body, where such a key is missing, so in-process callers would see another answer.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Reference } from '../../reference/index.ts';
import { Profile } from '../schema.ts';
import { referenceTarget } from './reference.ts';

const profile = Profile.parse(JSON.parse(readFileSync(new URL('../../fixtures/profile.json', import.meta.url), 'utf8')));
const member = profile.users.member as { email: string; password: string };
const fetchKey = {
  method: 'POST',
  path: '/api/v1/fetch_api_key',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username: member.email, password: member.password }).toString(),
};

/** A reference whose answers get one more key, set to `value`. */
function adding(value: unknown): (r: Reference) => Reference {
  return (r) => {
    const dispatch = r.dispatch.bind(r);
    return Object.assign(Object.create(r) as Reference, {
      dispatch: (req: Parameters<Reference['dispatch']>[0]) => {
        const res = dispatch(req);
        res.json = { ...res.json, extra: value };
        return res;
      },
    });
  };
}

test('an answer as the wire carries it passes', async () => {
  const session = await referenceTarget(profile).open();
  const observed = await session.send(fetchKey);
  assert.is(observed.status, 200);
  assert.type((observed.json as { api_key: unknown }).api_key, 'string');
});

/** What sending gives when every answer gets one more key set to `value`: the error's message, or 'taken'. */
async function outcome(value: unknown): Promise<string> {
  const session = await referenceTarget(profile, {}, adding(value)).open();
  try {
    await session.send(fetchKey);
    return 'taken';
  } catch (e) {
    return (e as Error).message;
  }
}

test('an undefined value in json is refused, with where it is', async () => {
  assert.match(await outcome(undefined), 'undefined at $.extra');
});

test('an undefined array element is refused too (the wire writes null)', async () => {
  assert.match(await outcome([1, undefined]), 'undefined at $.extra[1]');
});

test('null is a value the wire carries', async () => {
  assert.is(await outcome({ a: null }), 'taken');
});

test.run();
