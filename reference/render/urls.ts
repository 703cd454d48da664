// URL rules for links in messages (zerver/lib/markdown/__init__.py: sanitize_url,
// rewrite_local_links_to_relative; zerver/lib/url_encoding.py: encode_hash_component,
// encode_channel). URL splitting follows Python's urllib.parse.urlsplit/urlunsplit.

// https://html.spec.whatwg.org/multipage/system-state.html#safelisted-scheme, plus the
// server's own four. Anything else (javascript:, data:, vbscript:, itms:…) is refused.
const ALLOWED_SCHEMES = new Set([
  'http', 'https', 'ftp', 'file',
  'bitcoin', 'geo', 'im', 'irc', 'ircs', 'magnet', 'mailto', 'matrix', 'mms', 'news', 'nntp',
  'openpgp4fpr', 'sip', 'sms', 'smsto', 'ssh', 'tel', 'urn', 'webcal', 'wtai', 'xmpp',
]);

/** Schemes urlunsplit writes with "//" even when the netloc is empty. */
const USES_NETLOC = new Set([
  'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms', 'https', 'shttp', 'snews',
  'prospero', 'rtsp', 'rtsps', 'rtspu', 'rsync', 'svn', 'svn+ssh', 'sftp', 'nfs', 'git', 'git+ssh', 'ws', 'wss',
]);

interface SplitUrl {
  scheme: string;
  netloc: string;
  path: string;
  query: string;
  fragment: string;
}

function urlsplit(input: string): SplitUrl {
  // Leading C0 controls and spaces are dropped; tabs and newlines anywhere are removed.
  let url = input.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  const colon = url.indexOf(':');
  if (colon > 0 && /^[a-zA-Z][a-zA-Z0-9+\-.]*$/.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  let netloc = '';
  if (url.startsWith('//')) {
    const rest = url.slice(2);
    const end = rest.search(/[/?#]/);
    netloc = end < 0 ? rest : rest.slice(0, end);
    url = end < 0 ? '' : rest.slice(end);
  }
  let fragment = '';
  let query = '';
  const hash = url.indexOf('#');
  if (hash >= 0) [url, fragment] = [url.slice(0, hash), url.slice(hash + 1)];
  const q = url.indexOf('?');
  if (q >= 0) [url, query] = [url.slice(0, q), url.slice(q + 1)];
  return { scheme, netloc, path: url, query, fragment };
}

function urlunsplit({ scheme, netloc, path, query, fragment }: SplitUrl): string {
  let url = path;
  if (netloc) {
    if (url && !url.startsWith('/')) url = `/${url}`;
    url = `//${netloc}${url}`;
  } else if (url.startsWith('//')) {
    url = `//${url}`;
  } else if (scheme && USES_NETLOC.has(scheme) && (!url || url.startsWith('/'))) {
    url = `//${url}`;
  }
  if (scheme) url = `${scheme}:${url}`;
  if (query) url += `?${query}`;
  if (fragment) url += `#${fragment}`;
  return url;
}

/**
 * The href a link may have, or null if the link must stay text. Domain-relative
 * (`/x`) and fragment (`#x`) links pass; `a@b.c` becomes mailto:; a URL without a
 * scheme gets `http://`; otherwise the scheme must be on the allow-list.
 */
export function sanitizeUrl(url: string): string | null {
  const parts = urlsplit(url.replace(/ /g, '%20'));
  const { scheme, netloc, path, query, fragment } = parts;
  if (!scheme && !netloc && path.includes('@')) {
    return urlunsplit({ ...parts, scheme: 'mailto' });
  }
  if (!scheme && !netloc && path.startsWith('/')) return urlunsplit({ ...parts, scheme: '' });
  if (!scheme && !netloc && !path && !query && fragment) return `#${fragment}`;
  if (!scheme) return sanitizeUrl(`http://${url}`);
  if (!ALLOWED_SCHEMES.has(scheme)) return null;
  return urlunsplit(parts);
}

/** Links into the realm's web app or uploads become relative ("#narrow/…"). */
export function relativeToRealm(realmUrl: string, href: string): string {
  const prefix = `${realmUrl}/`;
  if (href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`)) return href.slice(prefix.length);
  return href;
}

/**
 * Python's urllib.parse.quote(s, safe="*") with "%" → "." and "(", ")", "." written
 * as ".28", ".29", ".2E": "Zulip updates" → "Zulip.20updates".
 */
export function encodeHashComponent(s: string): string {
  const wellFormed = s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const quoted = encodeURIComponent(wellFormed).replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return quoted.replace(/\./g, '%2E').replace(/%/g, '.');
}

/** "9-core-team" for channel 9 named "core team". */
export function encodeChannel(streamId: number, name: string): string {
  return `${streamId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;
}
