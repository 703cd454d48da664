// Realm linkifiers: zulip/zulip zerver/actions/realm_linkifiers.py (do_add_linkifier,
// do_update_linkifier, do_remove_linkifier, check_reorder_linkifiers) with the model's
// validation (zerver/models/linkifiers.py RealmFilter: full_clean, clean). Every change
// sends every active user the whole list again in a realm_linkifiers event.
import { linkifiersForRealm, orderedLinkifiers } from '../domain/linkifiers.ts';
import { BadRequest } from '../errors.ts';
import { translateRe2 } from '../render/re2.ts';
import { parseUriTemplate, templateVariables } from '../render/uri-template.ts';
import { LINKIFIERS } from '../state/linkifiers.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import { activeUserIds } from './channel-events.ts';

export interface LinkifierInput {
  pattern: string;
  url_template: string;
}

/**
 * A Django ValidationError as ValidationFailureError answers it: the first message, and
 * every message by field in `errors` (field errors first, then the model's own).
 */
function validationFailure(errors: Record<string, string[]>): BadRequest {
  const first = Object.values(errors)[0]?.[0] as string;
  return new BadRequest(first, { errors });
}

/** full_clean of a RealmFilter: the fields, clean(), then the (realm, pattern) uniqueness. */
function checkLinkifier(store: Store, input: LinkifierInput, selfId: number | null): LinkifierInput {
  const pattern = input.pattern.trim();
  const url_template = input.url_template.trim();
  const errors: Record<string, string[]> = {};
  if (pattern === '') errors['pattern'] = ['This field cannot be blank.'];
  // An empty template is a valid one (no variables): clean() still compares it.
  const template = parseUriTemplate(url_template);
  if (url_template === '') errors['url_template'] = ['This field cannot be blank.'];
  else if (template === null) errors['url_template'] = ['Invalid URL template.'];
  // clean(): the pattern must compile, and its named groups match the template's variables.
  const all: string[] = [];
  const re = translateRe2(pattern);
  if (!re.ok) all.push(`Bad regular expression: ${re.error}`);
  else if (template !== null) {
    const groups = new Set(re.groups);
    const vars = templateVariables(template);
    const missingInPattern = [...vars].filter((v) => !groups.has(v)).sort();
    const missingInUrl = [...groups].filter((g) => !vars.has(g)).sort();
    if (missingInPattern.length > 0) all.push(`Group '${missingInPattern[0]}' in URL template is not present in linkifier pattern.`);
    else if (missingInUrl.length > 0) all.push(`Group '${missingInUrl[0]}' in linkifier pattern is not present in URL template.`);
  }
  if (all.length > 0) errors['__all__'] = all;
  // validate_unique skips a constraint whose fields already failed.
  if (errors['pattern'] === undefined && store.table(LINKIFIERS).find('pattern', pattern).some((l) => l.id !== selfId)) {
    (errors['__all__'] ??= []).push('Realm filter with this Realm and Pattern already exists.');
  }
  if (Object.keys(errors).length > 0) throw validationFailure(errors);
  return { pattern, url_template };
}

function notify(world: World): void {
  world.store.emit(activeUserIds(world.store), { type: 'realm_linkifiers', realm_linkifiers: linkifiersForRealm(world.store) });
}

export function addLinkifier(world: World, _actor: User, input: LinkifierInput): number {
  const store = world.store;
  const clean = checkLinkifier(store, input, null);
  const table = store.table(LINKIFIERS);
  // After every existing one (Max("order") + 1; 0 for the first).
  const order = table.size === 0 ? 0 : Math.max(...table.all().map((l) => l.order)) + 1;
  const id = table.nextId();
  table.put({ id, order, ...clean });
  notify(world);
  return id;
}

function existing(store: Store, id: number) {
  const found = store.table(LINKIFIERS).get(id);
  if (found === undefined) throw new BadRequest('Linkifier not found.');
  return found;
}

export function updateLinkifier(world: World, _actor: User, id: number, input: LinkifierInput): void {
  const store = world.store;
  const old = existing(store, id);
  const clean = checkLinkifier(store, input, id);
  store.table(LINKIFIERS).put({ ...old, ...clean });
  notify(world);
}

export function removeLinkifier(world: World, _actor: User, id: number): void {
  existing(world.store, id);
  world.store.table(LINKIFIERS).delete(id);
  notify(world);
}

export function reorderLinkifiers(world: World, _actor: User, orderedIds: readonly number[]): void {
  const store = world.store;
  const ids = new Set(orderedIds);
  if (ids.size < orderedIds.length) throw new BadRequest('The ordered list must not contain duplicated linkifiers');
  const current = orderedLinkifiers(store);
  if (current.length !== ids.size || current.some((l) => !ids.has(l.id))) {
    throw new BadRequest('The ordered list must enumerate all existing linkifiers exactly once');
  }
  if (current.length === 0) return;
  const table = store.table(LINKIFIERS);
  orderedIds.forEach((id, order) => table.put({ ...(table.get(id) as (typeof current)[number]), order }));
  notify(world);
}
