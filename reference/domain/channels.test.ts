// The two levels of channel access (zerver/lib/streams.py), rule by rule, as the fixture characters
// meet them; and accessChannelById's one error for missing, archived and out of reach.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference, type Reference } from '../index.ts';
import type { Channel, GroupSettingValue } from '../state/types.ts';
import { accessChannelById, allowsWebPublicAccess, hasBasicAccess, hasContentAccess, hasMetadataAccess } from './channels.ts';
import { systemGroupId } from './groups.ts';

const user = (ref: Reference, name: string) => ref.store.userByEmail(`${name}@zulip.com`)!;
const channel = (ref: Reference, name: string) => ref.store.channelByName(name)!;

/** A variant of "core team" (private; Desdemona, Iago, Hamlet subscribed). */
function coreTeamWith(ref: Reference, changes: Partial<Channel>): Channel {
  const c = { ...channel(ref, 'core team'), ...changes };
  ref.store.putChannel(c);
  return c;
}
const anon = (...ids: number[]): GroupSettingValue => ({ direct_members: ids, direct_subgroups: [] });

test('a public channel: every non-guest may read it; a guest only once subscribed', () => {
  const ref = createReference();
  const now = ref.control.now();
  const scotland = channel(ref, 'Scotland');
  for (const name of ['desdemona', 'iago', 'shiva', 'cordelia', 'default-bot']) {
    assert.ok(hasContentAccess(ref.store, user(ref, name), scotland, now), name);
    assert.ok(hasMetadataAccess(ref.store, user(ref, name), scotland, now), name);
  }
  assert.not.ok(hasContentAccess(ref.store, user(ref, 'polonius'), scotland, now));
  assert.not.ok(hasMetadataAccess(ref.store, user(ref, 'polonius'), scotland, now));
  assert.ok(hasContentAccess(ref.store, user(ref, 'polonius'), channel(ref, 'Denmark'), now), 'subscribed');
});

test('a web-public channel: everyone, guests included, may read it', () => {
  const ref = createReference();
  const rome = channel(ref, 'Rome');
  assert.ok(hasContentAccess(ref.store, user(ref, 'polonius'), rome, ref.control.now()));
  assert.ok(hasMetadataAccess(ref.store, user(ref, 'polonius'), rome, ref.control.now()));
});

test('a private channel: subscribers read it; administrators only see it; others neither', () => {
  const ref = createReference();
  const now = ref.control.now();
  const core = channel(ref, 'core team');
  assert.ok(hasContentAccess(ref.store, user(ref, 'hamlet'), core, now));
  ref.store.putSubscription({ ...ref.store.subscription(user(ref, 'iago').user_id, core.stream_id)!, active: false });
  assert.not.ok(hasContentAccess(ref.store, user(ref, 'iago'), core, now), 'an administrator has no content access of their own');
  assert.ok(hasMetadataAccess(ref.store, user(ref, 'iago'), core, now));
  assert.ok(hasBasicAccess(ref.store, user(ref, 'iago'), core, now, false));
  assert.not.ok(hasBasicAccess(ref.store, user(ref, 'iago'), core, now, true));
  for (const name of ['shiva', 'cordelia', 'polonius']) {
    assert.not.ok(hasContentAccess(ref.store, user(ref, name), core, now), name);
    assert.not.ok(hasMetadataAccess(ref.store, user(ref, name), core, now), name);
  }
});

test('can_subscribe_group and can_add_subscribers_group give content access, whatever the history setting', () => {
  const ref = createReference();
  const now = ref.control.now();
  const cordelia = user(ref, 'cordelia');
  for (const setting of ['can_subscribe_group', 'can_add_subscribers_group'] as const) {
    for (const history of [true, false]) {
      const c = coreTeamWith(ref, { [setting]: anon(cordelia.user_id), history_public_to_subscribers: history });
      assert.ok(hasContentAccess(ref.store, cordelia, c, now), `${setting}, shared history ${history}`);
      assert.ok(hasMetadataAccess(ref.store, cordelia, c, now));
    }
  }
});

test('can_administer_channel_group gives metadata access only', () => {
  const ref = createReference();
  const now = ref.control.now();
  const cordelia = user(ref, 'cordelia');
  const c = coreTeamWith(ref, { can_administer_channel_group: anon(cordelia.user_id) });
  assert.not.ok(hasContentAccess(ref.store, cordelia, c, now));
  assert.ok(hasMetadataAccess(ref.store, cordelia, c, now));
});

test('guests never get access through a group, whether named directly or through a group id', () => {
  const ref = createReference();
  const now = ref.control.now();
  const polonius = user(ref, 'polonius');
  const everyone = systemGroupId(ref.store, 'role:everyone');
  for (const value of [anon(polonius.user_id), everyone, { direct_members: [], direct_subgroups: [everyone] }]) {
    const c = coreTeamWith(ref, { can_subscribe_group: value, can_add_subscribers_group: value, can_administer_channel_group: value });
    assert.not.ok(hasContentAccess(ref.store, polonius, c, now));
    assert.not.ok(hasMetadataAccess(ref.store, polonius, c, now));
  }
});

test('group access follows nested user groups', () => {
  const ref = createReference();
  const now = ref.control.now();
  const characters = ref.store.groupByName('hamletcharacters')!; // Hamlet and Cordelia
  const c = coreTeamWith(ref, { can_subscribe_group: { direct_members: [], direct_subgroups: [characters.id] } });
  assert.ok(hasContentAccess(ref.store, user(ref, 'cordelia'), c, now));
  assert.not.ok(hasContentAccess(ref.store, user(ref, 'othello'), c, now));
});

test('accessChannelById: missing, archived and private-out-of-reach all answer "Invalid channel ID"', () => {
  const ref = createReference();
  const now = ref.control.now();
  const hamlet = user(ref, 'hamlet');
  const cordelia = user(ref, 'cordelia');
  const err = (f: () => unknown) => assert.throws(f, (e: Error) => e.message === 'Invalid channel ID');
  err(() => accessChannelById(ref.store, hamlet, 999, now));
  err(() => accessChannelById(ref.store, cordelia, channel(ref, 'core team').stream_id, now));
  const verona = { ...channel(ref, 'Verona'), is_archived: true };
  ref.store.putChannel(verona);
  err(() => accessChannelById(ref.store, hamlet, verona.stream_id, now));
  assert.is(accessChannelById(ref.store, hamlet, verona.stream_id, now, { requireActive: false }).channel.name, 'Verona');
  assert.ok(accessChannelById(ref.store, hamlet, verona.stream_id, now, { requireActive: false }).sub);
  assert.is(accessChannelById(ref.store, user(ref, 'iago'), channel(ref, 'moderation requests').stream_id, now, { requireContent: false }).channel.name, 'moderation requests');
});

test.run();

test('web-public access needs the server setting, spectator access and a web-public channel (archived ones count)', () => {
  const ref = createReference();
  assert.ok(allowsWebPublicAccess(ref.store));
  const webPublic = ref.store.channels().filter((c) => c.is_web_public);
  assert.is(webPublic.length, 1);
  const only = webPublic[0] as Channel;
  ref.store.putChannel({ ...only, is_archived: true });
  assert.ok(allowsWebPublicAccess(ref.store), 'an archived web-public channel still counts');
  ref.store.putChannel({ ...only, is_web_public: false });
  assert.not.ok(allowsWebPublicAccess(ref.store), 'no web-public channel left');
  ref.store.putChannel(only);
  ref.control.setConfig({ enable_spectator_access: false });
  assert.not.ok(allowsWebPublicAccess(ref.store), 'spectator access off');
});
