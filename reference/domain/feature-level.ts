// Routes that a server of an older feature level does not have.
import { RouteNotFound } from '../errors.ts';
import type { World } from '../world.ts';

/**
 * NOTE: approximation: an older server has no such URL and answers 404 before authentication; here the 404 comes after it.
 */
export function requireFeatureLevel(world: World, level: number): void {
  if (world.config.feature_level < level) throw new RouteNotFound();
}
