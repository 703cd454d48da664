"""Custom emoji through the client's own methods: upload_custom_emoji (the image sent as the
client sends it: multipart, no part Content-Type, so the type comes from the file's name),
get_realm_emoji, the realm_emoji event on another user's queue (register, get_events),
add_reaction with the new emoji, the image fetched at its source_url without credentials,
the duplicate and not-the-author refusals, then delete_custom_emoji (deactivation).
"""

import base64
import os
import tempfile

import requests

from common import OTHELLO, URL, check, client_for

HAMLET = ("hamlet@zulip.com", 6)
CORDELIA = ("cordelia@zulip.com", 7)

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+M/wHwAEAQH/cetH5QAAAABJRU5ErkJggg==")
NAME = "journey_emoji"


def upload(client, name):
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "emoji.png")
        with open(path, "wb") as f:
            f.write(PNG)
        with open(path, "rb") as f:
            return client.upload_custom_emoji(name, f)


def active_named(client, name):
    return [e for e in client.get_realm_emoji()["emoji"].values() if e["name"] == name and not e["deactivated"]]


def custom_emoji_journey(site):
    hamlet = client_for(site, HAMLET[0])
    cordelia = client_for(site, CORDELIA[0])
    othello = client_for(site, OTHELLO[0])

    queue = othello.register(event_types=["realm_emoji"])
    check(queue.get("result") == "success", "register for realm_emoji events", queue)

    added = upload(hamlet, NAME)
    check(added.get("result") == "success", "upload_custom_emoji", added)
    mine = active_named(othello, NAME)
    check(len(mine) == 1 and mine[0]["author_id"] == HAMLET[1] and mine[0]["source_url"].endswith(".png"), "get_realm_emoji: the new emoji, its author, a PNG", mine)
    emoji = mine[0]

    events = othello.get_events(queue_id=queue["queue_id"], last_event_id=-1, dont_block=True)
    told = [e for e in events.get("events", []) if e["type"] == "realm_emoji"]
    check(len(told) == 1 and told[0]["op"] == "update" and told[0]["realm_emoji"][emoji["id"]]["name"] == NAME, "the realm_emoji event with every custom emoji", events)

    image = requests.get(site + emoji["source_url"], timeout=30)
    check(image.status_code == 200 and image.headers.get("Content-Type") == "image/png", "the image at its source_url, without credentials", {"status": image.status_code})

    sent = hamlet.send_message({"type": "private", "to": [CORDELIA[0]], "content": "react to me"})
    reacted = cordelia.add_reaction({"message_id": sent["id"], "emoji_name": NAME})
    check(reacted.get("result") == "success", "add_reaction with the new emoji", reacted)
    message = cordelia.get_messages({"anchor": sent["id"], "num_before": 0, "num_after": 0})["messages"][0]
    check(
        [(r["emoji_code"], r["reaction_type"]) for r in message["reactions"]] == [(emoji["id"], "realm_emoji")],
        "the reaction: the emoji's id, realm_emoji",
        message["reactions"],
    )

    again = upload(cordelia, NAME)
    check(again.get("result") == "error" and again.get("msg") == "A custom emoji with this name already exists.", "upload_custom_emoji again: the name is taken", again)
    refused = othello.delete_custom_emoji(NAME)
    check(refused.get("result") == "error" and refused.get("msg") == "Must be an organization administrator or emoji author", "delete_custom_emoji by another member: refused", refused)

    removed = hamlet.delete_custom_emoji(NAME)
    check(removed.get("result") == "success", "delete_custom_emoji by its author", removed)
    listed = othello.get_realm_emoji()["emoji"][emoji["id"]]
    check(listed["deactivated"] is True and active_named(othello, NAME) == [], "get_realm_emoji: listed, deactivated", listed)
    gone = hamlet.delete_custom_emoji(NAME)
    check(gone.get("result") == "error" and gone.get("msg") == f"Emoji '{NAME}' does not exist", "delete_custom_emoji again: it does not exist", gone)


custom_emoji_journey(URL)
print("ok")
