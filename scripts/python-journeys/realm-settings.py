"""Organization settings through the client: the client binds no method for PATCH /realm, so
call_endpoint("realm", method="PATCH", ...) as admin tools do; register shows the change, the
realm event reaches a member's queue, and the owner-only and validation errors come back as
the real server words them (one "ok ..." line per step).
"""

from common import IAGO, URL, check, client_for

DESDEMONA = "desdemona@zulip.com"
HAMLET = "hamlet@zulip.com"


def realm_settings_journey(site):
    iago = client_for(site, IAGO[0])
    owner = client_for(site, DESDEMONA)
    hamlet = client_for(site, HAMLET)

    queue = hamlet.register(event_types=["realm"])
    check(queue.get("result") == "success", "register: a member's queue for realm events", queue)

    changed = iago.call_endpoint("realm", method="PATCH", request={"avatar_changes_disabled": True, "default_code_block_language": "python"})
    check(changed.get("avatar_changes_disabled") is True and changed.get("default_code_block_language") == "updated", "PATCH /realm: a boolean echoed, a string answered 'updated'", changed)

    state = hamlet.register(fetch_event_types=["realm"])
    check(state.get("realm_avatar_changes_disabled") is True and state.get("realm_default_code_block_language") == "python", "register: realm_* shows the new values", {k: state.get(k) for k in ("realm_avatar_changes_disabled", "realm_default_code_block_language")})

    events = hamlet.get_events(queue_id=queue["queue_id"], last_event_id=-1, dont_block=True)
    told = [(e.get("op"), e.get("property"), e.get("value")) for e in events.get("events", []) if e.get("type") == "realm"]
    check(told == [("update", "avatar_changes_disabled", True), ("update", "default_code_block_language", "python")], "get_events: one realm update event per setting", told)

    refused = iago.call_endpoint("realm", method="PATCH", request={"invite_required": False})
    check(refused.get("result") == "error" and refused.get("msg") == "Must be an organization owner", "an administrator may not change invite_required", refused)
    done = owner.call_endpoint("realm", method="PATCH", request={"invite_required": False})
    check(done.get("invite_required") is False, "an owner may", done)

    bad = iago.call_endpoint("realm", method="PATCH", request={"default_language": "invalid_lang"})
    check(bad.get("msg") == "Invalid language 'invalid_lang'", "an unknown default_language", bad)
    too_long = iago.call_endpoint("realm", method="PATCH", request={"name": "x" * 41})
    check(too_long.get("msg") == "name is too long (limit: 40 characters)", "a name over 40 characters", too_long)

    member = hamlet.call_endpoint("realm", method="PATCH", request={"name": "Mine"})
    check(member.get("msg") == "Must be an organization administrator", "a member may not change the organization", member)


realm_settings_journey(URL)
print("ok")
