"""Presence, user status, muted users and alert words through the client's own methods:
update_presence (legacy and slim), get_user_presence, get_realm_presence, get_alert_words,
add_alert_words, remove_alert_words, and call_endpoint for POST /users/me/status,
GET /users/{user_id}/status and the muted users, which the client has no methods for; time
moved on the manual clock shows a user go idle (one "ok ..." line per step).
"""

from common import IAGO, OTHELLO, URL, check, client_for, control, ok


def presence_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])

    first = ok(othello.update_presence({"status": "active"}))
    mine = first.get("presences", {}).get(OTHELLO[0], {})
    check(mine.get("website", {}).get("status") == "active" and mine.get("aggregated", {}).get("status") == "active", "update_presence: the legacy format, keyed by email", first)
    slim = ok(iago.update_presence({"status": "active", "slim_presence": True}))
    check(str(OTHELLO[1]) in slim.get("presences", {}) and isinstance(slim.get("presence_last_update_id"), int), "update_presence slim: keyed by user id, with the update id", slim)
    since = ok(iago.update_presence({"status": "active", "last_update_id": slim["presence_last_update_id"]}))
    check(since.get("presences") == {}, "update_presence since the last update id: nothing new", since)

    one = ok(iago.get_user_presence(OTHELLO[0]))
    check(isinstance(one.get("presence", {}).get("active_timestamp"), int), "get_user_presence: the modern timestamps", one)
    invalid = othello.update_presence({"status": "away"})
    check(invalid.get("msg") == "Invalid status: away", "update_presence: an invalid status", invalid)

    control("POST", "/clock/advance", {"ms": 100000})
    ok(othello.update_presence({"status": "idle", "ping_only": True}))
    realm = ok(iago.get_realm_presence())
    check(realm.get("presences", {}).get(OTHELLO[0], {}).get("aggregated", {}).get("status") == "idle", "get_realm_presence: idle after 100 s without activity", realm)

    ok(othello.call_endpoint(url="users/me/status", method="POST", request={"status_text": "on vacation", "emoji_name": "octopus"}))
    status = ok(iago.call_endpoint(url=f"users/{OTHELLO[1]}/status", method="GET"))
    check(status.get("status") == {"status_text": "on vacation", "emoji_name": "octopus", "emoji_code": "1f419", "reaction_type": "unicode_emoji"}, "user status: set and read", status)
    too_long = othello.call_endpoint(url="users/me/status", method="POST", request={"status_text": "x" * 61})
    check(too_long.get("msg") == "status_text is too long (limit: 60 characters)", "user status: too long", too_long)

    added = ok(othello.add_alert_words(["Kraken", " sea "]))
    check(sorted(added.get("alert_words", [])) == ["Kraken", "sea"], "add_alert_words: stripped, as typed", added)
    ok(othello.remove_alert_words(["SEA"]))
    check(ok(othello.get_alert_words()).get("alert_words") == ["Kraken"], "remove_alert_words: case-insensitive", None)

    ok(othello.call_endpoint(url=f"users/me/muted_users/{IAGO[1]}", method="POST"))
    again = othello.call_endpoint(url=f"users/me/muted_users/{IAGO[1]}", method="POST")
    check(again.get("msg") == "User already muted", "mute a user twice", again)
    registered = ok(othello.register(event_types=["message"], fetch_event_types=["muted_users", "alert_words"]))
    check([m["id"] for m in registered.get("muted_users", [])] == [IAGO[1]], "register: muted_users", registered)
    sent = ok(iago.send_message({"type": "private", "to": [OTHELLO[0]], "content": "the KRAKEN wakes"}))
    events = ok(othello.get_events(queue_id=registered["queue_id"], last_event_id=-1, dont_block=True))["events"]
    flags = next((e["flags"] for e in events if e.get("type") == "message" and e["message"]["id"] == sent["id"]), None)
    check(flags is not None and "read" in flags and "has_alert_word" in flags, "a muted sender's message arrives read, with the alert word flagged", events)
    ok(othello.call_endpoint(url=f"users/me/muted_users/{IAGO[1]}", method="DELETE"))


if __name__ == "__main__":
    presence_journey(URL)
    print("ok")
