// Saved snippets as the API shows them (zulip/zulip zerver/models/saved_snippets.py
// SavedSnippet.to_api_dict; zerver/actions/saved_snippets.py do_get_saved_snippets).
import type { SavedSnippetObject } from '../state/events.ts';
import { SAVED_SNIPPETS, type SavedSnippetRecord } from '../state/saved-snippets.ts';
import type { Store } from '../state/store.ts';

export function formatSavedSnippet(s: SavedSnippetRecord): SavedSnippetObject {
  return { id: s.id, title: s.title, content: s.content, date_created: s.date_created };
}

/** The user's snippets, oldest first. */
export function ownSavedSnippets(store: Store, userId: number): SavedSnippetRecord[] {
  return store.table(SAVED_SNIPPETS).find('owner', userId);
}
