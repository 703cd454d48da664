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

type TopicLinks = Array<{ url: string; text: string }>;

// topic_links by topic for one list of linkifiers: topics repeat across the messages of a
// fetch. Bounded; emptied when the linkifiers change or it is full.
let cachedFor = '';
const cache = new Map<string, TopicLinks>();

/** topic_links for a topic, with the organization's current linkifiers. */
export function topicLinksFor(store: Store, topic: string): TopicLinks {
  if (topic === '') return [];
  const linkifiers = store.table(LINKIFIERS).size === 0 ? [] : orderedLinkifiers(store);
  const key = linkifiers.length === 0 ? '' : JSON.stringify(linkifiers.map((l) => [l.pattern, l.url_template]));
  if (key !== cachedFor || cache.size >= 2000) {
    cache.clear();
    cachedFor = key;
  }
  let links = cache.get(topic);
  if (links === undefined) cache.set(topic, (links = topicLinks(linkifiers, topic)));
  return links.map((l) => ({ ...l }));
}
