// What one request may ask of the decoder, and the errors for asking more. Each limit
// is one the real server also has or one no real client reaches; each is checked
// before the work it bounds, so that a hostile request costs time linear in its size
// and is refused with a 400 that names the limit.
import { BadRequest } from '../errors.ts';

export const LIMITS = {
  /**
   * Parameters in the query string, and again in the body: Django's default
   * DATA_UPLOAD_MAX_NUMBER_FIELDS, which the real server's settings
   * (zproject/computed_settings.py) leave as is.
   */
  parameters: 1000,
  /**
   * Characters in one parameter's name or value. No client sends more: the longest
   * values the API takes (message content, 10000 characters; lists of ids) are far
   * shorter.
   */
  parameterLength: 1024 * 1024,
  /** Nesting of a JSON-encoded parameter; the API's deepest (a narrow, a group setting) has 3 levels. */
  jsonDepth: 100,
  /** A multipart/form-data boundary: RFC 2046 section 5.1.1 allows 1 to 70 characters. */
  boundaryLength: 70,
} as const;

// NOTE: approximation: the real server answers a request over DATA_UPLOAD_MAX_NUMBER_FIELDS
// with Django's 400 page; Understudy answers with the JSON envelope, as for every error.
export class TooManyParameters extends BadRequest {
  constructor() {
    super(`Too many parameters (limit: ${LIMITS.parameters})`);
  }
}

export class ParameterTooLong extends BadRequest {
  constructor(name: string) {
    super(`Parameter '${shortName(name)}' is too long (limit: ${LIMITS.parameterLength} characters)`);
  }
}

export class JsonTooDeep extends BadRequest {
  constructor(name: string) {
    super(`${shortName(name)} is not valid JSON (nested deeper than ${LIMITS.jsonDepth} levels)`);
  }
}

export class BadBoundary extends BadRequest {
  constructor() {
    super(`Invalid multipart boundary (1 to ${LIMITS.boundaryLength} characters)`);
  }
}

/** A name as an error message may quote it: a hostile name may be a megabyte long. */
function shortName(name: string): string {
  return name.length <= 100 ? name : `${name.slice(0, 100)}…`;
}

/**
 * Throws JsonTooDeep if `text`, read as JSON, opens more than LIMITS.jsonDepth arrays or
 * objects at once. One pass, brackets inside strings ignored; malformed JSON is left
 * for JSON.parse to refuse.
 */
export function checkJsonDepth(name: string, text: string): void {
  if (text.length <= LIMITS.jsonDepth) return; // too short to nest that deep
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > LIMITS.jsonDepth) throw new JsonTooDeep(name);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}
