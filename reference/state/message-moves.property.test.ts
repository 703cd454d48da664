// Every message index agrees with a plain rebuild after any sequence of edits and moves:
// random PATCH /messages/{id} (topic renames by every propagate_mode, moves between
// channels, content edits) through the public API, then the channel, topic, sender and
// full-text indexes of the live store are compared with those a store rebuilt from the
// same records computes (restore() rebuilds every index), and no message is lost or
// duplicated. Fixed seed (MOVES_SEED to change it).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { callAs } from '../testing/call-as.ts';
import { Store } from './store.ts';

const SEED = Number(process.env['MOVES_SEED'] ?? 20261128);
const TOPICS = ['alpha', 'Alpha', 'beta', 'gamma words', '✔ alpha', ''];
const WORDS = ['apple', 'river', 'quartz', 'lemon', 'alpha'];
const CHANNELS = ['Verona', 'Denmark', 'Scotland'];

type Step =
  | { k: 'send'; channel: number; topic: number; word: number }
  | { k: 'move'; message: number; topic: number; mode: number; channel: number | null }
  | { k: 'edit'; message: number; word: number };

const STEP: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ k: fc.constant('send' as const), channel: fc.nat(2), topic: fc.nat(5), word: fc.nat(4) }),
  fc.record({ k: fc.constant('move' as const), message: fc.nat(40), topic: fc.nat(5), mode: fc.nat(2), channel: fc.option(fc.nat(2)) }),
  fc.record({ k: fc.constant('edit' as const), message: fc.nat(40), word: fc.nat(4) }),
);

const ref = createReference();

test('after any edits and moves, every message index equals a rebuild from the records', () => {
  let runs = 0;
  let moved = 0;
  fc.assert(
    fc.property(fc.array(STEP, { minLength: 1, maxLength: 30 }), (steps) => {
      ref.reset();
      // Built now, so that the moves must keep it up to date.
      ref.store.searchCandidates(new Set(['apple']));
      const sent: number[] = [];
      const ids = (name: string) => ref.store.channelByName(name)?.stream_id as number;
      for (const s of steps) {
        if (s.k === 'send') {
          const res = callAs(ref, 'iago', 'POST', '/messages', { type: 'stream', to: CHANNELS[s.channel], topic: TOPICS[s.topic], content: `${WORDS[s.word]} here` });
          if (res.status === 200) sent.push(res.json['id'] as number);
        } else if (sent.length > 0) {
          const id = sent[s.message % sent.length] as number;
          const params: Record<string, unknown> =
            s.k === 'edit'
              ? { content: `now ${WORDS[s.word]}` }
              : {
                  topic: TOPICS[s.topic],
                  propagate_mode: ['change_one', 'change_later', 'change_all'][s.mode],
                  send_notification_to_new_thread: s.mode === 0,
                  ...(s.channel === null ? {} : { stream_id: ids(CHANNELS[s.channel] as string) }),
                };
          if (callAs(ref, 'iago', 'PATCH', `/messages/${id}`, params).status === 200 && s.k === 'move') moved++;
        }
      }
      const live = ref.store;
      // The full-text index exists once searched; a rebuilt store computes its own.
      const rebuilt = new Store(live.snapshot());
      const all = [...live.data.messages.keys()].sort((a, b) => a - b);
      assert.equal([...live.allMessageIds()], all, 'no message lost or duplicated');
      for (const name of CHANNELS) {
        const c = ids(name);
        assert.equal([...live.channelMessageIds(c)], [...rebuilt.channelMessageIds(c)], `channel ${name}`);
        for (const topic of new Set([...TOPICS, ...all.map((id) => live.message(id)?.topic ?? '')])) {
          assert.equal([...live.topicMessageIds(c, topic)], [...rebuilt.topicMessageIds(c, topic)], `${name} > ${topic}`);
        }
      }
      for (const word of [...WORDS, 'gamma']) {
        const stems = new Set([word]);
        assert.equal(live.searchCandidates(stems), rebuilt.searchCandidates(stems), `search ${word}`);
      }
      runs++;
    }),
    { seed: SEED, numRuns: 60 },
  );
  assert.ok(runs === 60 && moved > 50, `${runs} runs, ${moved} moves`);
});

test.run();
