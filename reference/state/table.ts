// A keyed table of records that snapshots itself. A table is declared once, where its
// records are defined (`defineTable`), and lives in the store under its name: its rows
// are part of StateData, so snapshot, restore, reset and the state digest cover it with
// no code of their own; its id sequence lives in the state too (a restore rewinds it
// with the rows, so the same requests give the same ids); its secondary indexes are derived from the rows and rebuilt on first use
// after a restore. Adding a table needs no edit anywhere else.
//
// Records are replaced, never changed in place (put a new object): a snapshot may share
// them. Every write bumps the store's version.

export interface Row {
  readonly id: number;
}

export interface TableSpec<T extends Row> {
  readonly name: string;
  /** Secondary indexes by name: rows with the same key are found together, ascending by id. */
  readonly indexes: Readonly<Record<string, (row: T) => string | number>>;
  /** An order over some rows (null: not in it), smallest key first, ties by id: first() finds the head. */
  readonly orderBy: ((row: T) => number | null) | undefined;
}

export function defineTable<T extends Row>(
  name: string,
  options: { indexes?: Record<string, (row: T) => string | number>; orderBy?: (row: T) => number | null } = {},
): TableSpec<T> {
  return { name, indexes: options.indexes ?? {}, orderBy: options.orderBy };
}

/** What a table needs of its store: the rows' home in StateData, the id sequence, the version. */
export interface TableHost {
  /** The table's rows; with `create`, an empty map is made for a table that has none yet (reads never make one). */
  rowsOf(name: string, create: boolean): Map<number, unknown> | undefined;
  nextId(table: string): number;
  changed(): void;
}

const NONE: ReadonlyMap<number, never> = new Map<number, never>();

export class Table<T extends Row> {
  #indexes: Map<string, Map<string | number, Set<number>>> | undefined;
  #order: Heap | undefined;

  constructor(
    readonly spec: TableSpec<T>,
    private readonly host: TableHost,
  ) {}

  get #rows(): ReadonlyMap<number, T> {
    return (this.host.rowsOf(this.spec.name, false) as Map<number, T> | undefined) ?? NONE;
  }

  /** A fresh id from the table's sequence (never reused, also not after a delete). */
  nextId(): number {
    return this.host.nextId(this.spec.name);
  }
  get(id: number): T | undefined {
    return this.#rows.get(id);
  }
  get size(): number {
    return this.#rows.size;
  }
  /** All rows, ascending by id. */
  all(): T[] {
    return [...this.#rows.values()].sort((a, b) => a.id - b.id);
  }
  /** The rows an index files under `key`, ascending by id. */
  find(index: string, key: string | number): T[] {
    const ids = this.#index(index).get(key);
    if (ids === undefined) return [];
    return [...ids].sort((a, b) => a - b).map((id) => this.#rows.get(id) as T);
  }
  /** The first row of the order (smallest key, then smallest id), if any row is in it. */
  first(): T | undefined {
    const order = this.#ordered();
    for (;;) {
      const top = order.peek();
      if (top === undefined) return undefined;
      const row = this.#rows.get(top.id);
      const key = row === undefined ? null : (this.spec.orderBy as (r: T) => number | null)(row);
      if (row !== undefined && key === top.key) return row;
      order.pop(); // stale: the row is gone or has moved
    }
  }

  /** Insert or replace a row. */
  put(row: T): void {
    const old = this.#rows.get(row.id);
    this.host.changed();
    if (this.#indexes !== undefined) {
      for (const [name, key] of Object.entries(this.spec.indexes)) {
        const index = this.#indexes.get(name) as Map<string | number, Set<number>>;
        if (old !== undefined) index.get(key(old))?.delete(old.id);
        file(index, key(row), row.id);
      }
    }
    (this.host.rowsOf(this.spec.name, true) as Map<number, T>).set(row.id, row);
    const orderBy = this.spec.orderBy;
    if (this.#order !== undefined && orderBy !== undefined) {
      const key = orderBy(row);
      if (key !== null && (old === undefined || orderBy(old) !== key)) this.#order.push({ key, id: row.id });
    }
  }
  /**
   * Record that a row changed in a part that is no key of any index or order (an appended
   * list): cheaper than put, which refiles the row.
   */
  touched(row: T): void {
    if (this.#rows.get(row.id) !== row) throw new RangeError(`table ${this.spec.name}: touched() takes the stored row`);
    this.host.changed();
  }
  /** Remove a row; false if there was none. */
  delete(id: number): boolean {
    const old = this.#rows.get(id);
    if (old === undefined) return false;
    this.host.changed();
    (this.host.rowsOf(this.spec.name, true) as Map<number, T>).delete(id);
    if (this.#indexes !== undefined) {
      for (const [name, key] of Object.entries(this.spec.indexes)) this.#indexes.get(name)?.get(key(old))?.delete(id);
    }
    return true;
  }

  #index(name: string): Map<string | number, Set<number>> {
    if (this.#indexes === undefined) {
      this.#indexes = new Map();
      for (const [indexName, key] of Object.entries(this.spec.indexes)) {
        const index = new Map<string | number, Set<number>>();
        for (const row of this.#rows.values()) file(index, key(row), row.id);
        this.#indexes.set(indexName, index);
      }
    }
    const index = this.#indexes.get(name);
    if (index === undefined) throw new RangeError(`table ${this.spec.name} has no index ${name}`);
    return index;
  }
  #ordered(): Heap {
    if (this.#order === undefined) {
      const orderBy = this.spec.orderBy;
      if (orderBy === undefined) throw new RangeError(`table ${this.spec.name} has no order`);
      this.#order = new Heap();
      for (const row of this.#rows.values()) {
        const key = orderBy(row);
        if (key !== null) this.#order.push({ key, id: row.id });
      }
    }
    return this.#order;
  }
}

function file(index: Map<string | number, Set<number>>, key: string | number, id: number): void {
  let ids = index.get(key);
  if (ids === undefined) index.set(key, (ids = new Set()));
  ids.add(id);
}

interface Entry {
  key: number;
  id: number;
}

/** A binary min-heap by (key, id). Entries go stale when their row moves; Table.first skips those. */
class Heap {
  readonly #items: Entry[] = [];
  peek(): Entry | undefined {
    return this.#items[0];
  }
  push(entry: Entry): void {
    const items = this.#items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i] as Entry, items[parent] as Entry)) break;
      [items[i], items[parent]] = [items[parent] as Entry, items[i] as Entry];
      i = parent;
    }
  }
  pop(): void {
    const items = this.#items;
    const last = items.pop();
    if (last === undefined || items.length === 0) return;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < items.length && less(items[l] as Entry, items[smallest] as Entry)) smallest = l;
      if (r < items.length && less(items[r] as Entry, items[smallest] as Entry)) smallest = r;
      if (smallest === i) return;
      [items[i], items[smallest]] = [items[smallest] as Entry, items[i] as Entry];
      i = smallest;
    }
  }
}

const less = (a: Entry, b: Entry) => a.key < b.key || (a.key === b.key && a.id < b.id);
