// The server-wide values of the registration response's `realm` section that come from
// the server's settings file and code rather than from the organization (zulip/zulip
// zproject/default_settings.py, zerver/models/realms.py, zerver/lib/external_accounts.py,
// zerver/lib/thumbnail.py): a server at its default settings. max_file_upload_size_mib is
// MAX_FILE_UPLOAD_SIZE for a self-hosted realm (Realm.get_max_file_upload_size_mebibytes);
// the long-poll timeout is computed_settings.py's.

export const SERVER_SETTINGS = {
  maxAvatarFileSizeMib: 5,
  maxIconFileSizeMib: 5,
  maxLogoFileSizeMib: 5,
  maxFileUploadSizeMib: 100,
  passwordMinLength: 6,
  passwordMaxLength: 100,
  passwordMinGuesses: 10000,
  inlineImagePreview: true,
  inlineUrlEmbedPreview: true,
  sendDigestEmails: true,
  eventQueueLongpollTimeoutSeconds: 90,
  jitsiServerUrl: 'https://meet.jit.si',
  presencePingIntervalSeconds: 60,
  presenceOfflineThresholdSeconds: 200,
  typingStartedExpiryPeriodMs: 45000,
  typingStoppedWaitPeriodMs: 12000,
  typingStartedWaitPeriodMs: 30000,
  minDeactivatedRealmDeletionDays: 14,
  maxDeactivatedRealmDeletionDays: null,
  navigationTourVideoUrl: 'https://static.zulipchat.com/static/navigation-tour-video/zulip-10.mp4',
} as const;

/** Realm.UPGRADE_TEXT_STANDARD. */
export const UPGRADE_TEXT_STANDARD = 'Available on Zulip Cloud Standard. Upgrade to access.';

/** THUMBNAIL_OUTPUT_FORMATS, as server_thumbnail_formats lists them. */
export const THUMBNAIL_FORMATS = [
  { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
  { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
] as const;

/** Realm.GIF_RATING_OPTIONS (get_gif_rating_options): the ratings GIPHY and Tenor share, from feature level 442. */
export const GIF_RATING_OPTIONS = {
  disabled: { name: 'GIF integration disabled', id: 0 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 1 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 2 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 3 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 4 },
} as const;

/** Realm.GIPHY_RATING_OPTIONS (get_giphy_rating_options): GIPHY's ratings, below feature level 442. */
export const GIPHY_RATING_OPTIONS = {
  disabled: { name: 'GIPHY integration disabled', id: 0 },
  y: { name: 'Allow GIFs rated Y (Very young audience)', id: 1 },
  g: { name: 'Allow GIFs rated G (General audience)', id: 2 },
  pg: { name: 'Allow GIFs rated PG (Parental guidance)', id: 3 },
  'pg-13': { name: 'Allow GIFs rated PG-13 (Parental guidance - under 13)', id: 4 },
  r: { name: 'Allow GIFs rated R (Restricted)', id: 5 },
} as const;

/**
 * get_enabled_video_chat_providers on a server with no video-call integration of its own
 * configured: no provider and Jitsi Meet.
 * NOTE: approximation: with `vidprov_configured` the real server (feature level 493 on) also
 * lists its Webex provider (id 8, per the API documentation); its key and display name are
 * in server code newer than the code at hand, so it is not listed.
 */
export const VIDEO_CHAT_PROVIDERS = {
  disabled: { name: 'None', id: 0 },
  jitsi_meet: { name: 'Jitsi Meet', id: 1 },
} as const;

/** DEFAULT_EXTERNAL_ACCOUNTS: [subtype, text, url_pattern, name, hint]. */
const EXTERNAL_ACCOUNTS: ReadonlyArray<readonly [string, string, string, string, string]> = [
  ['behance', 'Behance', 'https://www.behance.net/%(username)s', 'Behance username', ''],
  ['bitbucket', 'Bitbucket', 'https://bitbucket.org/%(username)s', 'Bitbucket username', ''],
  ['bluesky', 'Bluesky', 'https://bsky.app/profile/%(username)s', 'Bluesky handle', ''],
  ['codeberg', 'Codeberg', 'https://codeberg.org/%(username)s', 'Codeberg username', ''],
  ['discord', 'Discord', '', 'Discord tag', ''],
  ['dribbble', 'Dribbble', 'https://dribbble.com/%(username)s', 'Dribbble username', ''],
  ['facebook', 'Facebook', 'https://www.facebook.com/%(username)s', 'Facebook username', ''],
  ['github', 'GitHub', 'https://github.com/%(username)s', 'GitHub username', ''],
  ['gitlab', 'GitLab', 'https://gitlab.com/%(username)s', 'GitLab username', ''],
  ['instagram', 'Instagram', 'https://www.instagram.com/%(username)s', 'Instagram username', ''],
  ['linkedin', 'LinkedIn', 'https://www.linkedin.com/in/%(username)s', 'LinkedIn profile name', ''],
  ['mastodon', 'Mastodon', '%(username)s', 'Mastodon profile', 'The full URL to your profile'],
  ['medium', 'Medium', 'https://%(username)s.medium.com', 'Medium username', ''],
  ['pinterest', 'Pinterest', 'https://www.pinterest.com/%(username)s', 'Pinterest username', ''],
  ['reddit', 'Reddit', 'https://www.reddit.com/user/%(username)s', 'Reddit username', ''],
  ['snapchat', 'Snapchat', 'https://www.snapchat.com/@%(username)s', 'Snapchat username', ''],
  ['threads', 'Threads', 'https://www.threads.com/@%(username)s', 'Threads username', ''],
  ['tiktok', 'TikTok', 'https://www.tiktok.com/@%(username)s', 'TikTok username', ''],
  ['twitch', 'Twitch', 'https://www.twitch.tv/%(username)s', 'Twitch username', ''],
  ['x', 'X', 'https://x.com/%(username)s', 'X username', ''],
  ['youtube', 'YouTube', 'https://www.youtube.com/%(username)s', 'YouTube handle', ''],
];

/** get_default_external_accounts(). */
export function defaultExternalAccounts(): Record<string, { text: string; url_pattern: string; name: string; hint: string }> {
  return Object.fromEntries(EXTERNAL_ACCOUNTS.map(([subtype, text, url_pattern, name, hint]) => [subtype, { text, url_pattern, name, hint }]));
}
