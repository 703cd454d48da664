// The deliberately small model the property suite holds the target to: who the actors
// are, the channels, messages, groups and personal items (drafts, scheduled messages,
// reminders, devices) this run created, and the event queues it opened. It is written
// from the API's rules (access.ts), kept up to date only from answers the target gave,
// and never reads the target's state by any other way. Things the run did not create
// (the realm's own channels and history) are outside it: the checks say nothing of them
// but what holds for everything (a direct message goes only to its recipients).
import { inFeed, metadata } from './access.ts';

export type { Actor, Followed, ItemKind, MChannel, MGroup, MItem, MMessage, MQueue } from './records.ts';
import type { Actor, ItemKind, MChannel, MGroup, MItem, MMessage, MQueue } from './records.ts';

export class Model {
  readonly channels: MChannel[] = [];
  readonly messages: MMessage[] = [];
  readonly groups: MGroup[] = [];
  readonly items: MItem[] = [];
  readonly queues: MQueue[] = [];
  /** Everything each user (by id) could see at some point of the run: events may be about it. */
  readonly seenMessages = new Map<number, Set<number>>();
  readonly seenChannels = new Map<number, Set<number>>();
  /** Users (by id) who left a channel during the run. */
  readonly leavers = new Set<number>();
  /** Per user (by id), channels changed in ways the real server does not tell them (reference/testing/applier/compare.ts). */
  readonly untoldChannels = new Map<number, Set<number>>();
  /** Counters for names and variables. */
  #n = new Map<string, number>();

  constructor(readonly actors: Actor[]) {
    this.remember();
  }

  next(kind: string): number {
    const n = (this.#n.get(kind) ?? 0) + 1;
    this.#n.set(kind, n);
    return n;
  }

  /** The n-th active actor (wrapping), as commands pick them. */
  actor(n: number): Actor {
    const active = this.actors.filter((a) => a.active);
    return active[n % active.length] as Actor;
  }

  /**
   * For a command about channel `c`: with a small n, one of its newest subscribers (the
   * interesting cases: who just joined, who can act in it); otherwise the n-th active actor.
   */
  around(c: MChannel, n: number): Actor {
    const subscribers = [...c.subscribers].map((id) => this.byId(id)).filter((a): a is Actor => a?.active === true);
    if (n < 2 && subscribers.length > 0) return subscribers[subscribers.length - 1 - (n % subscribers.length)] as Actor;
    return this.actor(n);
  }

  /** For subscribing someone to `c`: with a small n, someone not yet subscribed (a newcomer); otherwise the n-th active actor. */
  outside(c: MChannel, n: number): Actor {
    const others = this.actors.filter((a) => a.active && !c.subscribers.has(a.id));
    if (n < 2 && others.length > 0) return others[n % others.length] as Actor;
    return this.actor(n);
  }

  /** The n-th of any actor, active or not. */
  anyActor(n: number): Actor {
    return this.actors[n % this.actors.length] as Actor;
  }

  byId(id: number): Actor | undefined {
    return this.actors.find((a) => a.id === id);
  }

  messageById(id: number): MMessage | undefined {
    return this.messages.find((x) => x.id === id);
  }

  channelById(id: number): MChannel | undefined {
    return this.channels.find((c) => c.id === id);
  }

  /**
   * After each command: what each actor may see now joins what they could ever see. A
   * message they may see names its channel (a bot posts where its owner may, unseen).
   */
  remember(): void {
    for (const a of this.actors) {
      let ms = this.seenMessages.get(a.id);
      if (ms === undefined) this.seenMessages.set(a.id, (ms = new Set()));
      let cs = this.seenChannels.get(a.id);
      if (cs === undefined) this.seenChannels.set(a.id, (cs = new Set()));
      for (const x of this.messages) {
        if (!inFeed(a, x)) continue;
        ms.add(x.id);
        if (x.channel !== null) cs.add(x.channel.id);
      }
      for (const c of this.channels) if (metadata(a, c)) cs.add(c.id);
    }
  }
}
