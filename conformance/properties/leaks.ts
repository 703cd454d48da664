// No answer shows a user a message they may not see. Messages the run made are judged by
// the model (access.ts: what the feed shows, or what the user could see at some point of the
// run, for events); others by what holds for every message: a direct message only to its
// recipients.
// Each leak comes with the expectation that excludes the message from the list.
import { inFeed } from './access.ts';
import type { Problem } from './driver.ts';
import type { Actor, Model } from './model.ts';

type Json = Record<string, unknown>;

function recipientIds(m: Json): number[] | undefined {
  const dr = m['display_recipient'];
  if (!Array.isArray(dr)) return undefined;
  return dr.map((x) => (x as Json)['id']).filter((x): x is number => typeof x === 'number');
}

/** May `viewer` see this message object (as an answer shows it)? */
export function allowed(model: Model, viewer: Actor, msg: Json): boolean {
  const id = msg['id'];
  if (typeof id !== 'number') return true;
  const known = model.messageById(id);
  if (known !== undefined) return inFeed(viewer, known);
  // A message the run did not make: a direct message is its recipients'; a channel message
  // may be in the viewer's rows, which the model does not know.
  const recipients = recipientIds(msg);
  return recipients === undefined || recipients.includes(viewer.id);
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
