"""Reactions, custom emoji and widgets through the client's own methods: add_reaction (the
client's documented example, and by name alone), see it on the message and in an event,
a duplicate refused with REACTION_ALREADY_EXISTS, remove_reaction, get_realm_emoji, and a
/poll message voted in through call_endpoint("submessage"), which the client has no method
for (one "ok ..." line per step).
"""

import json

from common import IAGO, OTHELLO, URL, check, client_for


def reactions_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])

    queue = iago.register(event_types=["reaction", "submessage"])
    check(queue.get("result") == "success", "register for reaction and submessage events", queue)
    sent = iago.send_message({"type": "direct", "to": [OTHELLO[1]], "content": "react to this"})
    check(sent.get("result") == "success", "send a direct message", sent)
    message_id = sent["id"]

    added = othello.add_reaction({"message_id": message_id, "emoji_name": "joy", "emoji_code": "1f602", "reaction_type": "unicode_emoji"})
    check(added.get("result") == "success", "add_reaction with name, code and type", added)
    by_name = othello.add_reaction({"message_id": message_id, "emoji_name": "green_tick"})
    check(by_name.get("result") == "success", "add_reaction of a custom emoji by name", by_name)
    again = othello.add_reaction({"message_id": message_id, "emoji_name": "joy"})
    check(again.get("code") == "REACTION_ALREADY_EXISTS" and again.get("msg") == "Reaction already exists.", "add_reaction twice: REACTION_ALREADY_EXISTS", again)
    unknown = othello.add_reaction({"message_id": message_id, "emoji_name": "no_such_emoji"})
    check(unknown.get("msg") == "Emoji 'no_such_emoji' does not exist", "add_reaction of an unknown name", unknown)

    fetched = iago.get_messages({"anchor": message_id, "num_before": 0, "num_after": 0})
    reactions = fetched["messages"][0]["reactions"]
    check(
        [(r["emoji_name"], r["emoji_code"], r["reaction_type"], r["user_id"]) for r in reactions]
        == [("joy", "1f602", "unicode_emoji", OTHELLO[1]), ("green_tick", "1", "realm_emoji", OTHELLO[1])],
        "get_messages shows both reactions, in order",
        reactions,
    )

    removed = othello.remove_reaction({"message_id": message_id, "emoji_name": "joy", "emoji_code": "1f602", "reaction_type": "unicode_emoji"})
    check(removed.get("result") == "success", "remove_reaction", removed)
    gone = othello.remove_reaction({"message_id": message_id, "emoji_name": "joy"})
    check(gone.get("code") == "REACTION_DOES_NOT_EXIST", "remove_reaction twice: REACTION_DOES_NOT_EXIST", gone)

    emoji = iago.get_realm_emoji()
    check(emoji.get("result") == "success" and emoji["emoji"].get("1", {}).get("name") == "green_tick", "get_realm_emoji lists green_tick", emoji)

    poll = iago.send_message({"type": "direct", "to": [OTHELLO[1]], "content": "/poll Lunch?\nPizza\nSushi"})
    vote = {"type": "vote", "key": "canned,0", "vote": 1}
    voted = othello.call_endpoint(url="submessage", method="POST", request={"message_id": poll["id"], "msg_type": "widget", "content": json.dumps(vote)})
    check(voted.get("result") == "success", "call_endpoint submessage: a vote", voted)
    widget = iago.get_messages({"anchor": poll["id"], "num_before": 0, "num_after": 0})["messages"][0]["submessages"]
    check(
        len(widget) == 2 and json.loads(widget[0]["content"]) == {"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["Pizza", "Sushi"]}},
        "the /poll message carries its widget and the vote",
        widget,
    )

    events = iago.get_events(queue_id=queue["queue_id"], last_event_id=-1, dont_block=True)["events"]
    check(
        [(e["type"], e.get("op"), e.get("emoji_name")) for e in events]
        == [("reaction", "add", "joy"), ("reaction", "add", "green_tick"), ("reaction", "remove", "joy"), ("submessage", None, None)],
        "the queue heard the reactions and the vote",
        events,
    )


reactions_journey(URL)
print("ok")
