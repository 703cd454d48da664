// What an endpoint sees: the state, the injected clock and randomness, the decoded
// parameters, the path parameters and the authenticated user.
import type { Clock, SeededRandom } from '../determinism.ts';
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { Unauthorized } from './errors.ts';
import type { RawParams } from './params.ts';
import type { ApiRequest } from './request.ts';

export interface Core {
  store: Store;
  clock: Clock;
  random: SeededRandom;
  /** Is the test-control surface (/_understudy/) served? */
  control: boolean;
  /** Replace the state with the fixture's (control reset). */
  reset(): void;
  snapshots: Map<string, unknown>;
}

export class Ctx {
  constructor(
    readonly core: Core,
    readonly request: ApiRequest,
    readonly params: RawParams,
    readonly pathParams: Record<string, string>,
    readonly user: User | null,
  ) {}

  get store(): Store {
    return this.core.store;
  }
  /** The authenticated user; only routes with auth 'user' may call this. */
  get me(): User {
    if (!this.user) throw new Unauthorized();
    return this.user;
  }
  nowMs(): number {
    return this.core.clock.now();
  }
  nowSeconds(): number {
    return Math.floor(this.core.clock.now() / 1000);
  }
  /** A path parameter the route pattern declared as {name} (digits only). */
  pathInt(name: string): number {
    return Number(this.pathParams[name]);
  }
}

export type Handler = (ctx: Ctx) => Record<string, unknown>;
