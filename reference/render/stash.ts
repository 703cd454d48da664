// Placeholders for finished pieces of output, as in Python-Markdown's htmlStash and
// inline "stashed nodes": a matched piece of text is replaced by a placeholder so that
// later (lower-priority) patterns cannot see inside it; placeholders are expanded when
// the HTML is written. The input never contains the delimiters (they are stripped
// from messages first), so a message cannot forge a placeholder.

/** A finished inline element. `text` may hold placeholders of nested nodes. */
export interface ElementNode {
  readonly kind: 'element';
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  text: string;
  /** true: no further pattern runs on `text` (Python-Markdown's AtomicString). */
  readonly atomic: boolean;
  /** `text` is code: written escaped, placeholders not expanded. */
  readonly code?: boolean;
  /** A second tag inside the first, as in `***x***` → `<strong><em>x</em></strong>`. */
  readonly innerTag?: string;
}

/** Text that no later pattern may touch (an unknown `:emoji:`, a rejected URL). */
export interface TextNode {
  readonly kind: 'text';
  readonly text: string;
}

/** HTML we produced ourselves: code blocks, `<br>`, entity references. */
export interface RawNode {
  readonly kind: 'raw';
  readonly html: string;
  /** A block-level element: a paragraph holding only this placeholder is replaced by it. */
  readonly block?: boolean;
}

export type StashNode = ElementNode | TextNode | RawNode;

const OPEN = '\u0002';
const CLOSE = '\u0003';
/** Digits of the index, in the private-use area so that no pattern's `\w` matches them. */
const DIGIT0 = 0xe000;

export const PLACEHOLDER = /\u0002([\ue000-\ue00f]+)\u0003/g;

/** Characters that a message may not contain, because they delimit placeholders. */
export const DELIMITERS = /[\u0002\u0003]/g;

export class Stash {
  readonly #nodes: StashNode[] = [];

  add(node: StashNode): string {
    const id = this.#nodes.length;
    this.#nodes.push(node);
    let digits = '';
    for (const d of id.toString(16)) digits += String.fromCharCode(DIGIT0 + parseInt(d, 16));
    return OPEN + digits + CLOSE;
  }

  /** The node for the digits captured by PLACEHOLDER. */
  get(digits: string): StashNode {
    let id = 0;
    for (const ch of digits) id = id * 16 + (ch.charCodeAt(0) - DIGIT0);
    const node = this.#nodes[id];
    if (node === undefined) throw new Error(`render: no stashed node ${id}`);
    return node;
  }

  /** If `text` is exactly one placeholder, its node. */
  only(text: string): StashNode | undefined {
    const m = /^\u0002([\ue000-\ue00f]+)\u0003$/.exec(text);
    return m ? this.get(m[1] as string) : undefined;
  }
}
