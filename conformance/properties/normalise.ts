// Normalisation for the differential mode (--oracle): two servers that behave alike give
// the same normalised responses although their ids, clocks and random values differ.
//   - ids are mapped by creation order: each kind of id (message, channel, user, group,
//     ...) gets labels #1, #2, ... in the order the run first sees them on that side, so
//     the oracle's message 41 and the target's message 9 are both "message#3" if each
//     was the third message the run met; the kind comes from the key (stream_id,
//     sender_id, messages[].id, subscribers, object keys of "subscribed", ...);
//   - lists that are sets (subscribers, members, user_ids, ...) are sorted by raw id
//     before mapping, so that both sides meet their members in creation order;
//   - timestamps and generated values (API keys, queue ids, versions) are masked;
//   - ids inside rendered HTML (data-stream-id, /#narrow/channel/N-...) are mapped too;
//   - key order is ignored: objects come out with sorted keys.
// One IdCanon per side and per run: the labels it hands out are the run's memory.

export type IdKind = 'message' | 'channel' | 'user' | 'group' | 'draft' | 'scheduled' | 'reminder' | 'device' | 'recipient' | 'report' | 'snippet';

/** Values that differ between two correct servers, whatever they are. */
const MASKED = new Set([
  'timestamp',
  'date_created',
  'date_joined',
  'last_edit_timestamp',
  'last_moved_timestamp',
  'server_timestamp',
  'api_key',
  'queue_id',
  'zulip_version',
  'zulip_merge_base',
  'avatar_version',
  'push_token_last_updated_timestamp',
  'last_updated',
]);

/** Keys whose value (a number, or a list of numbers) is an id of one kind, wherever they appear. */
const KEY_KINDS: Record<string, IdKind> = {
  message_id: 'message',
  message_ids: 'message',
  msg_ids: 'message',
  max_message_id: 'message',
  first_message_id: 'message',
  anchor: 'message',
  stream_id: 'channel',
  stream_ids: 'channel',
  user_id: 'user',
  user_ids: 'user',
  sender_id: 'user',
  subscribers: 'user',
  members: 'user',
  direct_members: 'user',
  principals: 'user',
  bot_owner_id: 'user',
  owner_id: 'user',
  acting_user_id: 'user',
  creator_id: 'user',
  group_id: 'group',
  direct_subgroup_ids: 'group',
  direct_subgroups: 'group',
  subgroup_ids: 'group',
  scheduled_message_id: 'scheduled',
  reminder_id: 'reminder',
  device_id: 'device',
  recipient_id: 'recipient',
  report_id: 'report',
  saved_snippet_id: 'snippet',
};

/** `id` means a different thing under each parent key (messages[].id, user_groups[].id, ...). */
const ID_UNDER: Record<string, IdKind> = {
  messages: 'message',
  message: 'message',
  user_groups: 'group',
  group: 'group',
  drafts: 'draft',
  draft: 'draft',
  saved_snippets: 'snippet',
  saved_snippet: 'snippet',
  display_recipient: 'user',
  recipients: 'user',
  muted_users: 'user',
};

/** Objects whose keys are ids: {"subscribed": {"7": [...]}}, matches_narrow's {"messages": {"23": {...}}}. */
const KEYED_BY: Record<string, IdKind> = {
  subscribed: 'user',
  already_subscribed: 'user',
  messages: 'message',
  devices: 'device',
  user_status: 'user',
};

/** Sets, whatever order a server lists them in. */
const SETS = new Set(['subscribers', 'members', 'direct_members', 'user_ids', 'direct_subgroup_ids', 'direct_subgroups', 'subgroup_ids', 'principals', 'stream_ids']);

