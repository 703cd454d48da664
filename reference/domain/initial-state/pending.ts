// Parts of the initial state whose data other modules of Understudy will own. Each is a
// StateProvider named as its owner will export it: to plug the real one in, change the
// import of that name in domain/initial-state.ts to the owner's module (one line).
import { devicesInitialState as devicesOf } from '../devices.ts';
import { videoCallsInitialState as vidprovOf } from '../video-calls.ts';
import { atLeast } from '../feature-levels.ts';
import type { StateContext } from './view.ts';

/** devices (feature level 468): the user's registered client devices (domain/devices.ts). */
export function devicesInitialState(ctx: StateContext): Record<string, unknown> {
  return devicesOf(ctx.store, ctx.user);
}

/**
 * video_calls: has_zoom_token (always false: Understudy has no Zoom integration) and
 * has_vidprov_token (domain/video-calls.ts).
 */
export function videoCallsInitialState(ctx: StateContext): Record<string, unknown> {
  // has_vidprov_token: from feature level 493.
  return atLeast(ctx.store, 'video_calls') ? { has_zoom_token: false, ...vidprovOf(ctx.store, ctx.user) } : { has_zoom_token: false };
}
