// Creating a video call with the third-party provider (zulip/zulip zerver/views/video_calls.py,
// the Webex OAuth integration the API specification names "vidprov"), and granting or
// revoking a user's provider token (do_set_video_call_provider_token), which tells the
// user with a has_vidprov_token event. Error texts are upstream's, naming Webex.
// NOTE: approximation: no provider is called; the meeting URL is drawn from the seeded random, so the same requests give the same URLs.
import { hex } from '../crypto/encoding.ts';
import { hasVidprovToken } from '../domain/video-calls.ts';
import { ApiError, BadRequest } from '../errors.ts';
import type { User } from '../state/types.ts';
import { VIDPROV_TOKENS } from '../state/vidprov-tokens.ts';
import type { World } from '../world.ts';

export class InvalidVideoCallProviderToken extends ApiError {
  constructor() {
    super(400, 'INVALID_VIDEO_CALL_PROVIDER_TOKEN', 'Invalid Webex access token');
  }
}

/** Not configured first (the OAuth session needs the credentials), then the user's token. */
export function checkCreateVideoCall(world: World, actor: User): void {
  if (!world.config.vidprov_configured) throw new BadRequest('Webex credentials have not been configured');
  if (!hasVidprovToken(world.store, actor.user_id)) throw new InvalidVideoCallProviderToken();
}

/** The meeting's link, in the shape of a Webex meeting link. */
export function doCreateVideoCall(world: World): string {
  return `https://understudy.webex.example/understudy/j.php?MTID=m${hex(world.random.bytes(16))}`;
}

/** Grant or revoke the user's provider token; the user hears of it either way. */
export function setVidprovToken(world: World, user: User, hasToken: boolean): void {
  const table = world.store.table(VIDPROV_TOKENS);
  if (hasToken) table.put({ id: user.user_id });
  else table.delete(user.user_id);
  world.store.emit([user.user_id], { type: 'has_vidprov_token', value: hasToken });
}
