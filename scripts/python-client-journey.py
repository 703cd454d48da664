"""The official Python client (python-zulip-api, `zulip` on PyPI) against npm start
--clock manual. Two journeys, through the client's own request code:

- events: register an event queue, read it at once (dont_block) and as a long-poll that a
  message sent meanwhile releases, set a typing status and see its event, follow a
  bounded number of events with call_on_each_event, delete the queue and see
  BAD_EVENT_QUEUE_ID (one "ok ..." line per step);
- timed, through Client.call_endpoint: drafts, scheduled messages and reminders created,
  listed, edited and deleted, then delivered when the clock moves.

Run by scripts/python-client.test.ts with the server's URL as the only argument; prints
"ok" last and exits 0, or stops at the first failure. The clock and the event record are
read through Understudy's control surface with the standard library (they are not under
/api/v1).
"""

import json
import sys
import threading
import time
import urllib.parse
import urllib.request

import zulip

URL = sys.argv[1].rstrip("/")


def control(method, path, params):
    data = urllib.parse.urlencode(params)
    if method == "GET":
        request = urllib.request.Request(f"{URL}/_understudy{path}?{data}")
    else:
        request = urllib.request.Request(f"{URL}/_understudy{path}", data=data.encode(), method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def ok(result):
    assert result["result"] == "success", result
    return result


IAGO = ("iago@zulip.com", 4)
OTHELLO = ("othello@zulip.com", 8)


class Enough(Exception):
    """Raised from call_on_each_event's callback: that loop has no other way out."""


def check(condition, what, got=None):
    if not condition:
        raise SystemExit(f"FAIL {what}: {json.dumps(got)[:600]}")
    print(f"ok {what}")


def client_for(site, email):
    """A client with the user's API key, fetched with the fixture's password."""
    body = urllib.parse.urlencode({"username": email, "password": "secret"}).encode()
    with urllib.request.urlopen(f"{site}/api/v1/fetch_api_key", data=body) as response:
        api_key = json.load(response)["api_key"]
    return zulip.Client(email=email, api_key=api_key, site=site, client="python-client-journey")


def send_later(client, seconds, contents):
    """Send direct messages to Iago from another thread, after a pause."""

    def run():
        time.sleep(seconds)
        for content in contents:
            client.send_message({"type": "direct", "to": [IAGO[1]], "content": content})

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def events_journey(site):
    """register, get_events at once and long-polled, set_typing_status, call_on_each_event, deregister."""
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])

    # register: event_types is JSON-encoded by the client, as are the other values.
    registered = iago.register(event_types=["message", "typing"], client_capabilities={"notification_settings_null": True})
    check(registered.get("result") == "success" and isinstance(registered.get("queue_id"), str), "register", registered)
    check(registered.get("last_event_id") == -1 and "max_message_id" in registered and "realm_users" not in registered, "register: the state of the fetched types only", registered)
    queue_id = registered["queue_id"]

    events = iago.get_events(queue_id=queue_id, last_event_id=-1, dont_block=True)
    check(events.get("result") == "success" and events.get("events") == [] and "queue_id" not in events, "get_events dont_block: nothing yet", events)

    # A long-poll answered after it waited names its queue; one answered at once does not.
    last = -1
    for attempt in range(4):
        sender = send_later(othello, 0.2 * 3**attempt, [f"wake up {attempt}"])
        answer = iago.get_events(queue_id=queue_id, last_event_id=last)
        sender.join()
        messages = [e for e in answer.get("events", []) if e["type"] == "message"]
        check(answer.get("result") == "success" and len(messages) == 1 and messages[0]["message"]["content"] == f"wake up {attempt}", f"get_events long-poll {attempt}", answer)
        last = answer["events"][-1]["id"]
        if answer.get("queue_id") == queue_id:
            break
    check(answer.get("queue_id") == queue_id, "the long-poll waited for the message", answer)

    typed = iago.set_typing_status({"to": [OTHELLO[1]], "op": "start"})
    check(typed.get("result") == "success", "set_typing_status", typed)
    typing = iago.get_events(queue_id=queue_id, last_event_id=last, dont_block=True)
    event = (typing.get("events") or [{}])[0]
    check(event.get("type") == "typing" and event.get("op") == "start" and event.get("sender", {}).get("user_id") == IAGO[1], "the typing event", typing)

    # call_on_each_event registers its own queue and long-polls it until the callback stops
    # it. Messages go out every half second until it has seen two (those sent before it
    # registered are not its own), and the two must be consecutive.
    seen = []

    def callback(event):
        if event["type"] == "message":
            seen.append(int(event["message"]["content"].split()[-1]))
        if len(seen) == 2:
            raise Enough()

    def keep_sending():
        for n in range(40):
            if len(seen) >= 2:
                return
            time.sleep(0.5)
            othello.send_message({"type": "direct", "to": [IAGO[1]], "content": f"message {n}"})

    sender = threading.Thread(target=keep_sending)
    sender.start()
    try:
        iago.call_on_each_event(callback, event_types=["message"])
    except Enough:
        pass
    sender.join()
    check(len(seen) == 2 and seen[1] == seen[0] + 1, "call_on_each_event: two messages, in order", seen)

    gone = iago.deregister(queue_id)
    check(gone.get("result") == "success", "deregister", gone)
    after = iago.get_events(queue_id=queue_id, last_event_id=last, dont_block=True)
    check(after.get("result") == "error" and after.get("code") == "BAD_EVENT_QUEUE_ID" and after.get("queue_id") == queue_id, "get_events on a deleted queue: BAD_EVENT_QUEUE_ID", after)


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


events_journey(URL)
timed_journey()
print("ok")
