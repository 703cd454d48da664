// Templates in scenario values (scenarios/README.md, "Templates"):
//   ${name}                a variable saved by an earlier step
//   ${uniq}                a token unique to this run of the scenario ([a-z0-9])
//   ${user:member.id}      a profile user's id, email, api_key or password
//   ${base64:TEXT}         standard Base64 of the UTF-8 TEXT
//   ${upper:TEXT}          TEXT in upper case
//   ${jwt:CLAIMS}          CLAIMS (a JSON object) as an HS256 JWT signed with the profile's jwt_secret
//   ${jwt_wrong_key:CLAIMS}, ${jwt_alg_none:CLAIMS}, ${jwt_hs512:CLAIMS}   tokens the server must refuse
// Arguments are expanded first, so templates nest. `$${` is a literal `${`.
// A string that is exactly one template takes the template's value with its JSON type
// ("${user:member.id}" is the number 6); elsewhere values are spliced in as text.
import { mintJwt, type JwtKind } from './jwt.ts';
import { ROLES, type Role } from './schema.ts';

export const USER_FIELDS = ['id', 'email', 'api_key', 'password'] as const;
export type UserField = (typeof USER_FIELDS)[number];

const JWT_FUNCTIONS: Record<string, JwtKind> = {
  jwt: 'hs256',
  jwt_wrong_key: 'wrong_key',
  jwt_alg_none: 'alg_none',
  jwt_hs512: 'hs512',
};
export const FUNCTIONS = ['base64', 'upper', ...Object.keys(JWT_FUNCTIONS)] as const;

export class TemplateError extends Error {}

export interface TemplateContext {
  vars: ReadonlyMap<string, unknown>;
  uniq: string;
  user(role: Role, field: UserField): unknown;
  jwtSecret: string | undefined;
}

type Piece = { text: string } | { expr: string };

/** Split a string into literal text and ${...} expressions (brace- and quote-aware). */
export function splitTemplate(s: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  let i = 0;
  while (i < s.length) {
    if (s.startsWith('$${', i)) {
      text += '${';
      i += 3;
      continue;
    }
    if (!s.startsWith('${', i)) {
      text += s[i];
      i++;
      continue;
    }
    let depth = 1;
    let k = i + 2;
    for (; k < s.length && depth > 0; k++) {
      const c = s[k];
      if (c === '"') {
        for (k++; k < s.length && s[k] !== '"'; k++) if (s[k] === '\\') k++;
      } else if (c === '{') depth++;
      else if (c === '}') depth--;
    }
    if (depth !== 0) throw new TemplateError(`unterminated template in ${JSON.stringify(s)}`);
    if (text) out.push({ text });
    text = '';
    out.push({ expr: s.slice(i + 2, k - 1) });
    i = k;
  }
  if (text || out.length === 0) out.push({ text });
  return out;
}

export type TemplateRef =
  | { kind: 'var'; name: string }
  | { kind: 'uniq' }
  | { kind: 'user'; role: Role; field: UserField }
  | { kind: 'function'; name: string };

/** Every reference a string makes, nested ones included; throws TemplateError on bad syntax. */
export function templateRefs(s: string): TemplateRef[] {
  const refs: TemplateRef[] = [];
  for (const piece of splitTemplate(s)) {
    if (!('expr' in piece)) continue;
    const expr = piece.expr;
    const colon = expr.indexOf(':');
    if (colon === -1) {
      if (expr === 'uniq') refs.push({ kind: 'uniq' });
      else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(expr)) refs.push({ kind: 'var', name: expr });
      else throw new TemplateError(`\${${expr}}: not a variable name`);
      continue;
    }
    const fn = expr.slice(0, colon);
    const arg = expr.slice(colon + 1);
    if (fn === 'user') {
      const m = /^([a-z0-9]+)\.([a-z_]+)$/.exec(arg);
      if (!m || !(ROLES as readonly string[]).includes(m[1] as string) || !(USER_FIELDS as readonly string[]).includes(m[2] as string)) {
        throw new TemplateError(`\${user:${arg}}: expected ROLE.FIELD, ROLE one of ${ROLES.join(', ')}, FIELD one of ${USER_FIELDS.join(', ')}`);
      }
      refs.push({ kind: 'user', role: m[1] as Role, field: m[2] as UserField });
      continue;
    }
    if (!(FUNCTIONS as readonly string[]).includes(fn)) throw new TemplateError(`\${${fn}:...}: unknown function (known: user, ${FUNCTIONS.join(', ')})`);
    refs.push({ kind: 'function', name: fn });
    refs.push(...templateRefs(arg));
  }
  return refs;
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function evaluate(expr: string, ctx: TemplateContext): unknown {
  const colon = expr.indexOf(':');
  if (colon === -1) {
    if (expr === 'uniq') return ctx.uniq;
    if (!ctx.vars.has(expr)) throw new TemplateError(`\${${expr}}: no such variable (saved so far: ${[...ctx.vars.keys()].join(', ') || 'none'})`);
    return ctx.vars.get(expr);
  }
  const fn = expr.slice(0, colon);
  const rawArg = expr.slice(colon + 1);
  if (fn === 'user') {
    const [role, field] = rawArg.split('.') as [Role, UserField];
    return ctx.user(role, field);
  }
  const arg = expandToString(rawArg, ctx);
  if (fn === 'base64') return toBase64(arg);
  if (fn === 'upper') return arg.toUpperCase();
  const kind = JWT_FUNCTIONS[fn];
  if (kind !== undefined) {
    if (ctx.jwtSecret === undefined) throw new TemplateError(`\${${fn}:...} needs the profile capability jwt_secret`);
    let claims: unknown;
    try {
      claims = JSON.parse(arg);
    } catch {
      throw new TemplateError(`\${${fn}:...}: the claims are not JSON: ${arg}`);
    }
    return mintJwt(kind, claims, ctx.jwtSecret);
  }
  throw new TemplateError(`\${${fn}:...}: unknown function`);
}

export function toBase64(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Expand a string; always returns a string. */
export function expandToString(s: string, ctx: TemplateContext): string {
  return splitTemplate(s)
    .map((p) => ('expr' in p ? asText(evaluate(p.expr, ctx)) : p.text))
    .join('');
}

/** Expand a string; a string that is exactly one template keeps the value's type. */
export function expandString(s: string, ctx: TemplateContext): unknown {
  const pieces = splitTemplate(s);
  if (pieces.length === 1 && 'expr' in pieces[0]!) return evaluate(pieces[0].expr, ctx);
  return pieces.map((p) => ('expr' in p ? asText(evaluate(p.expr, ctx)) : p.text)).join('');
}

/** Expand every string (and object key) inside a JSON value. */
export function expandValue(v: unknown, ctx: TemplateContext): unknown {
  if (typeof v === 'string') return expandString(v, ctx);
  if (Array.isArray(v)) return v.map((el) => expandValue(el, ctx));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, el] of Object.entries(v)) out[expandToString(k, ctx)] = expandValue(el, ctx);
    return out;
  }
  return v;
}

/** Every string inside a JSON value, object keys included (for the loader's checks). */
export function stringsIn(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringsIn);
  if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, el]) => [k, ...stringsIn(el)]);
  return [];
}
