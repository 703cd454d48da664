// Message widgets (zulip/zulip zerver/lib/widget.py, zerver/lib/validator.py
// validate_poll_data, validate_todo_data): a message whose content starts with /poll or
// /todo gets a `widget` submessage describing it; later submessages (votes, new options,
// tasks) are checked against the widget's type.
import { BadRequest } from '../errors.ts';
import type { Message } from '../state/types.ts';

const WIDGET_TYPES = ['poll', 'todo'];
/** MAX_IDX of zerver/lib/validator.py (and of the web app's widgets). */
const MAX_IDX = 1000;

/** Python's str.splitlines(): every line break it knows, no trailing empty line. */
function splitlines(s: string): string[] {
  const lines = s.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A list item's text: the first "- " or "* " (with the spaces around it) removed. */
function itemText(line: string): string {
  return line.trim().replace(/^\s*[-*]?\s*/, '');
}

function pollData(rest: string): Record<string, unknown> {
  const lines = splitlines(rest);
  let question = '';
  if (lines.length > 0 && lines[0] !== '') question = (lines.shift() as string).trim();
  const options = lines.map(itemText).filter((o) => o.length > 0);
  return { question, options };
}

function todoData(rest: string): Record<string, unknown> {
  const lines = splitlines(rest);
  let title = '';
  if (lines.length > 0 && lines[0] !== '') title = (lines.shift() as string).trim();
  const tasks = [];
  for (const line of lines) {
    const text = itemText(line);
    if (text.length === 0) continue;
    const at = text.indexOf(': ');
    tasks.push(at < 0 ? { task: text.trim(), desc: '' } : { task: text.slice(0, at).trim(), desc: text.slice(at + 2).trim() });
  }
  return { task_list_title: title, tasks };
}

/**
 * get_widget_data: the widget a message's content asks for, or null. The first word,
 * up to any whitespace, must be /poll or /todo; the rest is its data.
 */
export function widgetForContent(content: string): { widget_type: string; extra_data: Record<string, unknown> } | null {
  const first = content.split(/\s+/)[0] as string;
  if (!first.startsWith('/')) return null;
  const type = first.slice(1);
  if (!WIDGET_TYPES.includes(type)) return null;
  const rest = content.replace(first, '');
  return { widget_type: type, extra_data: type === 'poll' ? pollData(rest) : todoData(rest) };
}

/**
 * Python's json.dumps with its defaults, as the real server writes the widget's content:
 * ", " and ": " between items, everything outside printable ASCII escaped as \uXXXX.
 * NOTE: approximation: numbers (only in a widget_content's extra data) are written as
 * JavaScript writes them: Python keeps 1.0 as 1.0 and writes 1e+20 where JavaScript has
 * 1 and 100000000000000000000.
 */
export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${pythonJsonDumps(k)}: ${pythonJsonDumps(v)}`).join(', ')}}`;
  }
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (ch) => `\\u${(ch.charCodeAt(0)).toString(16).padStart(4, '0')}`);
  }
  return JSON.stringify(value);
}

/** get_widget_type: the type named by the message's first widget submessage, if any. */
export function widgetType(m: Message): string | null {
  const widget = m.submessages?.find((s) => s.msg_type === 'widget');
  if (!widget) return null;
  try {
    const data: unknown = JSON.parse(widget.content);
    const type = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)['widget_type'] : undefined;
    return type === undefined ? null : (type as string);
  } catch {
    return null;
  }
}

// ---- validation of widget submessages (check_dict and friends) -------------------------

type Check = (name: string, value: unknown) => void;

const isInt = (v: unknown) => typeof v === 'boolean' || Number.isInteger(v);
const asInt = (v: unknown) => (typeof v === 'boolean' ? Number(v) : (v as number));

const checkString: Check = (name, v) => {
  if (typeof v !== 'string') throw new BadRequest(`${name} is not a string`);
};
// NOTE: approximation: Python's isinstance(v, int) counts booleans as integers, as here, but
// tells 1.0 from 1, which JSON.parse cannot: Understudy takes 1.0 for an integer.
const checkInt: Check = (name, v) => {
  if (!isInt(v)) throw new BadRequest(`${name} is not an integer`);
};
const checkIntIn =
  (allowed: number[]): Check =>
  (name, v) => {
    checkInt(name, v);
    if (!allowed.includes(asInt(v))) throw new BadRequest(`Invalid ${name}`);
  };
const checkIntRange =
  (low: number, high: number): Check =>
  (name, v) => {
    checkInt(name, v);
    if (asInt(v) < low) throw new BadRequest(`${name} is too small`);
    if (asInt(v) > high) throw new BadRequest(`${name} is too large`);
  };
