// Options of createReference and their defaults.
import type { Clock } from './determinism.ts';
import type { ServerConfig } from './state/types.ts';

/** The feature level Understudy reports and follows by default (level 496: bots may create user groups). */
export const NEWEST_FEATURE_LEVEL = 496;
export const DEFAULT_SEED = 'understudy';

export interface ReferenceOptions {
  /**
   * A fixture (the format of fixtures/realm.json; `realm()...build()` makes one): the object,
   * or in Node a file path or file: URL of its JSON; default: the default realm.
   */
  fixture?: unknown;
  /** Seed for API keys, queue ids and other random values. */
  seed?: string;
  /** 'manual' (default: starts at the fixture's instant, moves only by control.advance), 'system', or your own Clock. */
  clock?: 'manual' | 'system' | Clock;
  /** Behave as a server at this API feature level (every rule of domain/feature-levels.ts follows it); reported by /register and /server_settings. */
  featureLevel?: number;
  /** Server configuration (push service, video provider, JWT, ...). */
  config?: Partial<ServerConfig>;
  /** Serve the test-control surface under /_understudy/ (default true). In-process control is always available. */
  control?: boolean;
  /** The real server's rate limits (200 requests a minute and 2,000 an hour per user) on the world's clock, with X-RateLimit-* headers on every authenticated answer (default false). */
  rateLimits?: boolean;
}

export function defaultConfig(options: ReferenceOptions): ServerConfig {
  return {
    feature_level: options.featureLevel ?? NEWEST_FEATURE_LEVEL,
    version: '12.0-understudy',
    push_service_configured: true,
    vidprov_configured: true,
    web_public_streams_enabled: true,
    jwt_enabled: true,
    max_body_bytes: 25 * 1024 * 1024,
    ...options.config,
  };
}
