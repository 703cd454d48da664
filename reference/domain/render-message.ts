// The bridge between the store and the Markdown renderer (reference/render/), which
// knows nothing of the store: it looks users, groups and channels up through this.
import { render, type RenderContext } from '../render/index.ts';
import type { Store } from '../state/store.ts';

export interface RenderedMessage {
  html: string;
  user_ids: Set<number>;
  group_ids: Set<number>;
  stream_wildcard: boolean;
  topic_wildcard: boolean;
  is_me_message: boolean;
}

export function renderContext(store: Store): RenderContext {
  return {
    realmUrl: store.realm.url,
    userByName: (name) => {
      const lower = name.toLowerCase();
      const u = store.realmUsers().find((x) => x.is_active && x.full_name.toLowerCase() === lower);
      return u && { user_id: u.user_id, full_name: u.full_name };
    },
    userById: (id) => {
      const u = store.user(id);
      return u && !u.is_system_bot ? { user_id: u.user_id, full_name: u.full_name } : undefined;
    },
    groupByName: (name) => {
      const g = store.groupByName(name);
      return g && !g.deactivated ? { id: g.id, name: g.name } : undefined;
    },
    channelByName: (name) => {
      const c = store.channelByName(name);
      return c && { stream_id: c.stream_id, name: c.name };
    },
  };
}

export function renderForStore(store: Store, content: string): RenderedMessage {
  const out = render(content, renderContext(store));
  return {
    html: out.html,
    user_ids: out.mentions.user_ids,
    group_ids: out.mentions.group_ids,
    stream_wildcard: out.mentions.stream_wildcard,
    topic_wildcard: out.mentions.topic_wildcard,
    is_me_message: out.is_me_message,
  };
}
