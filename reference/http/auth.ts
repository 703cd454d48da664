// HTTP Basic authentication of /api/v1 requests: username = email, password = API key.
// Mirrors zulip/zulip zerver/decorator.py (authenticated_rest_api_view,
// get_basic_credentials, validate_api_key): the user is found by API key, then the
// email must equal their real (delivery) email, ignoring case. Every failure of
// validate_api_key reaches the client as 401 UNAUTHORIZED with the Basic challenge.
import { constantTimeEqual } from '../crypto/compare.ts';
import type { Store } from '../state/store.ts';
import { BOT_TYPE, type User } from '../state/types.ts';
import { BadRequest, Unauthorized } from '../errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const API_KEY_FORMAT = /^[A-Za-z0-9]{32}$/;

export interface BasicCredentials {
  email: string;
  apiKey: string;
}

/** The credentials an Authorization header's value carries. */
export function basicCredentials(value: string): BasicCredentials {
  const tokens = value.trim().split(/\s+/);
  if (tokens.length === 2 && (tokens[0] as string).toLowerCase() !== 'basic') {
    throw new BadRequest('This endpoint requires HTTP basic authentication.');
  }
  if (tokens.length !== 2) throw new Unauthorized('Invalid authorization header for basic auth');
  let decoded: string;
  try {
    decoded = utf8.decode(Uint8Array.from(atob(tokens[1] as string), (c) => c.charCodeAt(0)));
  } catch {
    throw new Unauthorized('Invalid authorization header for basic auth');
  }
  const parts = decoded.split(':');
  if (parts.length !== 2) throw new Unauthorized('Invalid authorization header for basic auth');
  return { email: (parts[0] as string).trim(), apiKey: (parts[1] as string).trim() };
}

/**
 * The user the credentials name, with the real server's failures, in its order. Without
 * an email (`email: null`): the mobile apps' `?api_key=` on a download
 * (authenticated_uploads_api_view), where the key alone names the user.
 */
export function authenticate(store: Store, creds: BasicCredentials | { email: null; apiKey: string }, webhookEndpoint = false): User {
  if (!API_KEY_FORMAT.test(creds.apiKey)) throw new Unauthorized('Malformed API key');
  const user = store.userByApiKey(creds.apiKey);
  const expected = user?.delivery_email.toLowerCase() ?? '';
  if (user === undefined || (creds.email !== null && !constantTimeEqual(creds.email.toLowerCase(), expected))) {
    throw new Unauthorized('Invalid API key');
  }
  if (store.realm.deactivated) throw new Unauthorized('This organization has been deactivated');
  if (!user.is_active) throw new Unauthorized('Account is deactivated');
  if (user.bot_type === BOT_TYPE.incoming_webhook && !webhookEndpoint) {
    throw new Unauthorized('This API is not available to incoming webhook bots.');
  }
  return user;
}
