// The organization's linkifiers as the API lists them and as Markdown applies them
// (zulip/zulip zerver/models/linkifiers.py linkifiers_for_realm: by order, then id).
import { topicLinks } from '../render/index.ts';
import { LINKIFIERS, type LinkifierRecord } from '../state/linkifiers.ts';
import type { Store } from '../state/store.ts';

export function orderedLinkifiers(store: Store): LinkifierRecord[] {
  return store.table(LINKIFIERS).all().sort((a, b) => a.order - b.order || a.id - b.id);
}

/** LinkifierDict: pattern, url_template, id. */
export function linkifiersForRealm(store: Store): Array<{ pattern: string; url_template: string; id: number }> {
  return orderedLinkifiers(store).map((l) => ({ pattern: l.pattern, url_template: l.url_template, id: l.id }));
}

/** topic_links for a topic, with the organization's current linkifiers. */
export function topicLinksFor(store: Store, topic: string): Array<{ url: string; text: string }> {
  if (topic === '') return [];
  return topicLinks(orderedLinkifiers(store), topic);
}
