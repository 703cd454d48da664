// The organization's settings that PATCH /realm changes and POST /register shows as
// realm_<name>: one table of Realm.property_types (zulip/zulip zerver/models/realms.py)
// plus the channel pointers and org_type that update_realm (zerver/views/realm.py)
// handles apart. Each row says how a value is read and checked, its new organization's
// default, whether only an owner may change it, and the event shape do_set_realm_property
// (zerver/actions/realm_settings.py) sends. The group settings have their own table,
// domain/permissions.ts REALM_SETTINGS.
import type { Store } from '../state/store.ts';
import type { Realm } from '../state/types.ts';
import { atLeast, type FeatureKey } from './feature-levels.ts';
import { GIF_RATING_OPTIONS, GIPHY_RATING_OPTIONS, VIDEO_CHAT_PROVIDERS } from './initial-state/server-settings.ts';

const DAY_S = 86_400;

/**
 * How a value is read (the endpoint maps each kind to its parameter parser) and checked:
 * bool, text (a string of at most `max` characters; the response says "updated"),
 * language (default_language), weekday (DigestWeekdayEnum), gif_rating, video_provider,
 * jitsi (a URL or "default"), limit (seconds or "unlimited"), retention (days or
 * "unlimited"), nonneg (a non-negative integer), enum (a name of `names`), channel
 * (a channel id, or -1 for none), org_type (OrgTypeEnum).
 */
export type RealmSettingKind =
  | 'bool'
  | 'text'
  | 'language'
  | 'weekday'
  | 'gif_rating'
  | 'video_provider'
  | 'jitsi'
  | 'limit'
  | 'retention'
  | 'nonneg'
  | 'enum'
  | 'channel'
  | 'org_type'
  | 'avatar_source'
  | 'preview_size';

export interface RealmSettingRow {
  readonly kind: RealmSettingKind;
  /** A new organization's value, as the API shows it (zerver/models/realms.py field defaults). */
  readonly default: unknown;
  /** update_realm raises OrganizationOwnerRequiredError for a non-owner who sends it. */
  readonly owner?: true;
  /** Told as update_dict (property "default", data) rather than update (property, value). */
  readonly dict?: true;
  readonly max?: number;
  /** enum: the API names and their stored numbers. */
  readonly names?: Readonly<Record<string, number>>;
  /** A setting of a later feature level: absent below it (no parameter, no registration key). */
  readonly level?: FeatureKey;
}

const bool = (d: boolean, extra: Partial<RealmSettingRow> = {}): RealmSettingRow => ({ kind: 'bool', default: d, ...extra });
const limit = (d: number | null, extra: Partial<RealmSettingRow> = {}): RealmSettingRow => ({ kind: 'limit', default: d, ...extra });
const channel: RealmSettingRow = { kind: 'channel', default: -1 };

/** MessageEditHistoryVisibilityPolicyEnum and RealmTopicsPolicyEnum. */
export const HISTORY_POLICY = { all: 1, moves: 2, none: 3 } as const;
export const TOPICS_POLICY = { allow_empty_topic: 2, disable_empty_topic: 3 } as const;
/** OrgTypeEnum's ids. */
const ORG_TYPES = [0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 100, 1000];

/**
 * get_available_language_codes: the languages with at least 5% of the strings translated.
 * NOTE: approximation: a fixed list standing for the server's locale/language_name_map.json,
 * which the upstream checkout lacks; Galician ("gl", under 5%) is refused as upstream's test does.
 */
export const LANGUAGE_CODES: ReadonlySet<string> = new Set([
  'en', 'ar', 'be', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en_GB', 'eo', 'es', 'fa', 'fi', 'fr', 'gu', 'hi', 'hu', 'id',
  'it', 'ja', 'ko', 'lt', 'lv', 'ml', 'mn', 'nl', 'no', 'pl', 'pt', 'pt_BR', 'pt_PT', 'ro', 'ru', 'si', 'sk', 'sr', 'sv',
  'ta', 'te', 'tl', 'tr', 'uk', 'uz', 'vi', 'zh-hans', 'zh-hant', 'zh_TW',
]);

/** The GIF ratings' table at this level (442: shared by GIPHY and Tenor). */
export function gifRatingTable(store: Store): typeof GIF_RATING_OPTIONS | typeof GIPHY_RATING_OPTIONS {
  return atLeast(store, 'gif_rating_options') ? GIF_RATING_OPTIONS : GIPHY_RATING_OPTIONS;
}