const checkBool: Check = (name, v) => {
  if (typeof v !== 'boolean') throw new BadRequest(`${name} is not a boolean`);
};

/** check_dict: a dict with these keys, in order; only these keys when `only`. */
function checkDict(name: string, value: unknown, keys: ReadonlyArray<readonly [string, Check]>, only: boolean): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new BadRequest(`${name} is not a dict`);
  const dict = value as Record<string, unknown>;
  for (const [key, check] of keys) {
    if (!(key in dict)) throw new BadRequest(`${key} key is missing from ${name}`);
    check(`${name}["${key}"]`, dict[key]);
  }
  if (only) {
    // NOTE: approximation: the real server lists the extra keys in the order of a Python set.
    const extra = Object.keys(dict).filter((k) => !keys.some(([key]) => key === k));
    if (extra.length > 0) throw new BadRequest(`Unexpected arguments: ${extra.join(', ')}`);
  }
}

/** validate_poll_data. */
export function validatePollData(data: unknown, isAuthor: boolean): void {
  const name = 'poll data';
  checkDict(name, data, [['type', checkString]], false);
  const type = data['type'] as string;
  if (type === 'vote') return checkDict(name, data, [['type', checkString], ['key', checkString], ['vote', checkIntIn([1, -1])]], true);
  if (type === 'question') {
    if (!isAuthor) throw new BadRequest("You can't edit a question unless you are the author.");
    return checkDict(name, data, [['type', checkString], ['question', checkString]], true);
  }
  if (type === 'new_option') {
    return checkDict(name, data, [['type', checkString], ['option', checkString], ['idx', checkIntRange(0, MAX_IDX)]], true);
  }
  throw new BadRequest(`Unknown type for poll data: ${type}`);
}

/** validate_todo_data. */
export function validateTodoData(data: unknown, isAuthor: boolean): void {
  const name = 'todo data';
  checkDict(name, data, [['type', checkString]], false);
  const type = data['type'] as string;
  if (type === 'new_task') {
    const keys = [['type', checkString], ['key', checkIntRange(0, MAX_IDX)], ['task', checkString], ['desc', checkString], ['completed', checkBool]] as const;
    return checkDict(name, data, keys, true);
  }
  if (type === 'strike') return checkDict(name, data, [['type', checkString], ['key', checkString]], true);
  if (type === 'new_task_list_title') {
    if (!isAuthor) throw new BadRequest("You can't edit the task list title unless you are the author.");
    return checkDict(name, data, [['type', checkString], ['title', checkString]], true);
  }
  throw new BadRequest(`Unknown type for todo data: ${type}`);
}

export interface WidgetContent {
  widget_type: string;
  extra_data: Record<string, unknown>;
}

const checkList =
  (item: Check): Check =>
  (name, v) => {
    if (!Array.isArray(v)) throw new BadRequest(`${name} is not a list`);
    v.forEach((x, i) => item(`${name}[${i}]`, x));
  };
const checkDictOf =
  (keys: ReadonlyArray<readonly [string, Check]>): Check =>
  (name, v) =>
    checkDict(name, v, keys, false);

/**
 * POST /messages' widget_content (zerver/actions/message_send.py check_message,
 * zerver/lib/validator.py check_widget_content): a widget given explicitly, which a bot
 * sends instead of a /poll or /todo content. Only zform "choices" widgets pass.
 */
export function checkWidgetContent(raw: string): WidgetContent {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadRequest('Widgets: API programmer sent invalid JSON content');
  }
  const fail = (msg: string): never => {
    throw new BadRequest(`Widgets: ${msg}`);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('widget_content is not a dict');
  const w = value as Record<string, unknown>;
  if (!('widget_type' in w)) return fail('widget_type is not in widget_content');
  if (!('extra_data' in w)) return fail('extra_data is not in widget_content');
  const extra = w['extra_data'];
  if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) return fail('extra_data is not a dict');
  const data = extra as Record<string, unknown>;
  // NOTE: approximation: a widget_type or zform type that is not a string is a 500 on the
  // real server (it concatenates it to a string); here it is named in the 400 as JSON.
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (w['widget_type'] !== 'zform') return fail(`unknown widget type: ${text(w['widget_type'])}`);
  if (!('type' in data)) return fail('zform is missing type field');
  if (data['type'] !== 'choices') return fail(`unknown zform type: ${text(data['type'])}`);
  const choice = checkDictOf([['short_name', checkString], ['long_name', checkString], ['reply', checkString]]);
  try {
    checkDict('extra_data', data, [['type', checkString], ['heading', checkString], ['choices', checkList(choice)]], false);
  } catch (e) {
    if (e instanceof BadRequest) fail(e.message);
    throw e;
  }
  return { widget_type: 'zform', extra_data: data };
}
