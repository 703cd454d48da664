// The color a new subscription gets when the request names none: the first color of
// the palette the user has not used yet (zulip/zulip zerver/lib/stream_color.py,
// STREAM_ASSIGNMENT_COLORS and pick_colors).
import { STREAM_ASSIGNMENT_COLORS } from '../domain/stream-colors.ts';
import type { Store } from '../state/store.ts';

export { STREAM_ASSIGNMENT_COLORS };

/**
 * NOTE: approximation: the real server picks the colors of one request together
 * (requested colors first, then the palette in recipient-id order, reusing colors by
 * recipient id once the palette is exhausted); here each new subscription picks in
 * turn, and an exhausted palette is reused by the channel's id.
 */
export class ColorPicker {
  /** Per user, the colors of their subscriptions (rows of every channel, active or not): read once. */
  readonly #used = new Map<number, Set<string>>();

  constructor(private readonly store: Store) {}

  pick(userId: number, streamId: number): string {
    let used = this.#used.get(userId);
    if (used === undefined) {
      used = new Set<string>();
      for (const subs of this.store.data.subscriptions.values()) {
        const s = subs.get(userId);
        if (s) used.add(s.color);
      }
      this.#used.set(userId, used);
    }
    const color = STREAM_ASSIGNMENT_COLORS.find((c) => !used.has(c)) ?? (STREAM_ASSIGNMENT_COLORS[streamId % STREAM_ASSIGNMENT_COLORS.length] as string);
    used.add(color);
    return color;
  }
}
