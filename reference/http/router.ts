// Route lookup over path segments. A route pattern's `{name}` is one whole segment of
// digits, and `{name:str}` any one non-empty segment (Django's default `<name>` converter,
// e.g. users/<user_id_or_email>/presence); the path must match the pattern exactly, without an extra "/" at the end, as on
// the real server, whose URL patterns are Django `path()` routes (zerver/lib/rest.py
// rest_path; zproject/urls.py) and nothing rewrites a trailing "/" away.
// The answer is the one testing every route's pattern in table order would give —
// every matching route, in table order — at the cost of a few map lookups, however
// long the table grows.
// A pattern's last segment may be `{name...}`: one or more segments of any characters,
// "/" included (Django's `<path:name>` converter), for GET /user_uploads/{path...}.

interface Node {
  literal: Map<string, Node>;
  param: Node | undefined;
  /** The child for a `{name:str}` segment. */
  any: Node | undefined;
  /** Routes whose pattern ends here in a `{name...}` segment: the rest of the path, however long. */
  rest: number[];
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
const ANY_PARAM = /^\{(\w+):str\}$/;
const REST = /^\{(\w+)\.\.\.\}$/;
const node = (): Node => ({ literal: new Map(), param: undefined, any: undefined, ends: [], rest: [] });

export class Router<R extends { readonly path: string }> {
  readonly #root = node();
  readonly #names: string[][] = [];

  constructor(readonly routes: readonly R[]) {
    routes.forEach((route, index) => {
      const names: string[] = [];
      let at = this.#root;
      const segments = route.path.split('/');
      const rest = REST.exec(segments[segments.length - 1] as string);
      if (rest) segments.pop();
      for (const segment of segments) {
        const param = PARAM.exec(segment);
        const any = ANY_PARAM.exec(segment);
        if (param) {
          names.push(param[1] as string);
          at = at.param ??= node();
        } else if (any) {
          names.push(any[1] as string);
          at = at.any ??= node();
        } else {
          let next = at.literal.get(segment);
          if (!next) at.literal.set(segment, (next = node()));
          at = next;
        }
      }
      if (rest) {
        names.push(rest[1] as string);
        at.rest.push(index);
      } else at.ends.push(index);
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
    if (at.rest.length > 0 && i < segments.length) {
      const tail = segments.slice(i);
      // Django's path converter: any non-empty rest.
      if (tail.join('/') !== '') for (const index of at.rest) found.push({ index, values: [...values, tail.join('/')] });
    }
    if (i === segments.length) {
      for (const index of at.ends) found.push({ index, values });
      return;
    }
    const segment = segments[i] as string;
    const literal = at.literal.get(segment);
    if (literal) this.#visit(literal, segments, i + 1, values, found);
    if (at.param && DIGITS.test(segment)) this.#visit(at.param, segments, i + 1, [...values, segment], found);
    if (at.any && segment !== '') this.#visit(at.any, segments, i + 1, [...values, segment], found);
  }
}
