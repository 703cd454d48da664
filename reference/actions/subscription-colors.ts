// The color a new subscription gets when the request names none: the first color of
// the palette the user has not used yet (zulip/zulip zerver/lib/stream_color.py,
// STREAM_ASSIGNMENT_COLORS and pick_colors).
import type { Store } from '../state/store.ts';

export const STREAM_ASSIGNMENT_COLORS = [
  '#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5',
  '#f5ce6e', '#c2726a', '#94c849', '#bd86e5', '#ee7e4a', '#a6dcbf', '#95a5fd', '#53a063',
  '#9987e1', '#e4523d', '#c2c2c2', '#4f8de4', '#c6a8ad', '#e7cc4d', '#c8bebf', '#a47462',
] as const;

/**
 * NOTE: approximation: the real server picks the colors of one request together
 * (requested colors first, then the palette in recipient-id order, reusing colors by
 * recipient id once the palette is exhausted); here each new subscription picks in
 * turn, and an exhausted palette is reused by the channel's id.
 */
export function pickColor(store: Store, userId: number, streamId: number): string {
  const used = new Set<string>();
  for (const subs of store.data.subscriptions.values()) {
    const s = subs.get(userId);
    if (s) used.add(s.color);
  }
  return STREAM_ASSIGNMENT_COLORS.find((c) => !used.has(c)) ?? (STREAM_ASSIGNMENT_COLORS[streamId % STREAM_ASSIGNMENT_COLORS.length] as string);
}
