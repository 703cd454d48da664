// Narrows the suite sends: random terms over what the run made (its channels, topics,
// actors, messages) and what every realm has, negated or not; and the one narrow the
// model can answer exactly (a channel of this run, perhaps with a topic).
import { pick, recent } from './command.ts';
import type { MChannel, Model } from './model.ts';

export const TOPICS = ['alpha', 'Beta', 'gamma'] as const;
export const WORDS = ['apple', 'river', 'quartz', 'lemon'] as const;
export const OPERATORS = ['channel', 'topic', 'sender', 'dm', 'dm-including', 'is', 'search', 'id', 'channels', 'with'] as const;
const IS = ['dm', 'starred', 'unread', 'mentioned', 'followed', 'resolved', 'alerted'] as const;

export interface Term {
  op: number;
  n: number;
  negated: boolean;
}

export type NarrowTerm = { operator: string; operand: unknown; negated?: boolean };

export const channelNarrow = (c: MChannel, topic?: string): NarrowTerm[] => [
  { operator: 'channel', operand: `\${${c.v}}` },
  ...(topic !== undefined ? [{ operator: 'topic', operand: topic }] : []),
];

function operand(m: Model, op: (typeof OPERATORS)[number], n: number): unknown {
  switch (op) {
    case 'channel':
      return m.channels.length > 0 ? `\${${recent(m.channels, n).v}}` : 'Verona';
    case 'topic':
      return pick(TOPICS, n);
    case 'sender':
      return m.anyActor(n).emailRef;
    case 'dm':
      return [m.anyActor(n).idRef];
    case 'dm-including':
      return m.anyActor(n).idRef;
    case 'is':
      return pick(IS, n);
    case 'search':
      return pick(WORDS, n);
    case 'channels':
      return 'public';
    default:
      // id and with: any message of this run, even one the viewer may not see.
      return m.messages.length > 0 ? `\${${recent(m.messages, n).v}}` : 1;
  }
}

export function buildNarrow(m: Model, terms: readonly Term[]): NarrowTerm[] {
  return terms.map((t) => {
    const op = pick(OPERATORS, t.op);
    return { operator: op, operand: operand(m, op, t.n), ...(t.negated ? { negated: true } : {}) };
  });
}

/** The channel (and topic) of a narrow the model answers exactly, if it is one. */
export function exactNarrow(m: Model, narrow: readonly NarrowTerm[]): { channel: MChannel; topic?: string } | undefined {
  if (narrow.some((t) => t.negated === true)) return undefined;
  const channels = narrow.filter((t) => t.operator === 'channel');
  const topics = narrow.filter((t) => t.operator === 'topic');
  if (channels.length !== 1 || topics.length > 1 || channels.length + topics.length !== narrow.length) return undefined;
  const c = m.channels.find((x) => `\${${x.v}}` === channels[0]!.operand);
  if (c === undefined) return undefined;
  return topics.length === 1 ? { channel: c, topic: topics[0]!.operand as string } : { channel: c };
}
