// A spectator's narrow (GET /json/messages): in:home dropped, channels:web-public required,
// only the operators a spectator may use (zerver/lib/narrow.py is_web_public_narrow,
// is_spectator_compatible; zerver/tests/test_message_fetch.py::test_is_spectator_compatible).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ParsedTerm } from './parse-narrow-param.ts';
import { isSpectatorCompatible, isWebPublicNarrow, withoutInHome } from './spectator.ts';

const t = (operator: string, operand: ParsedTerm['operand'], negated = false): ParsedTerm => ({ operator, operand, negated });
const WP = t('channels', 'web-public');

test('is_web_public_narrow: a non-negated channels:web-public or streams:web-public term', () => {
  assert.ok(isWebPublicNarrow([WP]));
  assert.ok(isWebPublicNarrow([t('topic', 'x'), t('streams', 'web-public')]));
  assert.not.ok(isWebPublicNarrow([]));
  assert.not.ok(isWebPublicNarrow([t('channels', 'web-public', true)]));
  assert.not.ok(isWebPublicNarrow([t('channels', 'public')]));
  assert.not.ok(isWebPublicNarrow([t('channel', 'web-public')]), 'channel:, not channels:');
});

test('is_spectator_compatible: the listed operators and is:resolved, nothing else', () => {
  for (const op of ['channel', 'stream', 'channels', 'streams', 'topic', 'sender', 'has', 'search', 'near', 'id', 'with']) {
    assert.ok(isSpectatorCompatible([WP, t(op, 'x')]), op);
  }
  assert.ok(isSpectatorCompatible([WP, t('is', 'resolved', true)]));
  for (const term of [t('is', 'dm'), t('is', 'starred'), t('dm', 'a@b'), t('in', 'home'), t('subject', 'x'), t('pm-with', 'a@b'), t('mentions', 'me')]) {
    assert.not.ok(isSpectatorCompatible([WP, term]), `${term.operator}:${String(term.operand)}`);
  }
});

test('clean_narrow_for_web_public_api: only a plain in:home is dropped', () => {
  assert.equal(withoutInHome([t('in', 'home'), WP]), [WP]);
  assert.equal(withoutInHome([t('in', 'home', true), WP]), [t('in', 'home', true), WP]);
  assert.equal(withoutInHome([t('in', 'all'), WP]), [t('in', 'all'), WP]);
});

test.run();
