// RFC 6570 URI templates (levels 1–4), as the real server validates and expands a
// linkifier's url_template with the uri_template package (zerver/models/linkifiers.py
// url_template_validator; zerver/lib/markdown/__init__.py LinkifierPattern.handleMatch).
// Values are the matched groups: strings, or null for a group that did not take part.
// NOTE: approximation: a lone "}" outside an expression is taken as literal text.

interface VarSpec {
  readonly name: string;
  readonly prefix: number | null;
}
interface Expression {
  readonly op: string;
  readonly vars: readonly VarSpec[];
}
export type UriTemplate = ReadonlyArray<string | Expression>;

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const VARSPEC = /^([^:*]+)(?::([1-9][0-9]{0,3})|(\*))?$/;

/** The parsed template, or null when it is not a valid URI template. */
export function parseUriTemplate(template: string): UriTemplate | null {
  const parts: Array<string | Expression> = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      parts.push(template.slice(i));
      break;
    }
    if (open > i) parts.push(template.slice(i, open));
    const close = template.indexOf('}', open);
    if (close < 0) return null;
    const body = template.slice(open + 1, close);
    if (body.includes('{')) return null;
    let op = '';
    let list = body;
    if (/^[+#./;?&]/.test(body)) [op, list] = [body[0] as string, body.slice(1)];
    const vars: VarSpec[] = [];
    for (const spec of list.split(',')) {
      const m = VARSPEC.exec(spec);
      if (!m || !VARNAME.test(m[1] as string)) return null;
      vars.push({ name: m[1] as string, prefix: m[2] === undefined ? null : Number(m[2]) });
    }
    parts.push({ op, vars });
    i = close + 1;
  }
  return parts;
}

export function templateVariables(t: UriTemplate): Set<string> {
  const names = new Set<string>();
  for (const p of t) if (typeof p !== 'string') for (const v of p.vars) names.add(v.name);
  return names;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

function encode(s: string, allowReserved: boolean): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    if (allowReserved && ch === '%' && /^%[0-9A-Fa-f]{2}/.test(s.slice(i))) {
      out += s.slice(i, i + 3);
      i += 3;
      continue;
    }
    if (UNRESERVED.test(ch) || (allowReserved && RESERVED.test(ch))) out += ch;
    else for (const b of new TextEncoder().encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    i += ch.length;
  }
  return out;
}

const OPS: Record<string, { first: string; sep: string; named: boolean; ifemp: string; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, ifemp: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifemp: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifemp: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifemp: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifemp: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifemp: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifemp: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifemp: '=', reserved: false },
};

export function expandUriTemplate(t: UriTemplate, values: Readonly<Record<string, string | null | undefined>>): string {
  let out = '';
  for (const part of t) {
    if (typeof part === 'string') {
      // Literal text: characters a URI may hold stay, others are percent-encoded.
      out += encode(part, true);
      continue;
    }
    const op = OPS[part.op] as (typeof OPS)[string];
    const pieces: string[] = [];
    for (const v of part.vars) {
      const raw = values[v.name];
      if (raw === null || raw === undefined) continue;
      const value = v.prefix === null ? raw : [...raw].slice(0, v.prefix).join('');
      const enc = encode(value, op.reserved);
      pieces.push(op.named ? (enc === '' ? `${v.name}${op.ifemp}` : `${v.name}=${enc}`) : enc);
    }
    if (pieces.length > 0) out += op.first + pieces.join(op.sep);
  }
  return out;
}
