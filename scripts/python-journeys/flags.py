"""Read state through the client's own methods: update_message_flags (read, unread, starred and
a flag the client may not change), mark_all_as_read, mark_stream_as_read and
mark_topic_as_read, and through call_endpoint POST /messages/flags/narrow and GET
/messages/{message_id}/read_receipts; the unread state read back with get_messages (is:unread)
and register (one "ok ..." line per step).
"""

from common import IAGO, OTHELLO, URL, check, client_for, ok

HAMLET = ("hamlet@zulip.com", 6)


def unread_ids(client, narrow=()):
    answer = ok(client.get_messages({"anchor": "newest", "num_before": 100, "num_after": 0, "narrow": [{"operator": "is", "operand": "unread"}, *narrow]}))
    return [m["id"] for m in answer["messages"]]


def flags_journey(site):
    hamlet = client_for(site, HAMLET[0])
    othello = client_for(site, OTHELLO[0])
    iago = client_for(site, IAGO[0])

    done = hamlet.mark_all_as_read()
    check(done.get("result") == "success" and done.get("complete") is True, "mark_all_as_read: complete", done)
    check(unread_ids(hamlet) == [], "nothing unread after mark_all_as_read", unread_ids(hamlet))

    dm = ok(othello.send_message({"type": "direct", "to": [HAMLET[1]], "content": "read me"}))["id"]
    check(unread_ids(hamlet) == [dm], "a new direct message is unread", unread_ids(hamlet))

    read = hamlet.update_message_flags({"messages": [dm], "op": "add", "flag": "read"})
    check(read.get("result") == "success" and read.get("messages") == [dm] and read.get("ignored_because_not_subscribed_channels") == [], "update_message_flags add read", read)
    check(unread_ids(hamlet) == [], "read: no longer in is:unread", unread_ids(hamlet))

    again = hamlet.update_message_flags({"messages": [dm], "op": "remove", "flag": "read"})
    check(again.get("result") == "success", "update_message_flags remove read", again)
    state = ok(hamlet.register(event_types=["message", "update_message_flags"]))
    pms = state["unread_msgs"]["pms"]
    check(pms == [{"other_user_id": OTHELLO[1], "sender_id": OTHELLO[1], "unread_message_ids": [dm]}], "register: unread_msgs lists it again", pms)

    star = hamlet.update_message_flags({"messages": [dm], "op": "add", "flag": "starred"})
    check(star.get("result") == "success", "update_message_flags add starred", star)
    refused = hamlet.update_message_flags({"messages": [dm], "op": "add", "flag": "mentioned"})
    check(refused.get("result") == "error" and refused.get("msg") == "Flag not editable: 'mentioned'", "a flag the client may not change", refused)

    # A channel of two topics with unread messages from Othello.
    ok(othello.add_subscriptions(streams=[{"name": "flag journey"}], principals=[HAMLET[1]]))
    stream_id = ok(othello.get_stream_id("flag journey"))["stream_id"]
    sent = [ok(othello.send_message({"type": "stream", "to": "flag journey", "topic": topic, "content": topic}))["id"] for topic in ("lunch", "dinner", "lunch")]
    in_channel = [{"operator": "channel", "operand": stream_id}, {"operator": "sender", "operand": OTHELLO[1]}]
    check(unread_ids(hamlet, in_channel) == sent, "the channel's messages are unread", unread_ids(hamlet, in_channel))

    topic = hamlet.mark_topic_as_read(stream_id, "Lunch")
    check(topic.get("result") == "success", "mark_topic_as_read (topics compare case-insensitively)", topic)
    check(unread_ids(hamlet, in_channel) == [sent[1]], "only the other topic is unread", unread_ids(hamlet, in_channel))
    missing = hamlet.mark_topic_as_read(stream_id, "breakfast")
    check(missing.get("result") == "error" and missing.get("msg") == "No such topic 'breakfast'", "mark_topic_as_read: no such topic", missing)

    channel = hamlet.mark_stream_as_read(stream_id)
    check(channel.get("result") == "success" and unread_ids(hamlet, in_channel) == [], "mark_stream_as_read", channel)
    invalid = hamlet.mark_stream_as_read(123456789)
    check(invalid.get("result") == "error" and invalid.get("msg") == "Invalid channel ID", "mark_stream_as_read: invalid channel", invalid)

    narrowed = hamlet.call_endpoint(
        url="messages/flags/narrow",
        method="POST",
        request={"anchor": "oldest", "num_before": 0, "num_after": 10, "narrow": in_channel, "op": "remove", "flag": "read"},
    )
    check(
        narrowed.get("result") == "success" and narrowed.get("processed_count") == 3 and narrowed.get("updated_count") == 3 and narrowed.get("first_processed_id") == sent[0] and narrowed.get("found_newest") is True,
        "call_endpoint messages/flags/narrow",
        narrowed,
    )
    check(unread_ids(hamlet, in_channel) == sent, "the narrow's messages are unread again", unread_ids(hamlet, in_channel))

    ok(iago.call_endpoint(url="realm", method="PATCH", request={"enable_read_receipts": True}))
    ok(hamlet.update_message_flags({"messages": [sent[0]], "op": "add", "flag": "read"}))
    receipts = othello.call_endpoint(url=f"messages/{sent[0]}/read_receipts", method="GET")
    check(receipts.get("result") == "success" and receipts.get("user_ids") == [HAMLET[1]], "call_endpoint read_receipts", receipts)


flags_journey(URL)
print("ok")