/** Ids inside HTML and text: the kind, and the pattern with the id as its first group. */
const EMBEDDED: Array<[IdKind, RegExp]> = [
  ['channel', /(data-stream-id=")(\d+)(")/g],
  ['channel', /(\/#narrow\/(?:channel|stream)\/)(\d+)(-)/g],
  ['user', /(data-user-id=")(\d+)(")/g],
  ['group', /(data-user-group-id=")(\d+)(")/g],
  ['message', /(\/near\/)(\d+)()/g],
];

export class IdCanon {
  readonly #labels = new Map<IdKind, Map<number, number>>();

  /** The label of `id` among its kind: the first id seen is 1. */
  label(kind: IdKind, id: number): string {
    let ids = this.#labels.get(kind);
    if (ids === undefined) this.#labels.set(kind, (ids = new Map()));
    let n = ids.get(id);
    if (n === undefined) ids.set(id, (n = ids.size + 1));
    return `${kind}#${n}`;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function mapIds(v: unknown, kind: IdKind, canon: IdCanon, isSet: boolean): unknown {
  if (typeof v === 'number' && Number.isInteger(v)) return canon.label(kind, v);
  if (Array.isArray(v)) {
    const items = isSet && v.every((x) => typeof x === 'number') ? [...(v as number[])].sort((a, b) => a - b) : v;
    return items.map((x) => (typeof x === 'number' ? canon.label(kind, x) : normaliseIn(x, undefined, canon)));
  }
  // A group setting: {direct_members: [...], direct_subgroups: [...]} is handled by its keys.
  return normaliseIn(v, undefined, canon);
}

function mapEmbedded(text: string, canon: IdCanon): string {
  let out = text;
  for (const [kind, re] of EMBEDDED) out = out.replace(re, (_m, pre: string, id: string, post: string) => `${pre}${canon.label(kind, Number(id))}${post}`);
  return out;
}

/** The kind of id a key holds (`parent`: the key of the enclosing object or list), if any. */
export function idKindOf(key: string, parent: string | undefined): IdKind | undefined {
  if (key === 'id') return parent !== undefined ? ID_UNDER[parent] : undefined;
  const k = KEY_KINDS[key];
  if (k !== undefined) return k;
  // Group-valued settings (can_send_message_group, can_manage_group, ...): a group id or
  // {direct_members, direct_subgroups}, which the keys above handle.
  if (/^can_[a-z_]+_group$/.test(key)) return 'group';
  return undefined;
}

/** The kind of the ids that key an object under `parent` ({"subscribed": {"7": ...}}), if any. */
export const keyedBy = (parent: string | undefined): IdKind | undefined => (parent !== undefined ? KEYED_BY[parent] : undefined);
export const isMasked = (key: string): boolean => MASKED.has(key);
export const isSetKey = (key: string): boolean => SETS.has(key);

function normaliseIn(v: unknown, parent: string | undefined, canon: IdCanon): unknown {
  if (typeof v === 'string') return mapEmbedded(v, canon);
  if (Array.isArray(v)) return v.map((x) => normaliseIn(x, parent, canon));
  if (!isObject(v)) return v;
  const byId = keyedBy(parent);
  const entries: Array<[string, unknown]> = [];
  // Object keys that are ids: in raw order, so that labels follow creation order.
  const keys = Object.keys(v);
  if (byId !== undefined && keys.every((k) => /^\d+$/.test(k))) keys.sort((a, b) => Number(a) - Number(b));
  for (const key of keys) {
    const value = v[key];
    const outKey = byId !== undefined && /^\d+$/.test(key) ? canon.label(byId, Number(key)) : key;
    if (MASKED.has(key) && value !== null) {
      entries.push([outKey, `<${typeof value}>`]);
      continue;
    }
    const idKind = idKindOf(key, parent);
    entries.push([outKey, idKind !== undefined ? mapIds(value, idKind, canon, SETS.has(key)) : normaliseIn(value, key, canon)]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/** The response body as two alike servers would both give it; `canon` is this side's memory of ids. */
export function normalise(body: unknown, canon: IdCanon): unknown {
  return normaliseIn(body, undefined, canon);
}

/** The first place where two normalised values differ ("" when equal), as a path and both values. */
export function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (Object.is(a, b)) return '';
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d !== '') return d;
    }
    if (a.length !== b.length) return `${path || '(body)'}: ${a.length} elements, expected ${b.length}`;
    return '';
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!(key in a)) return `${at}: missing, expected ${JSON.stringify(b[key])}`;
      if (!(key in b)) return `${at}: unexpected ${JSON.stringify(a[key])}`;
      const d = firstDifference(a[key], b[key], at);
      if (d !== '') return d;
    }
    return '';
  }
  return `${path || '(body)'}: ${JSON.stringify(a)}, expected ${JSON.stringify(b)}`;
}
