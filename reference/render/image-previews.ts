// Image previews after links to uploaded images (zulip/zulip zerver/lib/markdown/__init__.py:
// InlineInterestingLinkProcessor.run, handle_image_inlining, get_inlining_information,
// find_proper_insertion_index, add_a; zerver/lib/thumbnail.py rewrite_thumbnailed_images).
// The server walks its element tree breadth-first, collects every <a href>, and (when no more
// than 24 distinct URLs outside block quotes are linked) adds one preview per distinct URL:
//   after the paragraph that links it (after that paragraph's earlier previews), replacing the
//   paragraph when it held nothing but a bare link to the URL;
//   at the end of a list item that links it directly;
//   at the end of the message when the link sits in anything else (emphasis, a heading, a table).
// Our renderer writes HTML strings, so this pass reads its own well-formed output back into a
// small tree of elements (what it needs of ElementTree: children, text, tail) and splices.
//
// The markup is the one at feature level 496 once thumbnailing has finished:
//   <div class="message_inline_image"><a href="/user_uploads/…" title="{link text}">
//   <img data-original-content-type="image/png" data-original-dimensions="640x480" src="…"></a></div>
// NOTE: approximation: there are no thumbnails (no image library): `src` is the original upload
// (`/user_uploads/{path_id}`), where the server writes `/user_uploads/thumbnail/{path_id}/840x560.webp`
// (or the `image-loading-placeholder` spinner until the thumbnail exists); an animated image
// gets no `data-animated`, a TIFF or HEIC no `data-transcoded-image` (both are not previewed here).
// Links to images on the organization's own site (a relative URL, or its own scheme and host,
// whose path ends in an image extension) are previewed with `<img src="{url}">`, whether or not
// anything is there, as the server does (is_image's extension check; a link to an upload by its
// full URL takes this path too, as rewrite_local_links_to_relative makes it `user_uploads/…`).
// NOTE: approximation: links to images elsewhere are not previewed: the server shows them
// through its Camo proxy, whose URLs are signed with a per-server secret (and corrects Dropbox,
// Wikipedia and GitHub image links); nor are videos (uploaded or external, `.mp4`/`.webm`,
// YouTube, Vimeo) or websites (message_embed, off by default): those links stay plain links.
import type { RenderContext } from './context.ts';
import { openTag } from './escape.ts';

/** IMAGE_EXTENSIONS */
const IMAGE_EXTENSION = /\.(?:bmp|gif|jpe|jpeg|jpg|png|webp)$/;

/** urlsplit: scheme, netloc and path (no query or fragment). */
function split(url: string): { scheme: string; netloc: string; path: string } {
  const m = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)/.exec(url) as RegExpExecArray;
  return { scheme: (m[1] ?? '').toLowerCase(), netloc: m[2] ?? '', path: m[3] ?? '' };
}

/**
 * is_image for a link that is not to `/user_uploads/`, limited to what needs no Camo URL
 * (is_static_or_current_realm_url: relative, or the organization's own scheme and host).
 */
function isOwnSiteImage(url: string, realmUrl: string): boolean {
  const u = split(url);
  if (!IMAGE_EXTENSION.test(u.path.toLowerCase())) return false;
  const realm = split(realmUrl);
  return (u.scheme === '' && u.netloc === '') || (u.netloc === realm.netloc && u.scheme === realm.scheme);
}

/** is_video: mimetypes.guess_type of the whole URL is video/mp4 or video/webm. */
const VIDEO = /\.(?:mp4|webm)$/i;

/** InlineInterestingLinkProcessor.INLINE_PREVIEW_LIMIT_PER_MESSAGE */
const PREVIEW_LIMIT = 24;

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s[^>]*)?)>/g;

interface Node {
  tag: string;
  attrs: string;
  /** Offset of the open tag; end: offset after the close tag; closeStart: offset of the close tag. */
  start: number;
  closeStart: number;
  end: number;
  parent: Node | null;
  children: Node[];
  depth: number;
  /** ElementTree's text (before the first child) and tail (after the element, before the next). */
  text: string;
  tail: string;
}

