// The color a new subscription gets when the request names none: the first color of
// the palette the user has not used yet (zulip/zulip zerver/lib/stream_color.py,
// STREAM_ASSIGNMENT_COLORS and pick_colors).
import { STREAM_ASSIGNMENT_COLORS } from '../domain/stream-colors.ts';
import type { Store } from '../state/store.ts';
import type { Channel } from '../state/types.ts';

export { STREAM_ASSIGNMENT_COLORS };

/**
 * pick_colors for one user's new subscriptions of one request: the requested colors first
 * (they count as used), then the palette's colors the user has not used yet (on any of
 * their subscription rows, active or not) in recipient-id order, and once the palette is
 * exhausted the palette color at the channel's recipient id (bulk_add_subscriptions).
 */
export function pickColors(store: Store, userId: number, channels: readonly Channel[], requested: ReadonlyMap<string, string>): Map<number, string> {
  const used = new Set<string>();
  for (const subs of store.data.subscriptions.values()) {
    const s = subs.get(userId);
    if (s) used.add(s.color);
  }
  const out = new Map<number, string>();
  const rest: Array<[number, Channel]> = [];
  const byRecipient = channels.map((c) => [store.recipientIdFor(`s:${c.stream_id}`), c] as [number, Channel]).sort((a, b) => a[0] - b[0]);
  for (const [recipientId, c] of byRecipient) {
    const color = requested.get(c.name);
    if (color === undefined) rest.push([recipientId, c]);
    else {
      out.set(c.stream_id, color);
      used.add(color);
    }
  }
  const available = STREAM_ASSIGNMENT_COLORS.filter((c) => !used.has(c));
  rest.forEach(([recipientId, c], i) => {
    out.set(c.stream_id, available[i] ?? (STREAM_ASSIGNMENT_COLORS[recipientId % STREAM_ASSIGNMENT_COLORS.length] as string));
  });
  return out;
}
