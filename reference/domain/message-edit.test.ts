// The edit rules that scenarios reach only in part: which topic changes are resolve
// toggles (zerver/lib/message.py topic_resolve_toggled, truncation included), the
// timestamps a history gives (messages_for_ids), and the organization's defaults.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { editSettings, editTimestamps, topicResolveToggled } from './message-edit.ts';
import { createReference } from '../index.ts';

test('resolve toggles: the ✔ prefix added or removed, nothing else; a truncated resolve too', () => {
  assert.ok(topicResolveToggled('✔ lunch', 'lunch'));
  assert.ok(topicResolveToggled('lunch', '✔ lunch'));
  assert.not.ok(topicResolveToggled('✔ dinner', 'lunch'));
  assert.not.ok(topicResolveToggled('lunch', 'dinner'));
  assert.not.ok(topicResolveToggled('✔ ✔ lunch', '✔ lunch'));
  const long = 'x'.repeat(59);
  // Resolving a 59-character topic truncates it to 57 + "..." with the prefix.
  assert.ok(topicResolveToggled(`✔ ${'x'.repeat(55)}...`, long));
  assert.not.ok(topicResolveToggled(`✔ ${'y'.repeat(55)}...`, long));
});

test('timestamps from a history: content edits set last_edit_timestamp, moves (not resolve toggles) last_moved_timestamp', () => {
  assert.equal(editTimestamps([]), { edited: null, moved: null });
  assert.equal(editTimestamps([{ user_id: 1, timestamp: 5, prev_topic: 'a', topic: '✔ a' }]), { edited: null, moved: null });
  assert.equal(
    editTimestamps([
      { user_id: 1, timestamp: 9, prev_stream: 1, stream: 2 },
      { user_id: 1, timestamp: 7, prev_topic: 'a', topic: 'b' },
      { user_id: 1, timestamp: 3, prev_content: 'x', prev_rendered_content: '<p>x</p>' },
    ]),
    { edited: 3, moved: 9 },
  );
});

test("a new organization's edit settings, and null kept as no limit", () => {
  const realm = createReference().store.realm;
  assert.equal(editSettings(realm), {
    allow_message_editing: true,
    message_content_edit_limit_seconds: 600,
    message_edit_history_visibility_policy: 'all',
    move_messages_within_stream_limit_seconds: 604_800,
    move_messages_between_streams_limit_seconds: 604_800,
  });
  assert.is(editSettings({ ...realm, message_content_edit_limit_seconds: null }).message_content_edit_limit_seconds, null);
});

test.run();
