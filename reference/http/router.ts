// Route lookup over path segments. A route pattern's `{..._id}` is one whole segment of
// digits (the real server's `<int:...>`), any other `{name}` one non-empty segment (its
// `<email>`), tried after the literal and the digits; the path must match the pattern exactly, without an extra "/" at the end, as on
// the real server, whose URL patterns are Django `path()` routes (zerver/lib/rest.py
// rest_path; zproject/urls.py) and nothing rewrites a trailing "/" away.
// The answer is the one testing every route's pattern in table order would give —
// every matching route, in table order — at the cost of a few map lookups, however
// long the table grows.

interface Node {
  literal: Map<string, Node>;
  param: Node | undefined;
  /** A `{name}` not ending in `_id`: any non-empty segment. */
  text: Node | undefined;
  /** Indexes into the table of the routes whose pattern ends here. */
  ends: number[];
}

interface Found {
  index: number;
  values: string[];
}

export interface RouteMatch<R> {
  route: R;
  pathParams: Record<string, string>;
}

const DIGITS = /^[0-9]+$/;
const PARAM = /^\{(\w+)\}$/;
const node = (): Node => ({ literal: new Map(), param: undefined, text: undefined, ends: [] });

export class Router<R extends { readonly path: string }> {
  readonly #root = node();
  readonly #names: string[][] = [];

  constructor(readonly routes: readonly R[]) {
    routes.forEach((route, index) => {
      const names: string[] = [];
      let at = this.#root;
      for (const segment of route.path.split('/')) {
        const param = PARAM.exec(segment);
        if (param) {
          const name = param[1] as string;
          names.push(name);
          at = /_id$/.test(name) ? (at.param ??= node()) : (at.text ??= node());
        } else {
          let next = at.literal.get(segment);
          if (!next) at.literal.set(segment, (next = node()));
          at = next;
        }
      }
      at.ends.push(index);
      this.#names.push(names);
    });
  }

  /** Every route whose pattern matches the path, in table order. */
  match(path: string): Array<RouteMatch<R>> {
    const found: Found[] = [];
    this.#visit(this.#root, path.split('/'), 0, [], found);
    if (found.length > 1) found.sort((a, b) => a.index - b.index);
    return found.map(({ index, values }) => {
      const pathParams: Record<string, string> = {};
      (this.#names[index] as string[]).forEach((name, i) => (pathParams[name] = values[i] as string));
      return { route: this.routes[index] as R, pathParams };
    });
  }

  #visit(at: Node, segments: string[], i: number, values: string[], found: Found[]): void {
    if (i === segments.length) {
      for (const index of at.ends) found.push({ index, values });
      return;
    }
    const segment = segments[i] as string;
    const literal = at.literal.get(segment);
    if (literal) this.#visit(literal, segments, i + 1, values, found);
    if (at.param && DIGITS.test(segment)) this.#visit(at.param, segments, i + 1, [...values, segment], found);
    if (at.text && segment !== '') this.#visit(at.text, segments, i + 1, [...values, segment], found);
  }
}
