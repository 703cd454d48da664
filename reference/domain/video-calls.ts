// The video-call provider's state for a user. The API specification Understudy follows
// calls the provider "vidprov"; its operation, register field and event match the real
// server's Webex integration (feature level 493): POST /calls/webex/create,
// has_webex_token.
import type { Store } from '../state/store.ts';
import type { User } from '../state/types.ts';
import { VIDPROV_TOKENS } from '../state/vidprov-tokens.ts';

export function hasVidprovToken(store: Store, userId: number): boolean {
  return store.table(VIDPROV_TOKENS).get(userId) !== undefined;
}

/** POST /register's `has_vidprov_token` (the `video_calls` state). */
export function videoCallsInitialState(store: Store, user: User): { has_vidprov_token: boolean } {
  return { has_vidprov_token: hasVidprovToken(store, user.user_id) };
}
