// Parts of the initial state whose data other modules of Understudy will own. Each is a
// StateProvider named as its owner will export it: to plug the real one in, change the
// import of that name in domain/initial-state.ts to the owner's module (one line).
import { devicesInitialState as devicesOf } from '../devices.ts';
import { videoCallsInitialState as vidprovOf } from '../video-calls.ts';
import type { StateContext } from './view.ts';

/** drafts: Draft.to_dict() of the user's drafts, newest edit first (at most 1000). */
export function draftsInitialState(_ctx: StateContext): Record<string, unknown> {
  return { drafts: [] };
}

/** scheduled_messages: the user's undelivered scheduled messages, by delivery time. */
export function scheduledMessagesInitialState(_ctx: StateContext): Record<string, unknown> {
  return { scheduled_messages: [] };
}

/** reminders: the user's undelivered reminders. */
export function remindersInitialState(_ctx: StateContext): Record<string, unknown> {
  return { reminders: [] };
}

/** devices (feature level 468): the user's registered client devices (domain/devices.ts). */
export function devicesInitialState(ctx: StateContext): Record<string, unknown> {
  return devicesOf(ctx.store, ctx.user);
}

/**
 * video_calls: has_zoom_token (always false: Understudy has no Zoom integration) and
 * has_vidprov_token (domain/video-calls.ts).
 */
export function videoCallsInitialState(ctx: StateContext): Record<string, unknown> {
  return { has_zoom_token: false, ...vidprovOf(ctx.store, ctx.user) };
}
