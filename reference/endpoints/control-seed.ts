// POST /_understudy/messages/seed: bulk seeding (actions/seed-messages.ts). Users by id or
// email, the channel by id or name.
import { z } from 'zod';
import { checkSeedMessages, doSeedMessages, MAX_SEED } from '../actions/seed-messages.ts';
import { BadRequest } from '../errors.ts';
import type { Ctx } from '../request/context.ts';
import { json, str } from '../request/params.ts';

const who = z.union([z.int(), z.string()]);

export function seedMessages(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    count: json(z.int().min(1).max(MAX_SEED)),
    sender: str(),
    channel: str().optional(),
    topic: str().optional(),
    topics: json(z.array(z.string()).min(1)).optional(),
    to: json(z.array(who)).optional(),
    content: str(z.string().min(1)).optional(),
    read: json(z.boolean()).optional(),
    starred: json(z.boolean()).optional(),
    timestamp: json(z.int().min(0)).optional(),
    spacing_seconds: json(z.int().min(0)).optional(),
  });
  const store = ctx.store;
  const userId = (u: string | number): number => {
    const user = typeof u === 'number' ? store.user(u) : store.userByEmail(u);
    if (!user) throw new BadRequest(`No user ${u}`);
    return user.user_id;
  };
  // `sender`: an id, an email, or a JSON list of them.
  let senders: Array<string | number>;
  try {
    const parsed = JSON.parse(p.sender) as unknown;
    senders = Array.isArray(parsed) ? who.array().parse(parsed) : [who.parse(parsed)];
  } catch {
    senders = [p.sender];
  }
  let streamId: number | undefined;
  if (p.channel !== undefined) {
    const channel = /^[0-9]+$/.test(p.channel) ? store.channel(Number(p.channel)) : store.channelByName(p.channel);
    if (!channel) throw new BadRequest(`No channel ${p.channel}`);
    streamId = channel.stream_id;
  }
  const topics = p.topics ?? (p.topic !== undefined ? [p.topic] : undefined);
  const spec = {
    count: p.count,
    senders: senders.map(userId),
    ...(streamId !== undefined ? { stream_id: streamId } : {}),
    ...(topics !== undefined ? { topics } : {}),
    ...(p.to !== undefined ? { to: p.to.map(userId) } : {}),
    ...(p.content !== undefined ? { content: p.content } : {}),
    ...(p.read !== undefined ? { read: p.read } : {}),
    ...(p.starred !== undefined ? { starred: p.starred } : {}),
    ...(p.timestamp !== undefined ? { timestamp: p.timestamp } : {}),
    ...(p.spacing_seconds !== undefined ? { spacing_seconds: p.spacing_seconds } : {}),
  };
  return doSeedMessages(ctx.world, checkSeedMessages(ctx.world, spec));
}
