// Who a message (or a draft, a scheduled message, a typing notification) is addressed
// to, from the `to` parameter's many spellings. Mirrors zulip/zulip
// zerver/lib/addressee.py and zerver/actions/message_send.py (extract_stream_indicator,
// extract_private_recipients), zerver/lib/streams.py (access_stream_by_id/by_name errors).
import { BadRequest, StreamDoesNotExist } from '../errors.ts';
import type { Store } from '../state/store.ts';
import type { Channel, User } from '../state/types.ts';

/** `to` for a channel: a JSON id, a JSON name, a one-element JSON list, or a bare name. */
export function channelIndicator(to: string | undefined): string | number {
  if (to === undefined || to === '') throw new BadRequest('Missing channel');
  let value: unknown;
  try {
    value = JSON.parse(to);
  } catch {
    return to;
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) throw new BadRequest('Expected exactly one channel');
    value = value[0];
  }
  if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) return value;
  throw new BadRequest('Invalid data type for channel');
}

/** `to` for a direct message: a JSON list of ids or of emails, or comma-separated emails. */
export function privateRecipients(to: string | undefined): Array<string | number> {
  let value: unknown = to ?? '';
  try {
    value = JSON.parse(to ?? '');
  } catch {
    /* a raw string: emails separated by commas */
  }
  if (typeof value === 'string') value = value.split(',');
  if (!Array.isArray(value)) throw new BadRequest('Invalid data type for recipients');
  if (value.length === 0) throw new BadRequest('Message must have recipients');
  if (typeof value[0] === 'string') {
    if (!value.every((v) => typeof v === 'string')) throw new BadRequest('Recipient lists may contain emails or user IDs, but not both.');
    const emails = [...new Set(value.map((v: string) => v.trim()).filter((v) => v !== ''))];
    if (emails.length === 0) throw new BadRequest('Message must have recipients');
    return emails;
  }
  // isinstance(data[0], int): a fraction first is an invalid type, not a mixed list.
  if (typeof value[0] === 'number' && Number.isInteger(value[0])) {
    if (!value.every((v) => typeof v === 'number' && Number.isInteger(v))) {
      throw new BadRequest('Recipient lists may contain emails or user IDs, but not both.');
    }
    return [...new Set(value as number[])];
  }
  throw new BadRequest('Invalid data type for recipients');
}

/** The users named by id or email, in order; the first unknown one is an error. */
export function lookupRecipients(store: Store, keys: ReadonlyArray<string | number>): User[] {
  return keys.map((k) => {
    const u = typeof k === 'number' ? store.user(k) : store.userByEmail(k);
    if (!u) throw new BadRequest(typeof k === 'number' ? `Invalid user ID ${k}` : `Invalid email '${k}'`);
    return u;
  });
}

/** The channel a channel indicator names; STREAM_DOES_NOT_EXIST with `stream_id` or `stream`. */
export function lookupChannel(store: Store, indicator: string | number): Channel {
  if (typeof indicator === 'number') {
    const c = store.channel(indicator);
    if (!c) throw new StreamDoesNotExist(`Channel with ID '${indicator}' does not exist`, { stream_id: indicator });
    return c;
  }
  const name = indicator.trim();
  if (name === '') throw new BadRequest("Channel name can't be empty.");
  // Code points, as Python's len() counts them (a name outside the BMP is not twice as long).
  if ([...name].length > 60) throw new BadRequest('Channel name too long (limit: 60 characters).');
  const c = store.channelByName(name);
  if (!c) throw new StreamDoesNotExist(`Channel '${escapeHtml(name)}' does not exist`, { stream: escapeHtml(name) });
  return c;
}

/** Django's html.escape (`'` as &#x27;), which the server applies to the `stream` error field; not the SQL escape_html of search. */
function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
