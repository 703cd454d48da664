// <time:…> parsing: what we read, and what we turn away.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTime } from './timestamp.ts';

test('ISO 8601 times are converted to UTC; a time without a zone is UTC', () => {
  assert.is(parseTime('2024-03-01T10:00:00+01:00'), '2024-03-01T09:00:00Z');
  assert.is(parseTime('2024-03-01T10:00:00Z'), '2024-03-01T10:00:00Z');
  assert.is(parseTime('2024-03-01 10:00'), '2024-03-01T10:00:00Z');
  assert.is(parseTime('2024-03-01'), '2024-03-01T00:00:00Z');
  assert.is(parseTime('2024-03-01T10:00:00.25-05:30'), '2024-03-01T15:30:00.250000Z');
});

test('Unix seconds, fractions kept to the microsecond', () => {
  assert.is(parseTime('1496701800'), '2017-06-05T22:30:00Z');
  assert.is(parseTime('1496701800.5'), '2017-06-05T22:30:00.500000Z');
  assert.is(parseTime('0'), '1970-01-01T00:00:00Z');
});

test('dates written with a month name, a day and a year', () => {
  assert.is(parseTime('Jun 5th 2017, 10:30PM'), '2017-06-05T22:30:00Z');
  assert.is(parseTime('31 Dec 2017 5:30 am IST'), '2017-12-31T00:00:00Z');
  assert.is(parseTime('December 31, 2017 12:00 am'), '2017-12-31T00:00:00Z');
  assert.is(parseTime('20170605'), '2017-06-05T00:00:00Z');
});

test('text that is not a time, and impossible dates, are refused', () => {
  for (const s of ['**hello world**', '<alert(1)', '', 'tomorrow', '2017-02-30', 'Feb 30 2017', '1e400', 'Jun 5th']) {
    assert.is(parseTime(s), undefined, s);
  }
});

test.run();
