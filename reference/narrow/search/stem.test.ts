import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stem } from './stem.ts';

const families = [
  ['run', 'runs', 'running'],
  ['jump', 'jumps', 'jumped', 'jumping'],
  ['hope', 'hopes', 'hoped', 'hoping'],
  ['party', 'parties', 'partied'],
  ['try', 'tries', 'tried'],
  ['meet', 'meets', 'meeting', 'meetings'],
  ['need', 'needs', 'needed'],
  ['stop', 'stops', 'stopped', 'stopping'],
  ['class', 'classes'],
  ['box', 'boxes'],
  ['fall', 'falls', 'falling'],
  ['make', 'makes', 'making'],
  ['day', 'days'],
];

test('inflections of a word share one stem', () => {
  for (const family of families) {
    const stems = new Set(family.map(stem));
    assert.is(stems.size, 1, `${family.join('/')} → ${[...stems].join(', ')}`);
  }
});

test('different words keep different stems', () => {
  assert.is.not(stem('running'), stem('rung'));
  assert.is.not(stem('thing'), stem('think'));
  assert.is(stem('sing'), 'sing');
  assert.is(stem('this'), 'this');
  assert.is(stem('status'), 'status');
});

test('short words, numbers and non-ASCII words are left alone', () => {
  assert.is(stem('bus'), 'bus');
  assert.is(stem('2024s'), '2024s');
  assert.is(stem('cafés'), 'cafés');
});

test.run();
