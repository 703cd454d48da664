// Creating, editing and deleting saved snippets (zulip/zulip zerver/actions/saved_snippets.py
// do_create_saved_snippet, do_edit_saved_snippet, do_delete_saved_snippet). Each sends one
// saved_snippets event to the owner alone; another user's snippet does not exist.
import { NotFoundBadRequest } from '../errors.ts';
import { formatSavedSnippet } from '../domain/saved-snippets.ts';
import { SAVED_SNIPPETS, type SavedSnippetRecord } from '../state/saved-snippets.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';

/** The user's own snippet, else 404 "Saved snippet does not exist." alike for a missing one and another user's. */
function accessSavedSnippet(store: Store, actor: User, id: number): SavedSnippetRecord {
  const snippet = store.table(SAVED_SNIPPETS).get(id);
  if (!snippet || snippet.user_id !== actor.user_id) throw new NotFoundBadRequest('Saved snippet does not exist.');
  return snippet;
}

/** Title and content arrive stripped and within their limits (the parameters' constraints). */
export function createSavedSnippet(world: World, actor: User, title: string, content: string): number {
  const table = world.store.table(SAVED_SNIPPETS);
  const id = table.nextId();
  const snippet: SavedSnippetRecord = { id, user_id: actor.user_id, title, content, date_created: world.nowSeconds() };
  table.put(snippet);
  world.store.emit([actor.user_id], { type: 'saved_snippets', op: 'add', saved_snippet: formatSavedSnippet(snippet) });
  return id;
}

/** An update event even when nothing differs, as the real server saves and tells regardless. */
export function editSavedSnippet(world: World, actor: User, id: number, title: string | undefined, content: string | undefined): void {
  const before = accessSavedSnippet(world.store, actor, id);
  const after: SavedSnippetRecord = { ...before, ...(title === undefined ? {} : { title }), ...(content === undefined ? {} : { content }) };
  world.store.table(SAVED_SNIPPETS).put(after);
  world.store.emit([actor.user_id], { type: 'saved_snippets', op: 'update', saved_snippet: formatSavedSnippet(after) });
}

export function deleteSavedSnippet(world: World, actor: User, id: number): void {
  accessSavedSnippet(world.store, actor, id);
  world.store.table(SAVED_SNIPPETS).delete(id);
  world.store.emit([actor.user_id], { type: 'saved_snippets', op: 'remove', saved_snippet_id: id });
}
