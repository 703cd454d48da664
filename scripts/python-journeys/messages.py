"""Messages through the client's own methods: send_message (to a channel and direct),
get_messages (anchors and narrows), check_messages_match_narrow, delete_message and
call_on_each_message (one "ok ..." line per step).
"""

import threading
import time

from common import IAGO, OTHELLO, URL, Enough, check, client_for

HAMLET = ("hamlet@zulip.com", 6)


def messages_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])
    hamlet = client_for(site, HAMLET[0])

    sent = othello.send_message({"type": "stream", "to": "Verona", "topic": "journey", "content": "an **apple** a day"})
    check(sent.get("result") == "success" and isinstance(sent.get("id"), int), "send_message to a channel", sent)
    second = othello.send_message({"type": "stream", "to": "Verona", "topic": "journey", "content": "a pear"})
    direct = othello.send_message({"type": "direct", "to": [HAMLET[1]], "content": "between us"})
    check(direct.get("result") == "success" and direct["id"] > second["id"] > sent["id"], "send_message direct: ids increase", direct)
    nowhere = othello.send_message({"type": "stream", "to": "No such place", "topic": "x", "content": "lost"})
    check(nowhere.get("result") == "error" and nowhere.get("code") == "STREAM_DOES_NOT_EXIST" and nowhere.get("stream") == "No such place", "send_message: an unknown channel", nowhere)

    narrow = [{"operator": "channel", "operand": "Verona"}, {"operator": "topic", "operand": "journey"}]
    got = hamlet.get_messages({"anchor": "newest", "num_before": 10, "num_after": 0, "narrow": narrow})
    messages = got.get("messages", [])
    check(
        got.get("result") == "success" and [m["id"] for m in messages] == [sent["id"], second["id"]] and got.get("found_newest") is True,
        "get_messages: the topic's messages, oldest first",
        got,
    )
    check(messages[0]["content"] == "<p>an <strong>apple</strong> a day</p>" and messages[0]["sender_email"] == OTHELLO[0], "get_messages: rendered content by default", messages[0])
    raw = hamlet.get_messages({"anchor": sent["id"], "num_before": 0, "num_after": 0, "narrow": narrow, "apply_markdown": False})
    check([m["content"] for m in raw["messages"]] == ["an **apple** a day"], "get_messages apply_markdown false: the Markdown as sent", raw)
    dms = hamlet.get_messages({"anchor": "newest", "num_before": 5, "num_after": 0, "narrow": [{"operator": "dm", "operand": [OTHELLO[1]]}]})
    check([m["id"] for m in dms.get("messages", [])][-1:] == [direct["id"]] and dms["messages"][-1]["type"] == "private", "get_messages: the direct conversation", dms)
    unseen = iago.get_messages({"anchor": direct["id"], "num_before": 0, "num_after": 0, "narrow": []})
    check(unseen.get("result") == "success" and unseen.get("messages") == [], "get_messages: a direct message between others is not Iago's to read", unseen)

    matched = hamlet.check_messages_match_narrow(msg_ids=[sent["id"], second["id"]], narrow=[{"operator": "search", "operand": "apple"}])
    found = matched.get("messages", {})
    check(
        matched.get("result") == "success" and list(found) == [str(sent["id"])] and "<span class=\"highlight\">apple</span>" in found[str(sent["id"])]["match_content"],
        "check_messages_match_narrow: only the matching message, highlighted",
        matched,
    )

    refused = hamlet.delete_message(sent["id"])
    check(refused.get("result") == "error" and refused.get("msg") == "You don't have permission to delete this message", "delete_message: not another's message", refused)
    deleted = iago.delete_message(sent["id"])
    check(deleted.get("result") == "success", "delete_message: an administrator may", deleted)
    after = hamlet.get_messages({"anchor": "newest", "num_before": 10, "num_after": 0, "narrow": narrow})
    check([m["id"] for m in after["messages"]] == [second["id"]], "get_messages: the deleted message is gone", after)
    twice = iago.delete_message(sent["id"])
    check(twice.get("result") == "error" and twice.get("msg") == "Invalid message(s)", "delete_message: not twice", twice)

    # call_on_each_message: its own queue, long-polled until the callback stops it. Othello
    # keeps sending until Hamlet's callback has seen one (those sent before it registered
    # are not its own).
    seen = []

    def callback(message):
        seen.append(message)
        raise Enough()

    def keep_sending():
        for n in range(40):
            if seen:
                return
            time.sleep(0.5)
            othello.send_message({"type": "direct", "to": [HAMLET[1]], "content": f"are you there {n}"})

    sender = threading.Thread(target=keep_sending)
    sender.start()
    try:
        hamlet.call_on_each_message(callback)
    except Enough:
        pass
    sender.join()
    check(len(seen) == 1 and seen[0]["sender_email"] == OTHELLO[0] and seen[0]["content"].startswith("are you there "), "call_on_each_message: a message as it arrives, its Markdown as sent (register's apply_markdown is false)", seen)


messages_journey(URL)
print("ok")