/** Every setting, in update_realm's order. Realm fields of the same name hold the API value. */
export const REALM_PROPERTIES = {
  allow_message_editing: bool(true, { dict: true }),
  avatar_changes_disabled: bool(false),
  default_code_block_language: { kind: 'text', default: '' },
  default_language: { kind: 'language', default: 'en' },
  description: { kind: 'text', max: 1000, default: '' },
  digest_emails_enabled: bool(false),
  digest_weekday: { kind: 'weekday', default: 1 },
  disallow_disposable_email_addresses: bool(true, { owner: true }),
  email_changes_disabled: bool(false),
  emails_restricted_to_domains: bool(false, { owner: true }),
  enable_guest_user_dm_warning: bool(true),
  enable_guest_user_indicator: bool(true),
  enable_read_receipts: bool(false),
  enable_spectator_access: bool(false),
  // The rating G, whose id depends on the table of the level (realmProperty).
  gif_rating: { kind: 'gif_rating', default: null },
  inline_image_preview: bool(true),
  inline_url_embed_preview: bool(false),
  invite_required: bool(true, { owner: true }),
  jitsi_server_url: { kind: 'jitsi', default: null },
  message_content_allowed_in_email_notifications: bool(true),
  message_content_delete_limit_seconds: limit(null),
  message_content_edit_limit_seconds: limit(600, { dict: true }),
  message_edit_history_visibility_policy: { kind: 'enum', names: HISTORY_POLICY, default: 'all' },
  message_retention_days: { kind: 'retention', owner: true, default: -1 },
  move_messages_between_streams_limit_seconds: limit(7 * DAY_S),
  move_messages_within_stream_limit_seconds: limit(7 * DAY_S),
  name: { kind: 'text', max: 40, default: '' },
  name_changes_disabled: bool(false),
  require_e2ee_push_notifications: bool(false),
  require_unique_names: bool(false),
  send_channel_events_messages: bool(true),
  send_welcome_emails: bool(true),
  topics_policy: { kind: 'enum', names: TOPICS_POLICY, dict: true, default: 'allow_empty_topic' },
  video_chat_provider: { kind: 'video_provider', default: VIDEO_CHAT_PROVIDERS.jitsi_meet.id },
  waiting_period_threshold: { kind: 'nonneg', owner: true, default: 0 },
  want_advertise_in_communities_directory: bool(false),
  welcome_message_custom_text: { kind: 'text', max: 8000, default: '' },
  moderation_request_channel_id: channel,
  new_stream_announcements_stream_id: channel,
  signup_announcements_stream_id: channel,
  zulip_update_announcements_stream_id: channel,
  org_type: { kind: 'org_type', default: 0 },
  // NOTE: approximation: a new organization's default avatar source is taken to be Gravatar ("G").
  default_avatar_source: { kind: 'avatar_source', default: 'G', level: 'default_avatar_source' },
  media_preview_size: { kind: 'preview_size', default: 100, level: 'media_preview_size' },
} as const satisfies Record<string, RealmSettingRow>;

/** A row, read through its general shape. */
export function settingRow(name: RealmProperty): RealmSettingRow {
  return REALM_PROPERTIES[name];
}

export type RealmProperty = keyof typeof REALM_PROPERTIES;
export const REALM_PROPERTY_NAMES = Object.keys(REALM_PROPERTIES) as RealmProperty[];

/** The parameter's (and the registration key's and event's) name at this level: gif_rating was giphy_rating before 453. */
export function apiName(store: Store, name: RealmProperty): string {
  if (name === 'gif_rating') return atLeast(store, 'gif_rating_policy') ? 'gif_rating_policy' : 'giphy_rating';
  return name;
}

/** The realm's current value of a setting as the API shows it (channel pointers: -1 for none). */
export function realmProperty(store: Store, realm: Realm, name: RealmProperty): unknown {
  const stored = (realm as unknown as Record<string, unknown>)[name];
  if (REALM_PROPERTIES[name].kind === 'channel') return stored ?? -1;
  if (name === 'message_retention_days') return stored ?? -1;
  if (name === 'gif_rating') return stored ?? gifRatingTable(store).g.id;
  return stored === undefined ? REALM_PROPERTIES[name].default : stored;
}

/** The settings a server at this level has. */
export function realmPropertiesAt(store: Store): RealmProperty[] {
  return REALM_PROPERTY_NAMES.filter((name) => {
    const level = settingRow(name).level;
    return level === undefined || atLeast(store, level);
  });
}

/** default_avatar_source's values ("U", uploaded, is never a default) and media_preview_size's. */
export const AVATAR_SOURCES: readonly string[] = ['G', 'J'];
export const PREVIEW_SIZES: readonly number[] = [100, 150, 200];

/** OrgTypeEnum ids, checked by the endpoint's validator. */
export function isOrgType(value: number): boolean {
  return ORG_TYPES.includes(value);
}
