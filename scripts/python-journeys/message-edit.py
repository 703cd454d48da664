"""Editing and moving messages with the Python client as it ships: update_message (content,
topic with propagate_mode, channel) and get_message_history, then the moved message found
where it went and the refusals the real server gives.
"""

from common import URL, check, client_for, ok


def message_edit_journey():
    iago = client_for(URL, "iago@zulip.com")
    hamlet = client_for(URL, "hamlet@zulip.com")

    sent = ok(iago.send_message({"type": "stream", "to": "Verona", "topic": "python edits", "content": "first draft"}))
    message_id = sent["id"]

    edited = ok(iago.update_message({"message_id": message_id, "content": "second **draft**"}))
    check(edited["detached_uploads"] == [], "a content edit detaches no upload", edited)

    ok(iago.update_message({"message_id": message_id, "topic": "python moved", "propagate_mode": "change_all", "send_notification_to_new_thread": False}))
    denmark = ok(iago.get_stream_id("Denmark"))["stream_id"]
    ok(iago.update_message({"message_id": message_id, "stream_id": denmark, "send_notification_to_new_thread": False}))

    narrow = [{"operator": "channel", "operand": "Denmark"}, {"operator": "topic", "operand": "python moved"}]
    found = ok(iago.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": narrow, "apply_markdown": False}))["messages"]
    moved = [m for m in found if m["id"] == message_id]
    check(len(moved) == 1 and moved[0]["content"] == "second **draft**", "the edited message is in its new channel and topic", found)
    check(moved[0]["last_moved_timestamp"] >= moved[0]["last_edit_timestamp"], "it has both timestamps", moved[0])
    check([sorted(k for k in e if k not in ("user_id", "timestamp")) for e in moved[0]["edit_history"]] == [["prev_stream", "stream"], ["prev_topic", "topic"], ["prev_content", "prev_rendered_content"]], "edit_history lists the three edits, newest first", moved[0]["edit_history"])

    history = ok(iago.get_message_history(message_id))["message_history"]
    check([(h["content"], h["topic"]) for h in history] == [("first draft", "python edits"), ("second **draft**", "python edits"), ("second **draft**", "python moved"), ("second **draft**", "python moved")], "get_message_history: each version, oldest first", history)
    check(history[1]["prev_content"] == "first draft" and "content_html_diff" in history[1], "the content edit has the old content and a diff", history[1])
    check(history[3]["prev_stream"] != history[3]["stream"] == denmark, "the channel move names both channels", history[3])

    refused = hamlet.update_message({"message_id": message_id, "content": "not mine"})
    check(refused["result"] == "error" and refused["msg"] == "You don't have permission to edit this message", "only the sender edits content", refused)
    nothing = iago.update_message({"message_id": message_id})
    check(nothing["result"] == "error" and nothing["msg"] == "Nothing to change", "an empty edit changes nothing", nothing)


if __name__ == "__main__":
    message_edit_journey()
    print("ok")
