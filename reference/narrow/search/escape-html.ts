// Two HTML escapes meet in match_subject. Zulip's SQL function escape_html
// (zerver/migrations/0001_initial.py) escapes the topic that ts_headline finds the
// match positions in; the view then applies those positions to Django's
// django.utils.html.escape of the topic (zerver/views/message_fetch.py
// get_search_fields), which is the text the client gets. They differ only in the
// apostrophe: &#39; (five characters) against &#x27; (six).
const SQL_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const DJANGO_ENTITIES: Readonly<Record<string, string>> = { ...SQL_ENTITIES, "'": '&#x27;' };

/** The SQL escape_html: where match positions are computed. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => SQL_ENTITIES[ch] ?? ch);

/** django.utils.html.escape: the text match_subject is made of. */
export const escapeHtmlDjango = (text: string): string => text.replace(/[&<>"']/g, (ch) => DJANGO_ENTITIES[ch] ?? ch);
