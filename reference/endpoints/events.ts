// POST /register, GET /events, DELETE /events — zulip/zulip
// zerver/views/events_register.py (events_register_backend), zerver/tornado/views.py
// (get_events_backend, cleanup_event_queue) and zerver/lib/events.py (do_events_register).
import { z } from 'zod';
import { accessQueue, acknowledge, allocateQueue, checkQueueSpec, deleteQueue, markConnected, type QueueSpec } from '../actions/event-queues.ts';
import { allowsWebPublicAccess } from '../domain/channels.ts';
import { formatEvent } from '../domain/event-format.ts';
import { atLeast } from '../domain/feature-levels.ts';
import { initialState, NO_CAPABILITIES, type ClientCapabilities } from '../domain/initial-state.ts';
import { BadRequest, SessionUnauthorized } from '../errors.ts';
import { clientName } from '../request/client-name.ts';
import { header } from '../request/headers.ts';
import { pronounsFieldTypeSupported } from '../domain/custom-profile-fields.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';
import { MOBILE_QUEUE_TIMEOUT_SECS, type EventQueue, type QueueCapabilities } from '../state/event-queues.ts';
import { includeSubscribersParam } from './subscriptions.ts';

const CAPABILITY_KEYS = [
  'notification_settings_null',
  'bulk_message_deletion',
  'user_avatar_url_field_optional',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
  'user_list_incomplete',
  'include_deactivated_groups',
  'archived_channels',
  'empty_topic_name',
  'simplified_presence_events',
  // Accepted, and changes nothing here: on the real server it only shapes realm_emoji
  // events (zerver/openapi/zulip.yaml, client_capabilities), and Understudy has no custom
  // emoji, so the initial state and the queues do not keep it.
  'individual_emoji_changes',
] as const;

/** ClientCapabilities: notification_settings_null is required when the object is sent; unknown keys are ignored. */
const capabilitiesSchema = z
  .object({ notification_settings_null: z.boolean(), ...Object.fromEntries(CAPABILITY_KEYS.slice(1).map((k) => [k, z.boolean().optional()])) })
  .transform((o) => Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, (o as Record<string, boolean | undefined>)[k] ?? false])) as unknown as ClientCapabilities);

const narrowSchema = z.array(z.tuple([z.string(), z.string()]));
const typesSchema = z.array(z.string()).nullable();
const flag = (d: boolean) => json(z.boolean()).default(d);

const REGISTER_PARAMS = {
  apply_markdown: flag(false),
  client_gravatar: json(z.boolean().nullable()).default(null),
  slim_presence: flag(false),
  all_public_streams: json(z.boolean().nullable()).default(null),
  client_capabilities: json(capabilitiesSchema).default(NO_CAPABILITIES),
  event_types: json(typesSchema).default(null),
  fetch_event_types: json(typesSchema).default(null),
  narrow: json(narrowSchema).default([]),
  presence_history_limit_days: json(z.int().nullable()).default(null),
  queue_lifespan_secs: json(z.int()).default(0),
};

/**
 * idle_queue_timeout (feature level 481): a JSON-encoded positive integer of seconds, or
 * the JSON string "mobile"; capped at seven days when the queue is made.
 * NOTE: approximation: the real server's validation of this parameter is not in the
 * source at hand (level 442); its documented schema (an integer of at least 1, or
 * "mobile", JSON-encoded) is followed, and any other value is a 400 naming the
 * parameter in typed_endpoint's words ("idle_queue_timeout is too small", "Invalid
 * idle_queue_timeout", "idle_queue_timeout is not valid JSON"), which may differ from
 * the real server's.
 */
const IDLE_QUEUE_TIMEOUT = json(z.union([z.int().min(1), z.literal('mobile')])).optional();

export function register(ctx: Ctx): Record<string, unknown> {
  const p = { ...ctx.params.read(REGISTER_PARAMS), include_subscribers: ctx.params.one('include_subscribers', includeSubscribersParam(ctx.world)) };
  const idle = atLeast(ctx.world, 'idle_queue_timeout') ? ctx.params.one('idle_queue_timeout', IDLE_QUEUE_TIMEOUT) : undefined;
  const me = ctx.user;
  if (me === null) {
    // A logged-out visitor of the web app (POST /json/register), in an organization with
    // public access: a spectator, with state but no queue. Elsewhere the view asks for a session.
    if (!allowsWebPublicAccess(ctx.store)) throw new SessionUnauthorized();
    if (p.client_gravatar === true) throw new BadRequest("Invalid 'client_gravatar' parameter for anonymous request");
    if (p.include_subscribers !== 'false') throw new BadRequest("Invalid 'include_subscribers' parameter for anonymous request");
  }
  const capabilities = p.client_capabilities;
  // Old zulip-mobile releases see pronouns fields as short text (is_pronouns_field_type_supported).
  const pronouns = pronounsFieldTypeSupported(header(ctx.headers, 'user-agent'));
  const spec: QueueSpec = {
    event_types: p.event_types,
    narrow: p.narrow as Array<[string, string]>,
    all_public_streams: p.all_public_streams ?? false,
    apply_markdown: p.apply_markdown,
    client_gravatar: p.client_gravatar ?? me !== null,
    capabilities: { ...queueCapabilities(capabilities), slim_presence: p.slim_presence, ...(pronouns ? {} : { pronouns_field_type_supported: false as const }) },
    client: clientName(ctx),
    // NOTE: approximation: the older, undocumented queue_lifespan_secs is still read, and
    // idle_queue_timeout wins over it when both are given.
    lifespan_secs: idle === undefined ? p.queue_lifespan_secs : idle === 'mobile' ? MOBILE_QUEUE_TIMEOUT_SECS : idle,
  };
  if (me !== null) checkQueueSpec(me, spec);
  const fetch = p.fetch_event_types ?? p.event_types;
  const state = initialState(ctx.world, me, {
    applyMarkdown: spec.apply_markdown,
    clientGravatar: spec.client_gravatar,
    slimPresence: p.slim_presence,
    presenceHistoryLimitDays: p.presence_history_limit_days,
    includeSubscribers: p.include_subscribers,
    capabilities,
    fetchEventTypes: fetch === null ? null : new Set(fetch),
    ...(pronouns ? {} : { pronounsFieldTypeSupported: false }),
  });
  const config = ctx.world.config;
  const versions = { zulip_version: config.version, zulip_feature_level: config.feature_level, zulip_merge_base: config.version };
  if (me === null) return { queue_id: null, ...versions, ...state };
  const queue = allocateQueue(ctx.world, me, spec);
  // The idle time granted, after the default and the cap (a spectator has no queue, and no such field).
  const granted = atLeast(ctx.world, 'idle_queue_timeout') ? { idle_queue_timeout_secs: queue.timeout_ms / 1000 } : {};
  return { queue_id: queue.queue_id, ...granted, last_event_id: -1, ...versions, ...state };
}

