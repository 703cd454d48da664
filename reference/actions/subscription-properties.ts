// Changing the caller's own settings for channels they are subscribed to:
// PATCH /users/me/subscriptions/{stream_id} and POST /users/me/subscriptions/properties.
// Mirrors zulip/zulip zerver/views/streams.py (SubscriptionPropertyChangeRequest,
// update_subscription_properties_backend) and zerver/actions/streams.py
// (do_change_subscription_property).
import type { SubscriptionEvent } from '../state/events.ts';
import { accessChannelById } from '../domain/channels.ts';
import { atLeast } from '../domain/feature-levels.ts';
import type { World } from '../world.ts';
import type { User } from '../state/types.ts';
import { BadRequest } from '../errors.ts';
import type { Channel, Subscription } from '../state/types.ts';

export const BOOLEAN_PROPERTIES = [
  'in_home_view',
  'is_muted',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'pin_to_top',
  'wildcard_mentions_notify',
] as const;
type BooleanProperty = (typeof BOOLEAN_PROPERTIES)[number];

export type PropertyChange =
  | { stream_id: number; property: 'color'; value: string }
  | { stream_id: number; property: BooleanProperty; value: boolean };

/** A bad color is pydantic's value error (collected with the others); the rest are JsonableErrors. */
export class ColorValueError extends BadRequest {}

/**
 * check_color (zerver/lib/typed_endpoint_validators.py): "#" and 3 to 6 hex digits, by
 * re.match with a pattern ending in `$`, which in Python also matches just before a final
 * newline: "#abc\n" is a color there, and is kept as given.
 */
export const HEX_COLOR = /^#[a-fA-F0-9]{3,6}\n?$/;

/**
 * The model's own validation of one change (validate_terms); `where` names it for the
 * color message, e.g. subscription_data[0].
 */
export function checkPropertyValue(streamId: number, property: string, value: unknown, where: string): PropertyChange {
  if (property === 'color') {
    if (typeof value !== 'string' || !HEX_COLOR.test(value)) {
      throw new ColorValueError(`Invalid ${where}: Value error, color is not a valid hex color code`);
    }
    return { stream_id: streamId, property, value };
  }
  if ((BOOLEAN_PROPERTIES as readonly string[]).includes(property)) {
    if (typeof value !== 'boolean') throw new BadRequest(`${property} is not a boolean`);
    return { stream_id: streamId, property: property as BooleanProperty, value };
  }
  throw new BadRequest(`Unknown subscription property: ${property}`);
}

export interface PlannedChange {
  change: PropertyChange;
  channel: Channel;
}

/**
 * Each change's channel must be one the caller can access ("Invalid channel ID", also
 * for archived channels) and is subscribed to.
 * NOTE: approximation: the real server applies the changes one by one without a
 * transaction, so an error in the n-th leaves the earlier ones applied; here a
 * rejected request changes nothing.
 */
export function checkPropertyChanges(world: World, actor: User, changes: PropertyChange[]): PlannedChange[] {
  return changes.map((change) => {
    const { channel, sub } = accessChannelById(world.store, actor, change.stream_id, world.nowMs());
    if (!sub) throw new BadRequest(`Not subscribed to channel ID ${change.stream_id}`);
    return { change, channel };
  });
}

/**
 * Apply in order; is_muted and its inverse in_home_view each send two events, in_home_view
 * first (before feature level 139, only the in_home_view one).
 */
export function doPropertyChanges(world: World, me: User, planned: PlannedChange[]): void {
  const store = world.store;
  for (const { change, channel } of planned) {
    const sub = store.subscription(me.user_id, channel.stream_id) as Subscription;
    const property: keyof Subscription = change.property === 'in_home_view' ? 'is_muted' : change.property;
    const value = change.property === 'in_home_view' ? !change.value : change.value;
    store.putSubscription({ ...sub, [property]: value });
    const event = (p: string, v: unknown): SubscriptionEvent => ({ type: 'subscription', op: 'update', property: p, value: v, stream_id: channel.stream_id });
    if (property === 'is_muted') store.emit([me.user_id], event('in_home_view', !value));
    if (property !== 'is_muted' || atLeast(store, 'mute_update_two_events')) store.emit([me.user_id], event(property, value));
  }
}
