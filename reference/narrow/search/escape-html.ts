// Zulip's SQL function escape_html (zerver/migrations/0001_initial.py): the topic is
// escaped this way before highlighting, and match_subject is that escaped text.
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] as string);
