// The `to` of a draft or a scheduled message, as its owner sees it (zulip/zulip
// zerver/lib/display_recipient.py get_recipient_ids): a one-to-one conversation names
// the other participant (the owner, for a conversation with oneself); a group
// conversation names everyone but the owner, ascending.

/** `dmUserIds`: every participant, the owner included, ascending. */
export function directTo(dmUserIds: readonly number[], ownerId: number): number[] {
  if (dmUserIds.length <= 2) return [dmUserIds.find((id) => id !== ownerId) ?? ownerId];
  return dmUserIds.filter((id) => id !== ownerId);
}

/** The conversation a list of recipients makes with its sender: every participant, ascending. */
export function conversationOf(senderId: number, recipientIds: readonly number[]): number[] {
  return [...new Set([senderId, ...recipientIds])].sort((a, b) => a - b);
}
