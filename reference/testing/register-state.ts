// Test support: the registration initial state of a fixture character, over a
// reference's store, without POST /register. `who` is as for callAs, or null for a
// logged-out spectator; `view` overrides
// the defaults of a client that registers with nothing set (every capability off,
// every fetch type).
import { manualClock, SeededRandom } from '../determinism.ts';
import { initialState, NO_CAPABILITIES, type ClientCapabilities, type RegisterView } from '../domain/initial-state.ts';
import type { Reference } from '../index.ts';
import { World } from '../world.ts';

export interface ViewChange extends Partial<Omit<RegisterView, 'capabilities' | 'fetchEventTypes'>> {
  capabilities?: Partial<ClientCapabilities>;
  /** The fetch types; omitted: every type. */
  fetch?: readonly string[];
}

export function registerState(ref: Reference, who: string | number | null, change: ViewChange = {}): Record<string, unknown> {
  const user = who === null ? null : typeof who === 'number' ? ref.store.user(who) : ref.store.userByEmail(who.includes('@') ? who : `${who}@zulip.com`);
  if (user === undefined) throw new Error(`no user ${String(who)}`);
  const world = new World(ref.store, manualClock(ref.control.now()), new SeededRandom('register-state'));
  const { capabilities, fetch, ...rest } = change;
  const view: RegisterView = {
    applyMarkdown: false,
    clientGravatar: true,
    slimPresence: false,
    includeSubscribers: 'false',
    ...rest,
    capabilities: { ...NO_CAPABILITIES, ...capabilities },
    fetchEventTypes: fetch === undefined ? null : new Set(fetch),
  };
  return initialState(world, user, view);
}
