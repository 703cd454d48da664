// The one route table: method + path pattern → endpoint, and who may call it.
// Patterns are under /api/v1 (the API) or /_understudy (the test-control surface);
// {name} matches digits only, as the real server's URL patterns do.
import * as control from './endpoints/control.ts';
import { fetchApiKey, jwtFetchApiKey } from './endpoints/auth.ts';
import { deleteMessage } from './endpoints/message-delete.ts';
import { reportMessage } from './endpoints/message-report.ts';
import { getMessages, matchesNarrow, sendMessage } from './endpoints/messages.ts';
import { updateRealm } from './endpoints/realm.ts';
import { getServerSettings } from './endpoints/server-settings.ts';
import { getStreamId, getStreams } from './endpoints/streams.ts';
import { updateSubscriptionProperties, updateSubscriptionProperty } from './endpoints/subscription-properties.ts';
import { addSubscriptions, getSubscriptions, removeSubscriptions } from './endpoints/subscriptions.ts';
import { getTopics } from './endpoints/topics.ts';
import { getOwnUser, getUser, getUsers } from './endpoints/users.ts';
import { deactivateUser } from './endpoints/user-deactivate.ts';
import { createUserGroup, getUserGroups, updateSubgroups } from './endpoints/user-groups.ts';
import type { Handler } from './http/context.ts';

/**
 * user: HTTP Basic required. optional: anonymous allowed where the endpoint says so.
 * none: no authentication (a header, if any, is ignored). control: the test-control surface.
 */
export type AuthPolicy = 'user' | 'optional' | 'none' | 'control';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  auth: AuthPolicy;
  handler: Handler;
}

const api = (method: Route['method'], path: string, auth: AuthPolicy, handler: Handler): Route => ({
  method,
  path: `/api/v1${path}`,
  auth,
  handler,
});
const ctl = (method: Route['method'], path: string, handler: Handler): Route => ({
  method,
  path: `/_understudy${path}`,
  auth: 'control',
  handler,
});

export const ROUTES: Route[] = [
  api('GET', '/server_settings', 'none', getServerSettings),
  api('POST', '/fetch_api_key', 'none', fetchApiKey),
  api('POST', '/jwt/fetch_api_key', 'none', jwtFetchApiKey),
  api('GET', '/users', 'optional', getUsers),
  api('GET', '/users/me', 'user', getOwnUser),
  api('GET', '/users/{user_id}', 'user', getUser),
  api('GET', '/streams', 'user', getStreams),
  api('GET', '/get_stream_id', 'user', getStreamId),

  // messages
  api('POST', '/messages', 'user', sendMessage),
  api('GET', '/messages', 'optional', getMessages),
  api('GET', '/messages/matches_narrow', 'user', matchesNarrow),
  api('DELETE', '/messages/{message_id}', 'user', deleteMessage),
  api('POST', '/messages/{message_id}/report', 'user', reportMessage),
  api('PATCH', '/realm', 'user', updateRealm),

  // channels and subscriptions
  api('GET', '/users/me/subscriptions', 'user', getSubscriptions),
  api('POST', '/users/me/subscriptions', 'user', addSubscriptions),
  api('DELETE', '/users/me/subscriptions', 'user', removeSubscriptions),
  api('PATCH', '/users/me/subscriptions/{stream_id}', 'user', updateSubscriptionProperty),
  api('POST', '/users/me/subscriptions/properties', 'user', updateSubscriptionProperties),
  api('GET', '/users/me/{stream_id}/topics', 'user', getTopics),
  ctl('POST', '/channels/{stream_id}/archive', control.archiveChannel),

  // user groups and deactivation
  api('GET', '/user_groups', 'user', getUserGroups),
  api('POST', '/user_groups/create', 'user', createUserGroup),
  api('POST', '/user_groups/{user_group_id}/subgroups', 'user', updateSubgroups),
  api('DELETE', '/users/{user_id}', 'user', deactivateUser),

  ctl('POST', '/clock/advance', control.advanceClock),
  ctl('POST', '/reset', control.resetState),
  ctl('POST', '/snapshot', control.takeSnapshot),
  ctl('POST', '/restore', control.restoreSnapshot),
  ctl('POST', '/users', control.addUser),
  ctl('POST', '/config', control.setConfig),
  ctl('GET', '/email/outbox', control.emailOutbox),
];
