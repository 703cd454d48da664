// Creating, editing and deleting drafts (zulip/zulip zerver/lib/drafts.py:
// further_validated_draft_dict, do_create_drafts, do_edit_draft, do_delete_draft).
// Every draft of a request is checked before any is stored, so a batch with one bad
// draft creates none. Events go to the owner alone.
import { accessChannelById } from '../domain/channels.ts';
import { accessDraft, formatDraft } from '../domain/drafts.ts';
import { conversationOf } from '../domain/recipient-ids.ts';
import { BadRequest } from '../errors.ts';
import { DRAFTS, type DraftRecord } from '../state/drafts.ts';
import { apiEmail } from '../state/store.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { MAX_TOPIC_LENGTH, normalizeContent } from './message-text.ts';

/** A draft object as the request gives it (DraftData), already of the right shape. */
export interface DraftInput {
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  /** Already stripped of surrounding whitespace and not blank (the parameter's constraint). */
  content: string;
  timestamp?: number | null | undefined;
}

/** A checked draft: everything a record needs but its id and owner. */
export type DraftPlan = Omit<DraftRecord, 'id' | 'user_id'>;

export function checkDraft(world: World, actor: User, d: DraftInput): DraftPlan {
  const store = world.store;
  const content = normalizeContent(d.content);
  const timestamp = Math.round((d.timestamp ?? world.nowMs() / 1000) * 1e6) / 1e6;
  // Not exactly invalid, but not allowed either.
  if (timestamp < 0) throw new BadRequest('Timestamp must not be negative.');
  const base = { content, last_edit_time: timestamp };
  if (d.type === 'stream') {
    const topic = truncateTopic(d.topic);
    if (topic.includes('\u0000')) throw new BadRequest('Topic must not contain null bytes');
    if (d.to.length !== 1) throw new BadRequest('Must specify exactly 1 channel ID for channel messages');
    const { channel } = accessChannelById(store, actor, d.to[0] as number, world.nowMs());
    return { type: 'stream', stream_id: channel.stream_id, dm_user_ids: [], topic, ...base };
  }
  if (d.type === 'private' && d.to.length > 0) {
    const ids = [...new Set(d.to)].sort((a, b) => a - b);
    for (const id of ids) if (!store.user(id)) throw new BadRequest(`Invalid user ID ${id}`);
    for (const id of ids) {
      const u = store.user(id) as User;
      if (!u.is_active && !u.is_mirror_dummy) throw new BadRequest(`'${apiEmail(u, store.realm)}' is no longer using Zulip.`);
    }
    return { type: 'private', stream_id: null, dm_user_ids: conversationOf(actor.user_id, ids), topic: '', ...base };
  }
  // Unaddressed: a direct draft without recipients, or type "". The topic is dropped.
  return { type: '', stream_id: null, dm_user_ids: [], topic: '', ...base };
}

/** zerver/lib/message.py truncate_topic: 60 code points at most, "..." marking the cut. */
function truncateTopic(topic: string): string {
  if (topic.length <= MAX_TOPIC_LENGTH) return topic; // never more code points than UTF-16 units
  let kept = '';
  let count = 0;
  for (const point of topic) {
    if (++count > MAX_TOPIC_LENGTH) return kept.slice(0, keptUnits(kept, MAX_TOPIC_LENGTH - 3)) + '...';
    kept += point;
  }
  return topic;
}

/** UTF-16 length of the first `n` code points of `s`. */
function keptUnits(s: string, n: number): number {
  let units = 0;
  let count = 0;
  for (const point of s) {
    if (count++ === n) break;
    units += point.length;
  }
  return units;
}

export function checkCreateDrafts(world: World, actor: User, drafts: readonly DraftInput[]): DraftPlan[] {
  return drafts.map((d) => checkDraft(world, actor, d));
}

/** Store the drafts, in order; one `drafts add` event for all of them (even none). */
export function doCreateDrafts(world: World, actor: User, plans: readonly DraftPlan[]): number[] {
  const table = world.store.table(DRAFTS);
  const created = plans.map((plan) => ({ id: table.nextId(), user_id: actor.user_id, ...plan }));
  for (const draft of created) table.put(draft);
  world.store.emit([actor.user_id], { type: 'drafts', op: 'add', drafts: created.map(formatDraft) });
  return created.map((d) => d.id);
}

/** The draft must be the actor's (404 before anything else about the new version is checked). */
export function checkEditDraft(world: World, actor: User, draftId: number, d: DraftInput): DraftRecord {
  const old = accessDraft(world.store, actor, draftId);
  return { id: old.id, user_id: old.user_id, ...checkDraft(world, actor, d) };
}

/** Replace the draft wholesale. */
export function doEditDraft(world: World, draft: DraftRecord): void {
  world.store.table(DRAFTS).put(draft);
  world.store.emit([draft.user_id], { type: 'drafts', op: 'update', draft: formatDraft(draft) });
}

export function deleteDraft(world: World, actor: User, draftId: number): void {
  const draft = accessDraft(world.store, actor, draftId);
  world.store.table(DRAFTS).delete(draft.id);
  world.store.emit([actor.user_id], { type: 'drafts', op: 'remove', draft_id: draft.id });
}
