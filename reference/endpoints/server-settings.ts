// GET /server_settings — zulip/zulip zerver/views/auth.py (api_get_server_settings).
// No authentication; answers whether or not an Authorization header is present.
import { realmIconUrl } from '../domain/initial-state/realm.ts';
import type { Ctx } from '../request/context.ts';
import { header } from '../request/headers.ts';

/**
 * The client's name in a User-Agent, as zerver/lib/user_agent.py parse_user_agent reads
 * it (its `name` group). Its pattern has an optional "/version" group before the rest;
 * left out here, since the rest, which may start with "/", takes the same text: the name
 * found is the same. It matches any text.
 */
const USER_AGENT = /^([^/ ]*[^0-9/(]*)([ /].*)?$/;

export function getServerSettings(ctx: Ctx): Record<string, unknown> {
  const { realm, config } = ctx.store;
  // The real server's stand-in for a request without one (check_server_incompatibility).
  const userAgent = header(ctx.headers, 'user-agent') ?? 'Missing User-Agent';
  const clientName = (USER_AGENT.exec(userAgent) as RegExpExecArray)[1];
  return {
    authentication_methods: {
      password: realm.password_auth_enabled,
      dev: false,
      email: realm.password_auth_enabled,
      ldap: false,
      remoteuser: false,
      github: false,
      azuread: false,
      gitlab: false,
      google: false,
      apple: false,
      saml: false,
      'openid connect': false,
    },
    zulip_version: config.version,
    zulip_merge_base: config.version,
    zulip_feature_level: config.feature_level,
    push_notifications_enabled: config.push_service_configured,
    is_incompatible: clientName === 'ZulipInvalid',
    email_auth_enabled: realm.password_auth_enabled,
    require_email_format_usernames: true,
    realm_uri: realm.url,
    realm_url: realm.url,
    realm_name: realm.name,
    realm_icon: realmIconUrl(realm),
    realm_description: `<p>${realm.description}</p>`,
    realm_web_public_access_enabled: realm.enable_spectator_access && config.web_public_streams_enabled,
    external_authentication_methods: [],
  };
}
