// GET /server_settings — zulip/zulip zerver/views/auth.py (api_get_server_settings).
// No authentication; answers whether or not an Authorization header is present.
import { realmIconUrl } from '../domain/initial-state/realm.ts';
import type { Ctx } from '../request/context.ts';
import { header } from '../request/headers.ts';

export function getServerSettings(ctx: Ctx): Record<string, unknown> {
  const { realm, config } = ctx.store;
  const userAgent = header(ctx.headers, 'user-agent') ?? '';
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
    is_incompatible: userAgent.startsWith('ZulipInvalid'),
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
