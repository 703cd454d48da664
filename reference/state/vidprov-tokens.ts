// Users who hold an OAuth token for the video-call provider (the real server keeps it in
// UserProfile.third_party_api_state; zulip/zulip zerver/views/video_calls.py). One row
// per holder, keyed by user id; Understudy never sees the token itself.
import { defineTable } from './table.ts';

export interface VidprovToken {
  /** The holder's user id. */
  id: number;
}

export const VIDPROV_TOKENS = defineTable<VidprovToken>('vidprov_tokens');
