// Parts of the registration response that are the same for every user of a server at
// its defaults: the search stop words, the custom profile field types, the onboarding
// steps and the embedded bots.
import { STOP_WORDS } from '../../narrow/search/stop-words.ts';
import { SERVER_SETTINGS } from './server-settings.ts';
import type { StateContext } from './view.ts';

/**
 * read_stop_words(): the lines of puppet/zulip/files/postgresql/zulip_english.stop, which
 * is PostgreSQL's English list followed by the single letters it lacks (the search's own list).
 */
export const STOP_WORD_LIST: readonly string[] = [...STOP_WORDS];

/** CustomProfileField.ALL_FIELD_TYPES, sorted by display name as the server sorts them. */
export const CUSTOM_PROFILE_FIELD_TYPES: Readonly<Record<string, { id: number; name: string }>> = {
  DATE: { id: 4, name: 'Date' },
  EXTERNAL_ACCOUNT: { id: 7, name: 'External account' },
  URL: { id: 5, name: 'Link' },
  SELECT: { id: 3, name: 'List of options' },
  PRONOUNS: { id: 8, name: 'Pronouns' },
  LONG_TEXT: { id: 2, name: 'Text (long)' },
  SHORT_TEXT: { id: 1, name: 'Text (short)' },
  USER: { id: 6, name: 'Users' },
};

/** zerver/lib/onboarding_steps.py ONE_TIME_NOTICES and ONE_TIME_ACTIONS, in order. */
const ONBOARDING_STEPS: ReadonlyArray<{ type: string; name: string }> = [
  ...[
    'visibility_policy_banner',
    'intro_inbox_view_modal',
    'intro_recent_view_modal',
    'first_stream_created_banner',
    'jump_to_conversation_banner',
    'non_interleaved_view_messages_fading',
    'interleaved_view_messages_fading',
    'intro_resolve_topic',
    'navigation_tour_video',
  ].map((name) => ({ type: 'one_time_notice', name })),
  { type: 'one_time_action', name: 'narrow_to_dm_with_welcome_bot_new_user' },
];

/**
 * get_next_onboarding_steps: the steps the user has not seen. Understudy records no
 * onboarding step as seen (no endpoint marks one), so every user gets them all; a
 * spectator gets none.
 */
export function onboardingState(ctx: StateContext): Record<string, unknown> {
  const steps = ctx.spectator ? [] : ONBOARDING_STEPS.map((s) => ({ ...s }));
  return { onboarding_steps: steps, navigation_tour_video_url: SERVER_SETTINGS.navigationTourVideoUrl };
}

/**
 * realm_embedded_bots: zerver/lib/integrations.py EMBEDDED_BOTS, each with its config template
 * (zerver/lib/bot_config.py load_bot_config_template: the [bot] section of the zulip_bots
 * package's <bot>/<bot>.conf, {} without one; of these six only giphy has one).
 */
export const EMBEDDED_BOTS: ReadonlyArray<{ name: string; config: Readonly<Record<string, string>> }> = [
  { name: 'converter', config: {} },
  { name: 'encrypt', config: {} },
  { name: 'helloworld', config: {} },
  { name: 'virtual_fs', config: {} },
  { name: 'giphy', config: { key: '12345678' } },
  { name: 'followup', config: {} },
];
