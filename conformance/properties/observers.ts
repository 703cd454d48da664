// Who looks when a command checks that a refused request changed nothing: an actor who
// can see what the request would have changed.
import { isAdmin } from './access.ts';
import type { Actor, Model } from './model.ts';

/** An administrator (who sees every channel's name and members) if the profile has one, else the first actor. */
export function observerFor(m: Model): Actor {
  return m.actors.find((a) => a.active && isAdmin(a) && !a.bot) ?? m.actor(0);
}