/** Our HTML back into a tree; null when it is not what this pass expects (then nothing is added). */
function parse(html: string): Node | null {
  const root: Node = { tag: '#root', attrs: '', start: 0, closeStart: html.length, end: html.length, parent: null, children: [], depth: 0, text: '', tail: '' };
  let current = root;
  let last = 0;
  const addText = (s: string) => {
    const prev = current.children.at(-1);
    if (prev) prev.tail += s;
    else current.text += s;
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    addText(html.slice(last, m.index));
    last = m.index + m[0].length;
    const tag = (m[2] as string).toLowerCase();
    if (m[1] === '/') {
      if (current.tag !== tag || current.parent === null) return null;
      current.closeStart = m.index;
      current.end = last;
      current = current.parent;
      continue;
    }
    const attrs = m[3] as string;
    const node: Node = { tag, attrs, start: m.index, closeStart: last, end: last, parent: current, children: [], depth: current.depth + 1, text: '', tail: '' };
    current.children.push(node);
    if (!VOID.has(tag) && !attrs.endsWith('/')) current = node;
  }
  addText(html.slice(last));
  return current === root ? root : null;
}

function unescape(s: string): string {
  return s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot));/gi, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined || hex !== undefined) {
      const cp = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
      return cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"' }[(name as string).toLowerCase() as 'amp'];
  });
}

function href(node: Node): string | undefined {
  const m = /\shref="([^"]*)"/.exec(node.attrs);
  return m ? unescape(m[1] as string) : undefined;
}

function inBlockquote(node: Node): boolean {
  for (let p = node.parent; p !== null; p = p.parent) if (p.tag === 'blockquote') return true;
  return false;
}

/** Breadth-first, as walk_tree_with_family: by depth, then in document order. */
function anchorsBreadthFirst(root: Node): Node[] {
  const out: Node[] = [];
  const queue: Node[] = [root];
  for (let i = 0; i < queue.length; i++) {
    for (const child of (queue[i] as Node).children) {
      queue.push(child);
      if (child.tag === 'a' && href(child) !== undefined) out.push(child);
    }
  }
  return out;
}

export function addImagePreviews(html: string, ctx: RenderContext): string {
  const lookup = ctx.uploadedImage;
  if (lookup === undefined || !html.includes('<a ')) return html;
  const root = parse(html);
  if (root === null) return html;
  const anchors = anchorsBreadthFirst(root);
  const previewable = new Set(anchors.filter((a) => !inBlockquote(a)).map((a) => href(a) as string));
  if (previewable.size === 0 || previewable.size > PREVIEW_LIMIT) return html;

  const inserts = new Map<number, string[]>();
  const removed: Array<[number, number]> = [];
  const insert = (at: number, s: string) => {
    const list = inserts.get(at);
    if (list) list.push(s);
    else inserts.set(at, [s]);
  };
  const processed = new Set<string>();
  for (const a of anchors) {
    const url = href(a) as string;
    // As upstream: a URL also linked outside quotes is previewed at its first link breadth-first,
    // even when that one is quoted.
    if (!previewable.has(url) || processed.has(url)) continue;
    processed.add(url);
    let imgAttrs: Record<string, string>;
    if (url.startsWith('/user_uploads/')) {
      // Only an upload with an ImageAttachment row: no extension check here.
      const image = lookup(url.slice('/user_uploads/'.length));
      if (image === undefined) continue;
      imgAttrs = { src: url };
      if (image.dimensions !== null) imgAttrs['data-original-dimensions'] = image.dimensions;
      if (image.content_type !== null) imgAttrs['data-original-content-type'] = image.content_type;
    } else {
      if (VIDEO.test(url) || !isOwnSiteImage(url, ctx.realmUrl)) continue;
      imgAttrs = { src: url };
    }
    // A named link ([text](url)) keeps its text and gives the preview its title.
    const text = unescape(a.text);
    const urlEqText = text === '' || text === url;
    const div =
      `<div class="message_inline_image">${openTag('a', urlEqText ? { href: url } : { href: url, title: text })}` +
      `${openTag('img', imgAttrs)}</a></div>`;
    const parent = a.parent as Node;
    if (parent.tag === 'li') {
      insert(parent.closeStart, div);
      if (parent.text === '' && a.tail === '' && urlEqText) removed.push([a.start, a.end]);
    } else if (parent.tag === 'p' && parent.parent !== null) {
      const after = parent.end + parent.tail.length;
      insert(after, div);
      if (parent.children.length === 1 && (parent.text === '' || parent.text === '\n') && a.tail === '' && urlEqText) {
        removed.push([parent.start, after]);
      }
    } else {
      insert(html.length, div);
    }
  }
  if (inserts.size === 0) return html;

  let out = '';
  let at = 0;
  const cuts = new Set<number>([...inserts.keys(), ...removed.flat(), html.length]);
  for (const pos of [...cuts].sort((x, y) => x - y)) {
    if (!removed.some(([s, e]) => at >= s && at < e)) out += html.slice(at, pos);
    out += (inserts.get(pos) ?? []).join('');
    inserts.delete(pos);
    at = pos;
  }
  return out;
}
