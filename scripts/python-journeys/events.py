"""The event queues through the client's own methods: register an event queue, read it at once
(dont_block) and as a long-poll that a message sent meanwhile releases, set a typing status and
see its event, follow a bounded number of events with call_on_each_event, delete the queue and
see BAD_EVENT_QUEUE_ID (one "ok ..." line per step).
"""

import threading
import time

from common import IAGO, OTHELLO, URL, Enough, check, client_for


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

    # idle_queue_timeout (feature level 481): an integer the client JSON-encodes; the answer
    # names the idle time granted, capped at seven days.
    hour = iago.register(event_types=["message"], idle_queue_timeout=3600)
    check(hour.get("result") == "success" and hour.get("idle_queue_timeout_secs") == 3600, "register idle_queue_timeout: granted", hour)
    week = iago.register(event_types=["message"], idle_queue_timeout=30 * 86400)
    check(week.get("idle_queue_timeout_secs") == 7 * 86400, "register idle_queue_timeout: capped at seven days", week)
    default = iago.register(event_types=["message"])
    check(default.get("idle_queue_timeout_secs") == 600, "register: ten minutes by default", default)



events_journey(URL)
print("ok")
