// The text of a message in a mobile notification: its rendered HTML as plain text
// (zulip/zulip zerver/lib/push_notifications.py get_mobile_push_content). Mentions keep
// their text ("@King Hamlet", "@hamletcharacters"); paragraphs, list items and line
// breaks become new lines; entities are decoded.
// NOTE: approximation: quotes, images, spoilers, code blocks and math keep their plain text instead of the real server's special forms, and the text is not truncated (the legacy payloads cut at 200 characters; the encrypted payload's limit was not confirmed).

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function pushContent(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[1-6]|pre|blockquote|div|tr)>\s*/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        // Digits only: never negative, so the code point's one bound is the top of Unicode.
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  return text.replace(/\n{2,}/g, '\n').trim();
}

export interface MentionedIds {
  /** Users mentioned by name, not silently. */
  users: Set<number>;
  /** Groups mentioned, not silently. */
  groups: Set<number>;
}

/** The non-silent user and group mentions in rendered HTML (render/mentions.ts writes them). */
export function mentionedIds(html: string): MentionedIds {
  const users = new Set<number>();
  const groups = new Set<number>();
  for (const m of html.matchAll(/<span class="user-mention" data-user-id="(\d+)">/g)) users.add(Number(m[1]));
  for (const m of html.matchAll(/<span class="user-group-mention" data-user-group-id="(\d+)">/g)) groups.add(Number(m[1]));
  return { users, groups };
}
