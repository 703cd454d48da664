// Drafts as the API shows them, and who may touch one (zulip/zulip zerver/lib/drafts.py,
// zerver/views/drafts.py, zerver/models/drafts.py). A draft is its owner's alone: any
// other user asking for it is told, exactly as for a draft that does not exist, that
// it does not exist.
import { BadRequest, NotFoundBadRequest } from '../errors.ts';
import { DRAFTS, type DraftRecord } from '../state/drafts.ts';
import type { DraftObject } from '../state/events.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { directTo } from './recipient-ids.ts';

/** zproject/default_settings.py MAX_DRAFTS_IN_REGISTER_RESPONSE. */
export const MAX_DRAFTS_IN_REGISTER_RESPONSE = 1000;

/** Draft.to_dict: the timestamp is whole seconds, truncated. */
export function formatDraft(d: DraftRecord): DraftObject {
  const to = d.type === 'stream' ? [d.stream_id as number] : d.type === 'private' ? directTo(d.dm_user_ids, d.user_id) : [];
  return { id: d.id, type: d.type, to, topic: d.topic, content: d.content, timestamp: Math.trunc(d.last_edit_time) };
}

/** The user's drafts, oldest edit first (GET /drafts); equal times by id. */
export function ownDrafts(store: Store, userId: number): DraftRecord[] {
  return store.table(DRAFTS).find('owner', userId).sort((a, b) => a.last_edit_time - b.last_edit_time || a.id - b.id);
}

/** The draft, if it is the user's; otherwise 404 "Draft does not exist", whoever owns it. */
export function accessDraft(store: Store, user: User, draftId: number): DraftRecord {
  const draft = store.table(DRAFTS).get(draftId);
  if (draft === undefined || draft.user_id !== user.user_id) throw new NotFoundBadRequest('Draft does not exist');
  return draft;
}

/**
 * POST /register's `drafts` (zerver/lib/events.py fetch_initial_state_data): newest edit
 * first, at most 1000. Not gated on enable_drafts_synchronization: turning it off deletes them.
 */
export function draftsInitialState({ store, user }: { readonly store: Store; readonly user: User }): { drafts: DraftObject[] } {
  const newestFirst = ownDrafts(store, user.user_id).reverse();
  return { drafts: newestFirst.slice(0, MAX_DRAFTS_IN_REGISTER_RESPONSE).map(formatDraft) };
}

/** draft_endpoint: every draft endpoint first checks the user's enable_drafts_synchronization setting. */
export function requireDraftsSynchronization(user: User): void {
  if (!user.enable_drafts_synchronization) throw new BadRequest('User has disabled synchronizing drafts.');
}
