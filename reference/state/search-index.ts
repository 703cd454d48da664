// An inverted index for full-text search: stem → ascending ids of the messages whose
// topic or rendered content holds it, with the same words and stems as the `search`
// operator (narrow/search). Built on the first search, then kept up to date; derived
// data, dropped on restore. Its postings are candidates only: the narrow's predicate
// still decides (phrases, other terms, access).
import { indexedStems } from '../narrow/index.ts';
import { lowerBoundOf, mergeInto } from './message-index.ts';
import type { Message } from './types.ts';

export class SearchIndex {
  readonly #postings = new Map<string, number[]>();

  constructor(messages: Iterable<Message>) {
    const sorted = [...messages].sort((a, b) => a.id - b.id);
    for (const m of sorted) this.add(m);
  }

  add(m: Message): void {
    for (const stem of indexedStems(m)) {
      const list = this.#postings.get(stem);
      if (!list) this.#postings.set(stem, [m.id]);
      else if ((list[list.length - 1] as number) < m.id) list.push(m.id);
      else list.splice(lowerBoundOf(list, m.id), 0, m.id);
    }
  }

  remove(m: Message): void {
    for (const stem of indexedStems(m)) {
      const list = this.#postings.get(stem);
      if (!list) continue;
      const i = lowerBoundOf(list, m.id);
      if (list[i] === m.id) list.splice(i, 1);
    }
  }

  /**
   * Messages moved from one topic to another (`moved`: their old records, ascending ids):
   * the new topic's stems gain them, the old topic's lose those whose content lacks the stem.
   * One pass over each postings list touched.
   */
  moveTopic(moved: readonly Message[], newTopic: string): void {
    if (moved.length === 0) return;
    const stemsOfTopic = (topic: string) => indexedStems({ ...(moved[0] as Message), topic, rendered_content: '' });
    const oldStems = stemsOfTopic((moved[0] as Message).topic);
    const newStems = stemsOfTopic(newTopic);
    const ids = moved.map((m) => m.id);
    for (const stem of newStems) {
      if (oldStems.has(stem)) continue;
      mergeInto(this.#postings, stem, ids);
    }
    const lost = [...oldStems].filter((s) => !newStems.has(s));
    if (lost.length === 0) return;
    const drop = new Map<string, number[]>(lost.map((s) => [s, []]));
    for (const m of moved) {
      const content = indexedStems({ ...m, topic: '' });
      for (const stem of lost) if (!content.has(stem)) (drop.get(stem) as number[]).push(m.id);
    }
    for (const [stem, gone] of drop) {
      const list = this.#postings.get(stem);
      if (!list || gone.length === 0) continue;
      const goneSet = new Set(gone);
      const kept = list.filter((id) => !goneSet.has(id));
      if (kept.length === 0) this.#postings.delete(stem);
      else this.#postings.set(stem, kept);
    }
  }

  /**
   * Ids of the messages holding every stem, ascending; undefined when even the shortest
   * postings list has `limit` ids or more (the caller has a better list already).
   */
  candidates(stems: ReadonlySet<string>, limit = Infinity): number[] | undefined {
    const lists = [...stems].map((s) => this.#postings.get(s) ?? []).sort((a, b) => a.length - b.length);
    const [first, ...rest] = lists;
    if (!first) return [];
    if (first.length >= limit) return undefined;
    return rest.reduce<number[]>((acc, list) => intersect(acc, list), first);
  }
}

/** Sorted intersection: a merge for lists of like size, binary search for a short one. */
function intersect(short: readonly number[], long: readonly number[]): number[] {
  const out: number[] = [];
  if (long.length > 16 * short.length) {
    for (const id of short) if (long[lowerBoundOf(long, id)] === id) out.push(id);
    return out;
  }
  let j = 0;
  for (const id of short) {
    while (j < long.length && (long[j] as number) < id) j++;
    if (long[j] === id) out.push(id);
  }
  return out;
}
