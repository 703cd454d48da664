"""Users and user groups through the client's own methods: get_server_settings, get_profile,
get_users and its older name get_members, get_user_by_id, deactivate_user_by_id,
get_user_groups and create_user_group (one "ok ..." line per step).
"""

from common import IAGO, OTHELLO, URL, check, client_for, control


def users_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])

    settings = iago.get_server_settings()
    registered = iago.register(event_types=["message"])
    check(
        settings.get("result") == "success"
        and settings.get("authentication_methods", {}).get("password") is True
        and settings.get("zulip_feature_level") == registered.get("zulip_feature_level")
        and settings.get("zulip_version") == registered.get("zulip_version"),
        "get_server_settings: the version and feature level register reports",
        settings,
    )
    iago.deregister(registered["queue_id"])

    me = iago.get_profile()
    check(
        me.get("result") == "success" and me.get("user_id") == IAGO[1] and me.get("email") == IAGO[0] and me.get("role") == 200 and me.get("is_admin") is True and me.get("is_owner") is False,
        "get_profile: the caller, an administrator",
        me,
    )

    listed = iago.get_users({"user_ids": [IAGO[1], OTHELLO[1]]})
    members = listed.get("members", [])
    check(
        listed.get("result") == "success" and sorted(m["user_id"] for m in members) == [IAGO[1], OTHELLO[1]],
        "get_users with user_ids: exactly those users",
        listed,
    )
    everyone = iago.get_users()
    check(
        everyone.get("result") == "success"
        and {"iago@zulip.com", "othello@zulip.com", "polonius@zulip.com"} <= {m["email"] for m in everyone["members"]}
        and all(not m["is_bot"] or m.get("bot_type") is not None for m in everyone["members"]),
        "get_users: every user, bots with their bot_type",
        everyone,
    )
    check(iago.get_members() == everyone, "get_members: the same answer as get_users", None)

    othello_seen = iago.get_user_by_id(OTHELLO[1])
    user = othello_seen.get("user", {})
    check(
        othello_seen.get("result") == "success" and user.get("full_name") == "Othello, the Moor of Venice" and user.get("role") == 400 and user.get("is_active") is True,
        "get_user_by_id: a member",
        othello_seen,
    )
    missing = iago.get_user_by_id(99999)
    check(missing.get("result") == "error" and missing.get("code") == "BAD_REQUEST" and missing.get("msg") == "No such user", "get_user_by_id: no such user", missing)

    # A user made for the purpose (the control surface, not the API), then deactivated.
    added = control("POST", "/users", {"email": "leaving@zulip.com", "full_name": "Leaving Soon"})
    refused = othello.deactivate_user_by_id(added["user_id"])
    check(refused.get("result") == "error" and refused.get("msg") == "Insufficient permission", "deactivate_user_by_id: a member may not", refused)
    check(iago.get_user_by_id(added["user_id"])["user"]["is_active"] is True, "the user is still active", None)
    deactivated = iago.deactivate_user_by_id(added["user_id"])
    check(deactivated.get("result") == "success", "deactivate_user_by_id: an administrator may", deactivated)
    check(iago.get_user_by_id(added["user_id"])["user"]["is_active"] is False, "get_user_by_id: now inactive", None)
    again = iago.deactivate_user_by_id(added["user_id"])
    check(again.get("result") == "error", "deactivate_user_by_id: not twice", again)
    gone = added["email"]
    check(gone not in {m["email"] for m in iago.get_users()["members"] if m["is_active"]}, "get_users: no longer among the active", None)

    groups = iago.get_user_groups()
    names = {g["name"]: g for g in groups.get("user_groups", [])}
    check(
        groups.get("result") == "success"
        and {"role:everyone", "role:members", "role:administrators", "role:owners"} <= set(names)
        and all(names[n]["is_system_group"] for n in ("role:everyone", "role:administrators")),
        "get_user_groups: the system groups",
        groups,
    )
    check(IAGO[1] in names["role:administrators"]["members"], "Iago is in role:administrators", names["role:administrators"])

    created = iago.create_user_group({"name": "poets", "description": "Those who write verse", "members": [IAGO[1], OTHELLO[1]]})
    check(created.get("result") == "success" and isinstance(created.get("group_id"), int), "create_user_group", created)
    poets = next((g for g in iago.get_user_groups()["user_groups"] if g["id"] == created["group_id"]), {})
    check(
        poets.get("name") == "poets" and poets.get("description") == "Those who write verse" and sorted(poets.get("members", [])) == [IAGO[1], OTHELLO[1]] and poets.get("is_system_group") is False,
        "get_user_groups: the new group and its members",
        poets,
    )
    duplicate = iago.create_user_group({"name": "poets", "description": "again", "members": [IAGO[1]]})
    check(duplicate.get("result") == "error" and duplicate.get("msg") == "User group 'poets' already exists.", "create_user_group: the name is taken", duplicate)


users_journey(URL)
print("ok")
