// Base64 and Base64url in plain TypeScript, for the core that runs in a browser.
const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function codec(alphabet: string, pad: boolean) {
  const lookup = new Map([...alphabet].map((c, i) => [c, i]));
  return {
    encode(bytes: Uint8Array): string {
      let out = '';
      for (let i = 0; i < bytes.length; i += 3) {
        const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
        const chunk = [18, 12, 6, 0].map((s) => alphabet[(n >> s) & 63]).join('');
        const keep = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
        out += chunk.slice(0, keep) + (pad ? '='.repeat(4 - keep) : '');
      }
      return out;
    },
    /** Throws on any character outside the alphabet, or on bad padding when padding is required. */
    decode(text: string): Uint8Array {
      let body = text;
      if (pad) {
        if (text.length % 4 !== 0) throw new Error('bad base64 length');
        body = text.replace(/={1,2}$/, '');
      } else if (body.length % 4 === 1) {
        throw new Error('bad base64 length');
      }
      const out: number[] = [];
      let acc = 0;
      let bits = 0;
      for (const c of body) {
        const v = lookup.get(c);
        if (v === undefined) throw new Error('bad base64 character');
        acc = (acc << 6) | v;
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          out.push((acc >> bits) & 255);
        }
      }
      return Uint8Array.from(out);
    },
  };
}

export const base64 = codec(STD, true);
export const base64url = codec(URL_SAFE, false);

export function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
