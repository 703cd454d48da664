// The name of the sending client, as the real server's middleware derives it
// (zulip/zulip zerver/middleware.py parse_client): a `client` parameter wins;
// otherwise a User-Agent whose product name starts with "Zulip" (ZulipPython,
// ZulipMobile, ...); otherwise "Unspecified".
import { header } from './headers.ts';
import type { Ctx } from './context.ts';

export function clientName(ctx: Ctx): string {
  ctx.params.consumed.add('client');
  const given = ctx.params.values.get('client');
  if (given !== undefined && given !== '') return given;
  const agent = header(ctx.headers, 'user-agent') ?? '';
  const name = /^([^/\s]+)/.exec(agent)?.[1] ?? '';
  return name.startsWith('Zulip') ? name : 'Unspecified';
}
