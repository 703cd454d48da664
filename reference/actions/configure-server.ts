// Changing what an operator would set in the server's settings file, or a realm flag no
// API endpoint of Understudy's covers (the test-control surface's config). Each key is
// optional; only the given ones change.
import type { ServerConfig } from '../state/types.ts';
import type { World } from '../world.ts';

export interface ConfigChange {
  push_service_configured?: boolean | undefined;
  vidprov_configured?: boolean | undefined;
  max_file_upload_size_mib?: number | undefined;
  upload_storage_bytes?: number | undefined;
  max_emoji_file_size_mib?: number | undefined;
  jwt_enabled?: boolean | undefined;
  jwt_key?: string | undefined;
  web_public_streams_enabled?: boolean | undefined;
  feature_level?: number | undefined;
  event_record_limit?: number | undefined;
  mark_all_as_read_batch_limit?: number | undefined;
  realm_deactivated?: boolean | undefined;
  password_auth_enabled?: boolean | undefined;
  enable_spectator_access?: boolean | undefined;
}

const CONFIG_KEYS = [
  'push_service_configured', 'vidprov_configured', 'jwt_enabled', 'web_public_streams_enabled', 'feature_level', 'event_record_limit', 'mark_all_as_read_batch_limit',
  'max_file_upload_size_mib', 'upload_storage_bytes', 'max_emoji_file_size_mib',
] as const;

export function configureServer(world: World, change: ConfigChange) {
  const store = world.store;
  const config: ServerConfig = { ...store.config };
  for (const key of CONFIG_KEYS) {
    const value = change[key];
    if (value !== undefined) (config as unknown as Record<string, unknown>)[key] = value;
  }
  const realm = { ...store.realm };
  if (change.jwt_key !== undefined) realm.jwt_key = change.jwt_key;
  if (change.realm_deactivated !== undefined) realm.deactivated = change.realm_deactivated;
  if (change.password_auth_enabled !== undefined) realm.password_auth_enabled = change.password_auth_enabled;
  if (change.enable_spectator_access !== undefined) realm.enable_spectator_access = change.enable_spectator_access;
  store.setConfig(config);
  store.setRealm(realm);
  return { config, realm };
}
