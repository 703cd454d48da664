// Credentials never reach a report. A failing step's request carries an Authorization
// header, a login a password, a response an API key; reports end up in CI logs and
// uploaded JUnit files. So before a result reaches any reporter (console, json, junit,
// tap) or a caller of runConformance, every secret in it is masked:
//   - Authorization-like headers: `Basic <user@example.com:***>` (who, not the key),
//     any other scheme `Bearer ***`;
//   - values under secret-named fields (password, api_key, token, ...) in request
//     bodies, query strings, control parameters, expectations and responses;
//   - and every other occurrence of any of those values, or of the profile's passwords,
//     API keys and JWT secret, in any string of the result (problems, reasons, bodies),
//     raw, URL-encoded and base64-encoded, as a whole word: the default realm's password
//     is "secret", which "jwt_secret" should survive.

const SECRET_NAMES = 'password|new_password|old_password|api_key|token|jwt|jwt_key|jwt_secret|secret|otp';
const SECRET_FIELD = new RegExp(`^(${SECRET_NAMES})$`, 'i');
/** A secret parameter in a form body or query string. */
const FORM_SECRET = new RegExp(`(^|[?&])(${SECRET_NAMES})=[^&\\s]*`, 'gi');
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key)$/i;
/** A part of a multipart/form-data body as conformance/request.ts writes it: its name, then its value up to the next delimiter. */
const MULTIPART_PART = 'Content-Disposition: form-data; name="';
const MULTIPART_FIELD = /Content-Disposition: form-data; name="([^"]*)"\r\n\r\n([\s\S]*?)\r\n--/g;
/** Shorter strings are too likely to be ordinary text ("1", "on", "yes") to be masked everywhere. */
const MIN_SECRET_LENGTH = 4;
export const MASK = '***';

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function unbase64(text: string): string | undefined {
  try {
    const binary = atob(text);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

export class Redactor {
  readonly #secrets = new Set<string>();
  #pattern: RegExp | undefined;

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.add(s);
  }

  /** A secret, in all the forms it may take in a report. */
  add(secret: string | undefined): void {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH || this.#secrets.has(secret)) return;
    for (const form of [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), base64(secret)]) {
      if (form.length >= MIN_SECRET_LENGTH) this.#secrets.add(form);
    }
    this.#pattern = undefined;
  }

  /** `text` with every known secret replaced by the mask. */
  text(text: string): string {
    if (this.#secrets.size === 0) return text;
    this.#pattern ??= new RegExp(
      [...this.#secrets]
        .sort((a, b) => b.length - a.length)
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .map((s) => `(?<![A-Za-z0-9_])${s}(?![A-Za-z0-9_])`)
        .join('|'),
      'g',
    );
    return text.replace(this.#pattern, MASK);
  }

  /** An Authorization header value, with who it names kept and the credential masked. */
  header(value: string): string {
    const m = /^(\S+)\s+(\S+)\s*$/.exec(value);
    if (!m) return MASK;
    const [, scheme, credential] = m as unknown as [string, string, string];
    this.add(credential);
    if (scheme.toLowerCase() === 'basic') {
      const decoded = unbase64(credential);
      const colon = decoded?.indexOf(':') ?? -1;
      if (decoded !== undefined && colon >= 0) {
        this.add(decoded.slice(colon + 1));
        return `${scheme} <${this.text(decoded.slice(0, colon))}:${MASK}>`;
      }
    }
    return `${scheme} ${MASK}`;
  }

  /** A copy of `value` (a result, a failure, any JSON-like data) with every secret masked. */
  value<T>(value: T): T {
    this.#collect(value, undefined);
    return this.#mask(value, undefined) as T;
  }

  /** Learn the secrets in `v`: values of secret-named fields and headers, and of secret parameters in form-encoded strings. */
  #collect(v: unknown, key: string | undefined): void {
    if (typeof v === 'string') {
      if (key !== undefined && SECRET_HEADER.test(key)) this.header(v);
      else if (key !== undefined && SECRET_FIELD.test(key)) this.add(v);
      else if (v.includes(MULTIPART_PART)) this.#collectMultipart(v);
      else if (/[=&]/.test(v)) this.#collectForm(v);
    } else if (Array.isArray(v)) {
      for (const x of v) this.#collect(x, undefined);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (SECRET_FIELD.test(k) && typeof x !== 'object') this.add(String(x));
        else this.#collect(x, k);
      }
    }
  }

  /** A form body or a path with a query string: secret parameters' values. */
  #collectForm(text: string): void {
    const q = text.indexOf('?');
    const form = q >= 0 ? text.slice(q + 1) : text;
    if (/\s/.test(form)) return; // prose, not a form
    for (const [k, x] of new URLSearchParams(form)) if (SECRET_FIELD.test(k)) this.add(x);
  }

  /** A multipart/form-data body (`"encoding": "multipart"`): secret parameters' values, which text() then masks. */
  #collectMultipart(text: string): void {
    for (const m of text.matchAll(MULTIPART_FIELD)) if (SECRET_FIELD.test(m[1] as string)) this.add(m[2]);
  }

  /** Secret parameters of a form body or query string, however they were encoded. */
  #maskForm(text: string): string {
    return text.replace(FORM_SECRET, (_, lead: string, name: string) => `${lead}${name}=${MASK}`);
  }

  #mask(v: unknown, key: string | undefined): unknown {
    if (typeof v === 'string') return key !== undefined && SECRET_HEADER.test(key) ? this.header(v) : this.text(this.#maskForm(v));
    if (Array.isArray(v)) return v.map((x) => this.#mask(x, undefined));
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_FIELD.test(k) && typeof x !== 'object' && x !== undefined ? MASK : this.#mask(x, k)]));
    }
    return v;
  }
}
