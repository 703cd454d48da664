// Changing one's own settings (zulip/zulip zerver/actions/user_settings.py
// do_change_user_setting): the `user_settings` update event goes to the user alone, and
// only when the value changes.
import { DRAFTS } from '../state/drafts.ts';
import type { User } from '../state/types.ts';
import { userSetting } from '../domain/user-settings.ts';
import type { World } from '../world.ts';

/** The boolean settings Understudy stores without side effects: the followed-topic push settings (domain/push.ts reads them), the typing settings (actions/typing.ts) and send_read_receipts (read receipts read it). */
export type StoredPushSetting =
  | 'enable_followed_topic_push_notifications'
  | 'enable_followed_topic_wildcard_mentions_notify'
  | 'enable_offline_push_notifications'
  | 'enable_stream_push_notifications'
  | 'wildcard_mentions_notify'
  | 'send_stream_typing_notifications'
  | 'send_private_typing_notifications'
  | 'receives_typing_notifications'
  | 'send_read_receipts';

/** A stored boolean setting without side effects: the update event only when the value changes. */
export function changePushSetting(world: World, actor: User, name: StoredPushSetting, value: boolean): void {
  if (userSetting(actor, name) === value) return;
  world.store.putUser({ ...actor, [name]: value });
  world.store.emit([actor.user_id], { type: 'user_settings', op: 'update', property: name, value });
}

/** Turning draft synchronization off deletes the user's drafts, without draft events: nothing was deleted by the user. */
export function changeDraftsSynchronization(world: World, actor: User, value: boolean): void {
  if (actor.enable_drafts_synchronization === value) return;
  const store = world.store;
  store.putUser({ ...actor, enable_drafts_synchronization: value });
  if (!value) {
    const drafts = store.table(DRAFTS);
    for (const draft of drafts.find('owner', actor.user_id)) drafts.delete(draft.id);
  }
  store.emit([actor.user_id], { type: 'user_settings', op: 'update', property: 'enable_drafts_synchronization', value });
}
