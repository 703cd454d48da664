// User and group mentions (zerver/lib/markdown/__init__.py: UserMentionPattern,
// UserGroupMentionPattern; zerver/lib/mention.py). Syntax that names nobody stays text.
import { whole, type InlinePattern } from './inline.ts';

/** A mention starts the text or follows whitespace or one of ' " ( { [ / <. */
const BEFORE = String.raw`(?<![^\s'"({[/<])`;

const STREAM_WILDCARDS = new Set(['all', 'everyone', 'stream', 'channel']);
const TOPIC_WILDCARD = 'topic';

/** System groups are shown by their description (zerver/models/groups.py, SystemGroups). */
const SYSTEM_GROUP_NAMES: Readonly<Record<string, string>> = {
  'role:nobody': 'Nobody',
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone',
  'role:internet': 'Everyone on the internet',
};

/**
 * `@**Full Name**`, `@**Full Name|id**`, `@**|id**`, and the wildcards `@**all**`,
 * `@**everyone**`, `@**channel**`, `@**stream**`, `@**topic**`; `@_**…**` is silent.
 */
export const userMention: InlinePattern = {
  name: 'usermention',
  re: new RegExp(String.raw`${BEFORE}@(_?)\*\*([^*]+)\*\*`, 'gu'),
  handle(m, _data, env) {
    const name = m[2] as string;
    let silent = m[1] === '_' || env.quoted;
    const streamWildcard = STREAM_WILDCARDS.has(name);
    const topicWildcard = name === TOPIC_WILDCARD;
    if (streamWildcard || topicWildcard) {
      if (!silent) env.mentions[streamWildcard ? 'stream_wildcard' : 'topic_wildcard'] = true;
      const cls = streamWildcard ? 'user-mention channel-wildcard-mention' : 'topic-mention';
      const attrs: Record<string, string> = { class: silent ? `${cls} silent` : cls };
      if (streamWildcard) attrs['data-user-id'] = '*';
      return whole(m, { kind: 'element', tag: 'span', attrs, text: silent ? name : `@${name}`, atomic: true });
    }
    // "Name|id" must name that very user, spelled exactly; "|id" is enough on its own.
    const byId = /^(.+)?\|(\d+)$/.exec(name);
    const user = byId ? env.ctx.userById(Number(byId[2])) : env.ctx.userByName(name);
    if (!user || (byId?.[1] !== undefined && user.full_name !== byId[1])) return null;
    if (user.is_active === false) silent = true;
    if (!silent) env.mentions.user_ids.add(user.user_id);
    const attrs = { class: silent ? 'user-mention silent' : 'user-mention', 'data-user-id': String(user.user_id) };
    const text = silent ? user.full_name : `@${user.full_name}`;
    return whole(m, { kind: 'element', tag: 'span', attrs, text, atomic: true });
  },
};

/** `@*group*`, silent `@_*group*`. */
export const groupMention: InlinePattern = {
  name: 'usergroupmention',
  re: new RegExp(String.raw`${BEFORE}@(_?)\*([^*]+)\*`, 'gu'),
  handle(m, _data, env) {
    const group = env.ctx.groupByName(m[2] as string);
    if (!group) return null;
    const silent = m[1] === '_' || env.quoted || group.deactivated === true;
    if (!silent) env.mentions.group_ids.add(group.id);
    const name = SYSTEM_GROUP_NAMES[group.name] ?? group.name;
    const attrs = { class: silent ? 'user-group-mention silent' : 'user-group-mention', 'data-user-group-id': String(group.id) };
    return whole(m, { kind: 'element', tag: 'span', attrs, text: silent ? name : `@${name}`, atomic: true });
  },
};