/** GET /events takes the registration parameters too, each capability as its own flag, all false by default. */
const IMPLICIT_PARAMS = {
  apply_markdown: flag(false),
  client_gravatar: flag(false),
  all_public_streams: flag(false),
  event_types: json(typesSchema).default(null),
  narrow: json(narrowSchema).default([]),
  lifespan_secs: json(z.int()).default(0),
  ...Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, flag(false)])),
};

const GET_PARAMS = {
  queue_id: str().optional(),
  last_event_id: json(z.int()).optional(),
  dont_block: flag(false),
};

export function getEvents(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read(GET_PARAMS);
  const me = ctx.me;
  if (p.queue_id === undefined) {
    if (!p.dont_block) throw new BadRequest("Missing 'queue_id' argument");
    const q = ctx.params.read(IMPLICIT_PARAMS) as Record<string, unknown>;
    const spec: QueueSpec = {
      event_types: q['event_types'] as string[] | null,
      narrow: q['narrow'] as Array<[string, string]>,
      all_public_streams: q['all_public_streams'] as boolean,
      apply_markdown: q['apply_markdown'] as boolean,
      client_gravatar: q['client_gravatar'] as boolean,
      capabilities: queueCapabilities(Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, q[k] as boolean])) as unknown as ClientCapabilities),
      client: clientName(ctx),
      lifespan_secs: q['lifespan_secs'] as number,
    };
    checkQueueSpec(me, spec);
    const queue = allocateQueue(ctx.world, me, spec);
    return { events: [], queue_id: queue.queue_id };
  }
  if (p.last_event_id === undefined) throw new BadRequest("Missing 'last_event_id' argument");
  const queue = accessQueue(ctx.world, me, p.queue_id);
  acknowledge(ctx.world, queue, p.last_event_id);
  const current = accessQueue(ctx.world, me, p.queue_id);
  if (current.events.length > 0 || p.dont_block) {
    const events = formatQueued(ctx, current);
    return { events };
  }
  markConnected(ctx.world, current);
  // A long-poll answered after it waited names its queue; an immediate answer does not.
  const queueId = current.queue_id;
  ctx.waitOn = {
    queueId,
    // Stryker disable all: front-door only: run when a waiting long-poll wakes (http/long-poll.ts, left out of scope in scripts/mutation/scope.ts); the conformance suites reach the reference through the synchronous dispatch, which never waits
    resume: () => {
      const queue = accessQueue(ctx.world, me, queueId);
      return queue.events.length === 0 ? null : { events: formatQueued(ctx, queue), queue_id: queueId };
    },
  };
  // Stryker restore all
  return { events: [] };
}

export function deleteEvents(ctx: Ctx): Record<string, unknown> {
  const { queue_id } = ctx.params.read({ queue_id: str() });
  deleteQueue(ctx.world, accessQueue(ctx.world, ctx.me, queue_id));
  return {};
}

/** The queue's events as its client asked for them; `id` last, as the real server appends it. */
function formatQueued(ctx: Ctx, queue: EventQueue): Array<Record<string, unknown>> {
  const view = { applyMarkdown: queue.apply_markdown, clientGravatar: queue.client_gravatar, allowEmptyTopicName: queue.capabilities.empty_topic_name };
  return queue.events.map((e) => ({ ...formatEvent(ctx.store, queue.user_id, e.event, view), id: e.id }));
}

function queueCapabilities(c: ClientCapabilities): QueueCapabilities {
  return {
    bulk_message_deletion: c.bulk_message_deletion,
    stream_typing_notifications: c.stream_typing_notifications,
    empty_topic_name: c.empty_topic_name,
    archived_channels: c.archived_channels,
    include_deactivated_groups: c.include_deactivated_groups,
    user_list_incomplete: c.user_list_incomplete,
    user_settings_object: c.user_settings_object,
    simplified_presence_events: c.simplified_presence_events,
  };
}
