// Custom emoji (issue 25): adding (POST /realm/emoji/{name}) and deactivating (DELETE) a few
// names of the run by whoever tries, with a PNG, a file that is no image, or no file. The
// model knows which of the run's names are active and who added them: a taken name, a
// missing one, a guest, a member deactivating another's emoji get the real server's
// refusals; GET /realm/emoji lists exactly the run's active names, each with its author.
// The family's frame (families.ts) checks that the realm_emoji events a registration
// hears build what a fresh registration gives.
import { Command, ok, pick, type Real } from '../command.ts';
import type { Family } from '../family.ts';
import type { Model } from '../model.ts';
import { ApplyEvents } from './apply-events.ts';
import { RegisterQueue } from './register-queue.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/wHwAEAQH/cetH5QAAAABJRU5ErkJggg==';
/** The run's names: few, so that adds collide and deactivations find them. */
const NAMES = 3;
const nameOf = (k: number) => `pe-\${uniq}-${k % NAMES}`;

/** name index → the author's id, for the run's active emoji. */
const ACTIVE = new WeakMap<Model, Map<number, number>>();
function activeOf(m: Model): Map<number, number> {
  let a = ACTIVE.get(m);
  if (a === undefined) ACTIVE.set(m, (a = new Map()));
  return a;
}

const error = (msg: string, code = 'BAD_REQUEST', status = 400) => ({ status, result: 'error' as const, code, msg });
const FILES = [
  [{ name: 'f1', filename: 'e.png', content_type: 'image/png', content_base64: PNG }],
  [{ name: 'f1', filename: 'e.png', content_type: 'image/png', content: 'not an image' }],
  [],
] as const;

export class AddEmoji extends Command {
  readonly family: Family = 'custom-emoji';
  constructor(
    readonly who: number,
    readonly name: number,
    /** 0: a PNG; 1: a file that is no image; 2: no file. */
    readonly file: number,
  ) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const k = this.name % NAMES;
    const active = activeOf(m);
    const file = this.file % FILES.length;
    // A bot's right to add custom emoji is left to the server (the model does not follow bots' groups).
    const expect = u.role === 600
      ? error('Not allowed for guest users')
      : u.bot
        ? undefined
        : active.has(k)
          ? error('A custom emoji with this name already exists.')
          : file === 2
            ? error('You must upload exactly one file.')
            : file === 1
              ? error('Could not decode image; did you upload an image file?', 'BAD_IMAGE')
              : { status: 200, result: 'success' as const };
    const res = await r.d.call({
      as: u.as,
      method: 'POST',
      path: `/api/v1/realm/emoji/${nameOf(k)}`,
      files: pick(FILES, file).map((f) => ({ ...f })),
      ...(expect ? { expect } : {}),
    });
    if (ok(res)) active.set(k, u.id);
  }
  toString(): string {
    return `AddEmoji(${this.who}, ${this.name % NAMES}, ${['png', 'not an image', 'no file'][this.file % FILES.length]})`;
  }
}

export class RemoveEmoji extends Command {
  readonly family: Family = 'custom-emoji';
  constructor(
    readonly who: number,
    readonly name: number,
  ) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const k = this.name % NAMES;
    const active = activeOf(m);
    const author = active.get(k);
    const expect =
      author === undefined
        ? error(`Emoji '${nameOf(k)}' does not exist`, 'BAD_REQUEST', 404)
        : u.role <= 200 || author === u.id
          ? { status: 200, result: 'success' as const }
          : error('Must be an organization administrator or emoji author');
    const res = await r.d.call({ as: u.as, method: 'DELETE', path: `/api/v1/realm/emoji/${nameOf(k)}`, expect });
    if (ok(res)) active.delete(k);
  }
  toString(): string {
    return `RemoveEmoji(${this.who}, ${this.name % NAMES})`;
  }
}

/** GET /realm/emoji: of the run's names, exactly the active ones are listed active, by their authors. */
export class CheckEmoji extends Command {
  readonly family: Family = 'custom-emoji';
  constructor(readonly who: number) {
    super();
  }
  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const active = activeOf(m);
    const paths: Record<string, unknown> = {};
    for (let k = 0; k < NAMES; k++) {
      const author = active.get(k);
      const idRef = m.actors.find((a) => a.id === author)?.idRef;
      paths[`emoji[?name=${nameOf(k)}]`] =
        author === undefined ? { $each: { deactivated: true } } : { $contains: [{ deactivated: false, author_id: idRef ?? author }] };
      paths[`emoji[?name=${nameOf(k)}].deactivated`] = author === undefined ? { $each: true } : { $contains: [false] };
    }
    await r.d.call({ as: u.as, method: 'GET', path: '/api/v1/realm/emoji', expect: { status: 200, result: 'success', json_paths: paths } });
  }
  toString(): string {
    return `CheckEmoji(${this.who})`;
  }
}

/** The family's frame: a registration followed from the start (follow.ts), its failures the family's own. */
export class EmojiRegisterQueue extends RegisterQueue {
  override readonly family: Family = 'custom-emoji';
}

/** The family's closing apply_events check of every followed queue. */
export class EmojiApplyEvents extends ApplyEvents {
  override readonly family: Family = 'custom-emoji';
  override toString(): string {
    return `Emoji${super.toString()}`;
  }
}
