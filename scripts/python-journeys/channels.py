"""Channels and subscriptions through the client's own methods: get_streams, get_stream_id,
add_subscriptions (creating a channel, and subscribing another user), get_subscriptions and its
older name list_subscriptions, update_subscription_settings, get_stream_topics and
remove_subscriptions (one "ok ..." line per step).
"""

from common import IAGO, OTHELLO, URL, check, client_for

HAMLET = ("hamlet@zulip.com", 6)


def names(subscriptions):
    return sorted(s["name"] for s in subscriptions)


def channels_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])
    hamlet = client_for(site, HAMLET[0])

    streams = othello.get_streams()
    seen = {s["name"] for s in streams.get("streams", [])}
    check(streams.get("result") == "success" and {"Verona", "Denmark", "Scotland"} <= seen and "core team" not in seen, "get_streams: the public channels, not a private one Othello is not in", streams)
    admin_seen = {s["name"] for s in iago.get_streams(include_all=True)["streams"]}
    check("core team" in admin_seen, "get_streams include_all: an administrator sees the private channel too", sorted(admin_seen))

    verona = othello.get_stream_id("Verona")
    check(verona.get("result") == "success" and verona.get("stream_id") == next(s["stream_id"] for s in streams["streams"] if s["name"] == "Verona"), "get_stream_id", verona)
    nope = othello.get_stream_id("No such place")
    check(nope.get("result") == "error" and nope.get("msg") == "Invalid channel name 'No such place'", "get_stream_id: an unknown channel", nope)

    before = names(othello.get_subscriptions()["subscriptions"])

    # Othello creates a channel and subscribes Hamlet only: principals name who is subscribed.
    created = othello.add_subscriptions([{"name": "journey", "description": "Made by the **journey**"}], principals=[HAMLET[1]])
    check(
        created.get("result") == "success" and created.get("subscribed") == {str(HAMLET[1]): ["journey"]} and created.get("already_subscribed") == {},
        "add_subscriptions: a new channel, Hamlet subscribed",
        created,
    )
    check(names(othello.get_subscriptions()["subscriptions"]) == before, "get_subscriptions: Othello is not subscribed himself", None)
    mine = hamlet.get_subscriptions()["subscriptions"]
    journey = next((s for s in mine if s["name"] == "journey"), {})
    check(journey.get("rendered_description") == "<p>Made by the <strong>journey</strong></p>" and journey.get("invite_only") is False, "get_subscriptions: Hamlet's new subscription, its description rendered", journey)
    stream_id = journey["stream_id"]

    joined = othello.add_subscriptions([{"name": "journey"}])
    check(joined.get("subscribed") == {str(OTHELLO[1]): ["journey"]}, "add_subscriptions: Othello joins", joined)
    again = othello.add_subscriptions([{"name": "journey"}])
    check(again.get("subscribed") == {} and again.get("already_subscribed") == {str(OTHELLO[1]): ["journey"]}, "add_subscriptions: already subscribed", again)
    check(othello.list_subscriptions() == othello.get_subscriptions(), "list_subscriptions: the same answer as get_subscriptions", None)

    changed = othello.update_subscription_settings(
        [
            {"stream_id": stream_id, "property": "pin_to_top", "value": True},
            {"stream_id": stream_id, "property": "color", "value": "#c2c2c2"},
        ]
    )
    check(changed.get("result") == "success", "update_subscription_settings", changed)
    mine = next(s for s in othello.get_subscriptions()["subscriptions"] if s["stream_id"] == stream_id)
    check(mine["pin_to_top"] is True and mine["color"] == "#c2c2c2", "get_subscriptions: the new settings", mine)
    theirs = next(s for s in hamlet.get_subscriptions()["subscriptions"] if s["stream_id"] == stream_id)
    check(theirs["pin_to_top"] is False, "Hamlet's subscription is his own", theirs)
    bad = othello.update_subscription_settings([{"stream_id": stream_id, "property": "no_such_property", "value": True}])
    check(bad.get("result") == "error" and bad.get("msg") == "Unknown subscription property: no_such_property", "update_subscription_settings: an unknown property", bad)

    for topic in ("first", "second", "first"):
        othello.send_message({"type": "stream", "to": "journey", "topic": topic, "content": f"in {topic}"})
    topics = othello.get_stream_topics(stream_id)
    listed = [t["name"] for t in topics.get("topics", [])]
    # The oldest topic is the one of the channel's creation notice.
    check(topics.get("result") == "success" and listed == ["first", "second", "channel events"], "get_stream_topics: the most recently used first", topics)

    removed = othello.remove_subscriptions(["journey"])
    check(removed.get("removed") == ["journey"] and removed.get("not_removed") == [], "remove_subscriptions", removed)
    check("journey" not in names(othello.get_subscriptions()["subscriptions"]), "get_subscriptions: gone", None)
    not_removed = othello.remove_subscriptions(["journey"])
    check(not_removed.get("removed") == [] and not_removed.get("not_removed") == ["journey"], "remove_subscriptions: not subscribed", not_removed)
    refused = othello.remove_subscriptions(["Verona"], principals=[HAMLET[1]])
    check(refused.get("result") == "error" and refused.get("msg") == "Insufficient permission", "remove_subscriptions: a member may not unsubscribe another from a channel he does not administer", refused)
    # The creator of a channel administers it (can_administer_channel_group), and may.
    unsubscribed = othello.remove_subscriptions(["journey"], principals=[HAMLET[1]])
    check(unsubscribed.get("removed") == ["journey"], "remove_subscriptions: the channel's creator unsubscribes Hamlet", unsubscribed)
    check("journey" not in names(hamlet.get_subscriptions()["subscriptions"]), "Hamlet's subscriptions: gone", None)


channels_journey(URL)
print("ok")
