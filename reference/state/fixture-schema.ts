// The fixture format (fixtures/realm.json) as a zod schema; state/fixture.ts loads it.
// Group-setting values in a fixture may name a system group ("role:members") instead
// of giving its id.
import { z } from 'zod';
import { SYSTEM_GROUP_NAMES } from '../domain/groups.ts';
import { CHANNEL_GROUP_SETTINGS, REALM_GROUP_SETTINGS, USER_GROUP_SETTINGS } from './types.ts';

export const settingValue = z.union([
  z.int(),
  z.enum(SYSTEM_GROUP_NAMES),
  z.strictObject({ direct_members: z.array(z.int()), direct_subgroups: z.array(z.int()) }),
]);
export type FixtureSetting = z.infer<typeof settingValue>;

const iso = z.iso.datetime({ offset: true });

const userSchema = z.strictObject({
  user_id: z.int().positive(),
  email: z.string().min(3),
  full_name: z.string().min(1),
  role: z.enum(['owner', 'administrator', 'moderator', 'member', 'guest']).default('member'),
  bot_type: z.int().min(1).max(4).nullable().default(null),
  bot_owner_id: z.int().nullable().default(null),
  is_system_bot: z.boolean().default(false),
  is_active: z.boolean().default(true),
  date_joined: iso,
  timezone: z.string().default(''),
  email_address_visibility: z.int().min(1).max(5).default(1),
  api_key: z.string().regex(/^[A-Za-z0-9]{32}$/),
  password_hash: z.string().nullable().default(null),
});

const channelSchema = z.strictObject({
  stream_id: z.int().positive(),
  name: z.string().min(1).max(60),
  description: z.string().default(''),
  rendered_description: z.string().default(''),
  date_created: iso,
  creator_id: z.int().nullable().default(null),
  invite_only: z.boolean().default(false),
  is_web_public: z.boolean().default(false),
  history_public_to_subscribers: z.boolean().default(true),
  is_default: z.boolean().default(false),
  topics_policy: z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']).default('inherit'),
  subscribers: z.array(z.int()),
  settings: z.partialRecord(z.enum(CHANNEL_GROUP_SETTINGS), settingValue).default({}),
});

const groupSchema = z.strictObject({
  id: z.int().positive(),
  name: z.string().min(1),
  description: z.string().default(''),
  is_system_group: z.boolean().default(false),
  members: z.array(z.int()).default([]),
  direct_subgroup_ids: z.array(z.int()).default([]),
  creator_id: z.int().nullable().default(null),
  date_created: iso.nullable().default(null),
  settings: z.partialRecord(z.enum(USER_GROUP_SETTINGS), settingValue).default({}),
});

const messageSchema = z.strictObject({
  id: z.int().positive(),
  sender_id: z.int(),
  stream_id: z.int().optional(),
  topic: z.string().default(''),
  to: z.array(z.int()).optional(),
  content: z.string().min(1),
  rendered_content: z.string(),
  timestamp: iso,
  client: z.string().default('website'),
  read_by: z.array(z.int()).default([]),
  starred_by: z.array(z.int()).default([]),
});

export const fixtureSchema = z.strictObject({
  instant: iso,
  realm: z.strictObject({
    id: z.int(),
    string_id: z.string(),
    name: z.string(),
    description: z.string(),
    url: z.url(),
    email_host: z.string(),
    date_created: iso,
    enable_spectator_access: z.boolean(),
    waiting_period_threshold: z.int().min(0),
    message_content_delete_limit_seconds: z.int().nullable(),
    moderation_request_channel_id: z.int().nullable(),
    new_stream_announcements_stream_id: z.int().nullable(),
    jwt_key: z.string().nullable(),
    settings: z.partialRecord(z.enum(REALM_GROUP_SETTINGS), settingValue).default({}),
  }),
  users: z.array(userSchema),
  groups: z.array(groupSchema),
  channels: z.array(channelSchema),
  messages: z.array(messageSchema),
});
export type Fixture = z.infer<typeof fixtureSchema>;

