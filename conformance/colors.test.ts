// When the understudy command colours its output.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ANSI, colors, PLAIN, wantsColor } from './colors.ts';

test('a terminal gets colour; NO_COLOR, TERM=dumb and a pipe do not; the flags win', () => {
  assert.ok(wantsColor({ isTTY: true }));
  assert.not.ok(wantsColor({ isTTY: false }));
  assert.not.ok(wantsColor({ isTTY: true, env: { NO_COLOR: '1' } }));
  assert.not.ok(wantsColor({ isTTY: true, env: { TERM: 'dumb' } }));
  assert.ok(wantsColor({ isTTY: false, env: { FORCE_COLOR: '1' } }));
  assert.not.ok(wantsColor({ isTTY: false, env: { FORCE_COLOR: '0' } }));
  assert.not.ok(wantsColor({ isTTY: true, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }), 'NO_COLOR wins');
  assert.ok(wantsColor({ flag: true, env: { NO_COLOR: '1' } }), '--color');
  assert.not.ok(wantsColor({ flag: false, isTTY: true }), '--no-color');
});

test('plain leaves text alone; ANSI wraps it in SGR codes', () => {
  assert.is(colors(false), PLAIN);
  assert.is(PLAIN.red('x'), 'x');
  assert.is(colors(true).red('x'), '\u001b[31mx\u001b[39m');
  assert.is(ANSI.bold(ANSI.green('OK')), '\u001b[1m\u001b[32mOK\u001b[39m\u001b[22m');
});

test.run();
