// The names of the property suite's families (families.ts says what each covers).
export const FAMILIES = ['channels', 'messages', 'groups', 'users', 'events', 'typing', 'drafts', 'scheduled', 'reminders', 'devices', 'reactions', 'moves', 'unread', 'user-state', 'status', 'channel-admin', 'files', 'custom-emoji'] as const;
export type Family = (typeof FAMILIES)[number];
