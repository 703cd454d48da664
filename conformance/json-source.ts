// A small JSON parser that remembers where each value starts, so the loader can say
// `file.json:14:7` for a schema error deep inside a scenario. JSON.parse knows no
// positions; this reader accepts exactly what JSON.parse accepts (RFC 8259).

export type JsonPath = ReadonlyArray<string | number>;

export interface Position {
  line: number;
  column: number;
}

export interface ParsedJson {
  value: unknown;
  /** Where the value at `path` starts; the nearest enclosing value if that one has no entry. */
  positionOf(path: JsonPath): Position;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(message);
  }
}

export function parseJsonWithPositions(text: string): ParsedJson {
  const positions = new Map<string, number>();
  let i = 0;

  const positionAt = (offset: number): Position => {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < offset && k < text.length; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    return { line, column: offset - lineStart + 1 };
  };
  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, positionAt(at));
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const key = (path: JsonPath) => JSON.stringify(path);

  const value = (path: (string | number)[]): unknown => {
    ws();
    positions.set(key(path), i);
    const c = text[i];
    if (c === '{') return object(path);
    if (c === '[') return array(path);
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    return fail(c === undefined ? 'unexpected end of input' : `unexpected character ${JSON.stringify(c)}`);
  };

  const object = (path: (string | number)[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') fail('expected a property name in double quotes');
      const keyStart = i;
      const k = string();
      if (Object.hasOwn(out, k)) fail(`duplicate key ${JSON.stringify(k)}`, keyStart);
      ws();
      if (text[i] !== ':') fail("expected ':' after a property name");
      i++;
      out[k] = value([...path, k]);
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return out;
      }
      fail("expected ',' or '}' in an object");
    }
  };

  const array = (path: (string | number)[]): unknown[] => {
    const out: unknown[] = [];
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      out.push(value([...path, out.length]));
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return out;
      }
      fail("expected ',' or ']' in an array");
    }
  };

  const string = (): string => {
    const start = i;
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) fail('unterminated string', start);
      if (c === '"') break;
      if (c === '\\') i += text[i + 1] === 'u' ? 6 : 2;
      else if ((c as string).charCodeAt(0) < 0x20) fail('control character in a string');
      else i++;
    }
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('invalid escape in a string', start);
    }
  };

  const number = (): number => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) return fail('invalid number');
    i += m[0].length;
    return Number(m[0]);
  };

  const literal = <T>(word: string, v: T): T => {
    if (text.slice(i, i + word.length) !== word) fail(`unexpected token, expected ${word}`);
    i += word.length;
    return v;
  };

  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const result = value([]);
  ws();
  if (i < text.length) fail('unexpected text after the JSON value');

  return {
    value: result,
    positionOf(path) {
      for (let n = path.length; n >= 0; n--) {
        const offset = positions.get(key(path.slice(0, n)));
        if (offset !== undefined) return positionAt(offset);
      }
      return { line: 1, column: 1 };
    },
  };
}
