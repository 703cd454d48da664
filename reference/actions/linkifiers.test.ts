// Linkifier validation as Django's full_clean reports it (zulip/zulip
// zerver/models/linkifiers.py RealmFilter, zerver/lib/exceptions.py
// ValidationFailureError): the first message, every message by field in `errors`, and
// nothing changed by a refusal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';

const post = (ref: ReturnType<typeof createReference>, pattern: string, url_template: string) =>
  callAs(ref, 'iago', 'POST', '/realm/filters', { pattern, url_template }).json as Record<string, unknown>;

test('field errors come first, then the model check, then uniqueness', () => {
  const ref = createReference();
  assert.equal(post(ref, '', 'https://e.com/{id}')['errors'], {
    pattern: ['This field cannot be blank.'],
    __all__: ["Group 'id' in URL template is not present in linkifier pattern."],
  });
  assert.equal(post(ref, '(foo', '{id')['errors'], { url_template: ['Invalid URL template.'], __all__: ['Bad regular expression: missing ): (foo'] });
  assert.is(post(ref, '(foo', '{id')['msg'], 'Invalid URL template.');
  assert.equal(post(ref, '#(?P<id>[0-9]+)', '  ')['errors'], {
    url_template: ['This field cannot be blank.'],
    __all__: ["Group 'id' in linkifier pattern is not present in URL template."],
  });
  assert.is(post(ref, '#(?P<id>[0-9]+)', 'https://e.com/{id}')['result'], 'success');
  // Uniqueness is checked with the rest of the model's errors, after them.
  assert.equal(post(ref, '#(?P<id>[0-9]+)', 'https://e.com/{x}')['errors'], {
    __all__: ["Group 'x' in URL template is not present in linkifier pattern.", 'Realm filter with this Realm and Pattern already exists.'],
  });
  // The first missing group by name.
  assert.is(post(ref, 'a(?P<z>.)(?P<b>.)', 'https://e.com/')['msg'], "Group 'b' in linkifier pattern is not present in URL template.");
});

test('a refused change changes nothing and sends nothing', () => {
  const ref = createReference();
  const id = post(ref, '#(?P<id>[0-9]+)', 'https://e.com/{id}')['id'] as number;
  const before = callAs(ref, 'hamlet', 'GET', '/realm/linkifiers').body;
  const res = callAs(ref, 'iago', 'PATCH', `/realm/filters/${id}`, { pattern: 'a**', url_template: 'https://e.com' });
  assert.is(res.json['msg'], 'Bad regular expression: bad repetition operator: **');
  assert.is(callAs(ref, 'hamlet', 'GET', '/realm/linkifiers').body, before);
});

test.run();
