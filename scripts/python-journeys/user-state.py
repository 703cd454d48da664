"""Per-user state through the Python client: topic muting (Client.mute_topic and POST
/user_topics through call_endpoint), settings (Client.update_notification_settings, which
uses the legacy PATCH /settings/notifications, and PATCH /settings through call_endpoint)
and saved snippets, each seen back in a registration and in the events of a queue.
"""

import zulip

from common import URL, check, ok


def user_state_journey():
    client = zulip.Client(email="iago@zulip.com", api_key="kTf1UbMHKe0sbkgDym68apgMzeURDOzd", site=URL)
    queue = ok(client.register(event_types=["user_topic", "muted_topics", "user_settings", "saved_snippets"]))
    verona = ok(client.get_stream_id("Verona"))["stream_id"]

    # topic visibility: the legacy muting method, then POST /user_topics
    ok(client.mute_topic({"op": "add", "stream": "Verona", "topic": "noisy"}))
    ok(client.mute_topic({"op": "add", "stream_id": verona, "topic": "loud"}))
    ok(client.mute_topic({"op": "remove", "stream": "Verona", "topic": "LOUD"}))
    failed = client.mute_topic({"op": "add", "stream": "Verona", "stream_id": verona, "topic": "both"})
    check(failed["result"] == "error" and failed["msg"] == "Unsupported parameter combination: stream_id, stream", "mute_topic with a channel named twice is refused", failed)
    ok(client.call_endpoint("user_topics", method="POST", request={"stream_id": verona, "topic": "plans", "visibility_policy": 3}))
    bad = client.call_endpoint("user_topics", method="POST", request={"stream_id": verona, "topic": "plans", "visibility_policy": 7})
    check(bad["result"] == "error" and bad["code"] == "BAD_REQUEST", "an unknown visibility policy is refused", bad)
    state = ok(client.register(fetch_event_types=["user_topic", "muted_topics"]))
    policies = {(t["stream_id"], t["topic_name"]): t["visibility_policy"] for t in state["user_topics"]}
    check(policies.get((verona, "noisy")) == 1 and policies.get((verona, "plans")) == 3 and (verona, "loud") not in policies, "user_topics shows the muted and followed topics", state["user_topics"])
    check("muted_topics" not in state, "a client asking for user_topic gets no muted_topics", list(state))
    muted = ok(client.register(fetch_event_types=["muted_topics"]))["muted_topics"]
    check([m[:2] for m in muted] == [["Verona", "noisy"]], "muted_topics lists the one muted topic", muted)

    # settings: the legacy notifications method, then PATCH /settings
    ok(client.update_notification_settings({"enable_offline_push_notifications": False, "enable_sounds": False}))
    ok(client.call_endpoint("settings", method="PATCH", request={"emojiset": "text", "timezone": "Europe/Berlin", "twenty_four_hour_time": True}))
    bad = client.call_endpoint("settings", method="PATCH", request={"color_scheme": 7})
    check(bad["result"] == "error" and bad["msg"] == "Invalid color_scheme: Value error, Not in the list of possible values", "an invalid color scheme is refused", bad)
    settings = ok(client.register(fetch_event_types=["user_settings"]))["user_settings"]
    check(
        settings["enable_offline_push_notifications"] is False and settings["emojiset"] == "text" and settings["timezone"] == "Europe/Berlin" and settings["twenty_four_hour_time"] is True,
        "the registration shows the new settings",
        settings,
    )

    # saved snippets
    snippet = ok(client.call_endpoint("saved_snippets", method="POST", request={"title": "Greeting", "content": "  Welcome aboard!  "}))["saved_snippet_id"]
    ok(client.call_endpoint(f"saved_snippets/{snippet}", method="PATCH", request={"title": "Welcome"}))
    listed = ok(client.call_endpoint("saved_snippets", method="GET"))["saved_snippets"]
    check([(s["id"], s["title"], s["content"]) for s in listed if s["id"] == snippet] == [(snippet, "Welcome", "Welcome aboard!")], "the snippet is listed, stripped and renamed", listed)
    ok(client.call_endpoint(f"saved_snippets/{snippet}", method="DELETE"))
    gone = client.call_endpoint(f"saved_snippets/{snippet}", method="DELETE")
    check(gone["result"] == "error" and gone["msg"] == "Saved snippet does not exist.", "a deleted snippet is gone", gone)

    # the queue saw it all, in order
    events = ok(client.get_events(queue_id=queue["queue_id"], last_event_id=-1, dont_block=True))["events"]
    kinds = [(e["type"], e.get("op"), e.get("property")) for e in events]
    check(("user_topic", None, None) in kinds and ("muted_topics", None, None) not in kinds, "user_topic events, and no muted_topics beside them", kinds)
    check(("user_settings", "update", "emojiset") in kinds and ("user_settings", "update", "enable_sounds") in kinds, "user_settings events for each change", kinds)
    check([k[1] for k in kinds if k[0] == "saved_snippets"] == ["add", "update", "remove"], "saved_snippets add, update, remove", kinds)


user_state_journey()
print("ok")
