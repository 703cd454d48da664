// Canonical operator name → its function (zerver/lib/narrow.py NarrowBuilder.by_method_map,
// after aliases.ts). `search` is absent: all search terms are merged and built last
// (search/search-operator.ts). `with` is absent: it is expanded before building
// (clean-narrow.ts), so in matches_narrow, which does not expand it, it is an
// unknown operator, as upstream.
import type { OperatorFn } from '../predicate.ts';
import { byChannel, byChannels } from './channel.ts';
import { byDm } from './dm.ts';
import { byDmIncluding, byGroupPmWith } from './dm-including.ts';
import { byHas } from './has.ts';
import { byId, byNear } from './id.ts';
import { byIn } from './in-home.ts';
import { byIs } from './is.ts';
import { byMentions } from './mentions.ts';
import { bySender } from './sender.ts';
import { byTopic } from './topic.ts';

export const OPERATORS: Readonly<Record<string, OperatorFn>> = {
  has: byHas,
  in: byIn,
  is: byIs,
  channel: byChannel,
  channels: byChannels,
  topic: byTopic,
  sender: bySender,
  near: byNear,
  id: byId,
  dm: byDm,
  'dm-including': byDmIncluding,
  'group-pm-with': byGroupPmWith,
  mentions: byMentions,
};

export function operatorFor(operator: string): OperatorFn | undefined {
  return Object.hasOwn(OPERATORS, operator) ? OPERATORS[operator] : undefined;
}
