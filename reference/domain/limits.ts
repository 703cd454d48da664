// The server's limits that clients learn from the registration response (zulip/zulip
// zerver/lib/events.py fetch_initial_state_data, the `realm` section) and that the
// actions enforce: one definition for both.

/** settings.MAX_MESSAGE_LENGTH (zproject/default_settings.py), in code points. */
export const MAX_MESSAGE_LENGTH = 10000;
/** zerver/models/constants.py MAX_TOPIC_NAME_LENGTH. */
export const MAX_TOPIC_LENGTH = 60;
/** Stream.MAX_NAME_LENGTH and MAX_DESCRIPTION_LENGTH. */
export const MAX_CHANNEL_NAME_LENGTH = 60;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;
/** settings.MAX_BULK_NEW_SUBSCRIPTION_MESSAGES (register: max_bulk_new_subscription_messages). */
export const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;
/** ChannelFolder.MAX_NAME_LENGTH and MAX_DESCRIPTION_LENGTH. */
export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 60;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;
/**
 * settings.MAX_REMINDER_NOTE_LENGTH (register: max_reminder_note_length, feature level 415):
 * zproject/default_settings.py's 1000, reported and enforced alike.
 */
export const MAX_REMINDER_NOTE_LENGTH = 1000;
/** Realm.REPORT_MESSAGE_REASONS, in order (register: server_report_message_types). */
export const REPORT_TYPES: ReadonlyArray<{ key: string; name: string }> = [
  { key: 'spam', name: 'Spam' },
  { key: 'harassment', name: 'Harassment' },
  { key: 'inappropriate', name: 'Inappropriate content' },
  { key: 'norms', name: 'Violates community norms' },
  { key: 'other', name: 'Other reason' },
];
