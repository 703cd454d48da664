"""Drafts, scheduled messages and reminders through Client.call_endpoint: created, listed,
edited and deleted, then delivered when the clock moves.
"""

import zulip

from common import URL, control, ok


def timed_journey():
    """Drafts, scheduled messages and reminders through call_endpoint, delivered when the clock moves."""
    client = zulip.Client(email="iago@zulip.com", api_key="kTf1UbMHKe0sbkgDym68apgMzeURDOzd", site=URL)
    now = control("POST", "/clock/advance", {"ms": 0})["now_ms"] // 1000

    # drafts
    ids = ok(client.call_endpoint("drafts", method="POST", request={"drafts": [{"type": "stream", "to": [1], "topic": "plans", "content": "half"}, {"type": "", "to": [], "topic": "", "content": "loose"}]}))["ids"]
    assert len(ids) == 2
    assert ok(client.call_endpoint("drafts", method="GET"))["count"] == 2
    ok(client.call_endpoint(f"drafts/{ids[0]}", method="PATCH", request={"draft": {"type": "private", "to": [6], "topic": "", "content": "whole"}}))
    ok(client.call_endpoint(f"drafts/{ids[1]}", method="DELETE"))
    drafts = ok(client.call_endpoint("drafts", method="GET"))["drafts"]
    assert [(d["id"], d["type"], d["to"], d["content"]) for d in drafts] == [(ids[0], "private", [6], "whole")], drafts

    # scheduled messages
    channel = ok(client.call_endpoint("scheduled_messages", method="POST", request={"type": "channel", "to": 1, "topic": "later", "content": "first", "scheduled_delivery_timestamp": now + 60}))["scheduled_message_id"]
    direct = ok(client.call_endpoint("scheduled_messages", method="POST", request={"type": "direct", "to": [6], "content": "never mind", "scheduled_delivery_timestamp": now + 30}))["scheduled_message_id"]
    listed = ok(client.call_endpoint("scheduled_messages", method="GET"))["scheduled_messages"]
    assert [m["scheduled_message_id"] for m in listed] == [direct, channel], listed
    ok(client.call_endpoint(f"scheduled_messages/{channel}", method="PATCH", request={"content": "scheduled **hello**"}))
    ok(client.call_endpoint(f"scheduled_messages/{direct}", method="DELETE"))
    listed = ok(client.call_endpoint("scheduled_messages", method="GET"))["scheduled_messages"]
    assert [(m["scheduled_message_id"], m["content"]) for m in listed] == [(channel, "scheduled **hello**")], listed

    # reminders
    target = ok(client.send_message({"type": "stream", "to": "Verona", "topic": "remind me", "content": "the thing"}))["id"]
    reminder = ok(client.call_endpoint("reminders", method="POST", request={"message_id": target, "scheduled_delivery_timestamp": now + 90, "note": "do it"}))["reminder_id"]
    dropped = ok(client.call_endpoint("reminders", method="POST", request={"message_id": target, "scheduled_delivery_timestamp": now + 95}))["reminder_id"]
    ok(client.call_endpoint(f"reminders/{dropped}", method="DELETE"))
    assert [r["reminder_id"] for r in ok(client.call_endpoint("reminders", method="GET"))["reminders"]] == [reminder]

    # the clock moves: both arrive
    control("POST", "/clock/advance", {"ms": 120000})
    events = control("GET", "/events", {"user_id": 4})["events"]
    messages = [e["message"] for e in events if e["type"] == "message"]
    assert any(m["content"] == "<p>scheduled <strong>hello</strong></p>" and m["timestamp"] == now + 60 for m in messages), messages
    assert any(m["sender_id"] == 1 and "do it" in m["content"] for m in messages), messages
    assert ok(client.call_endpoint("scheduled_messages", method="GET"))["scheduled_messages"] == []
    assert ok(client.call_endpoint("reminders", method="GET"))["reminders"] == []



timed_journey()
print("ok")
