// No answer shows a user a message they may not see. Messages the run made are judged by
// the model (access.ts); others by what holds for every message: a direct message only to
// its recipients, and a message in one of the run's channels by that channel's rules.
// Each leak comes with the expectation that excludes the message from the list.
import { content, maySee } from './access.ts';
import type { Problem } from './driver.ts';
import type { Actor, Model } from './model.ts';

type Json = Record<string, unknown>;

function recipientIds(m: Json): number[] | undefined {
  const dr = m['display_recipient'];
  if (!Array.isArray(dr)) return undefined;
  return dr.map((x) => (x as Json)['id']).filter((x): x is number => typeof x === 'number');
}

/** May `viewer` see this message object (as an answer shows it)? */
export function allowed(model: Model, viewer: Actor, msg: Json, seen?: ReadonlySet<number>): boolean {
  const id = msg['id'];
  if (typeof id !== 'number') return true;
  const known = model.messageById(id);
  if (known !== undefined) return maySee(viewer, known) || (seen?.has(id) ?? false);
  const recipients = recipientIds(msg);
  if (recipients !== undefined) return recipients.includes(viewer.id);
  const c = typeof msg['stream_id'] === 'number' ? model.channelById(msg['stream_id']) : undefined;
  if (c === undefined) return true;
  return c.shared ? content(viewer, c) : c.subscribers.has(viewer.id);
}

/** The messages at `listPath` (e.g. "messages") that `viewer` may not see. */
export function messageLeaks(model: Model, viewer: Actor, list: unknown, listPath: string): Problem[] {
  if (!Array.isArray(list)) return [];
  const problems: Problem[] = [];
  for (const msg of list as Json[]) {
    if (allowed(model, viewer, msg)) continue;
    const known = model.messageById(msg['id'] as number);
    problems.push({
      message: `${viewer.key} was shown message ${String(msg['id'])}${known ? ` (${known.v})` : ''}, which they may not see`,
      expect: { status: 200, json_paths: { [`${listPath}[*].id`]: { $excludes: [known ? `\${${known.v}}` : msg['id']] } } },
    });
  }
  return problems;
}
