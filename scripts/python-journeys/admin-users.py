"""Administering users and user groups through the client's own methods: create_user,
update_user_by_id, deactivate_user_by_id, reactivate_user_by_id, call_endpoint for
GET /users/{email}, create_user_group, update_user_group, update_user_group_members and
remove_user_group (which the server answers with an error: groups are deactivated, never
deleted). One "ok ..." line per step.
"""

import zulip

from common import OTHELLO, URL, check, client_for, control


def admin_users_journey(site):
    # An administrator with the server administrator's can_create_users grant.
    made = control("POST", "/users", {"email": "creator@example.com", "full_name": "Creator", "role": "administrator", "can_create_users": "true"})
    admin = zulip.Client(email=made["email"], api_key=made["api_key"], site=site, client="python-client-journey")
    othello = client_for(site, OTHELLO[0])

    created = admin.create_user({"email": "newcomer@example.com", "password": "a-long-enough-passphrase", "full_name": "Newcomer"})
    check(created.get("result") == "success" and isinstance(created.get("user_id"), int), "create_user: the new user's id", created)
    new_id = created["user_id"]
    again = admin.create_user({"email": "newcomer@example.com", "password": "a-long-enough-passphrase", "full_name": "Newcomer"})
    check(again.get("result") == "error" and again.get("msg") == "Email is already in use.", "create_user again: the address is in use", again)

    by_email = othello.call_endpoint(url="users/newcomer@example.com", method="GET")
    check(by_email.get("result") == "success" and by_email["user"]["user_id"] == new_id, "GET /users/{email}: the new user", by_email)

    renamed = admin.update_user_by_id(new_id, full_name="Newcomer Renamed", role=300)
    seen = othello.get_user_by_id(new_id)
    check(
        renamed.get("result") == "success" and seen["user"]["full_name"] == "Newcomer Renamed" and seen["user"]["role"] == 300,
        "update_user_by_id: the new name and the moderator role",
        [renamed, seen],
    )
    owner = admin.update_user_by_id(new_id, role=100)
    check(owner.get("result") == "error" and owner.get("code") == "UNAUTHORIZED_PRINCIPAL", "update_user_by_id role=100 by an administrator: owners only", owner)

    check(admin.deactivate_user_by_id(new_id).get("result") == "success", "deactivate_user_by_id", None)
    back = admin.reactivate_user_by_id(new_id)
    seen = othello.get_user_by_id(new_id)
    check(back.get("result") == "success" and seen["user"]["is_active"] is True, "reactivate_user_by_id: active again", [back, seen])

    group = othello.create_user_group({"name": "journey-group", "description": "A group", "members": [OTHELLO[1]]})
    check(group.get("result") == "success", "create_user_group", group)
    group_id = group["group_id"]
    updated = othello.update_user_group({"group_id": group_id, "name": "journey-renamed", "description": "Renamed"})
    listed = [g for g in othello.get_user_groups()["user_groups"] if g["id"] == group_id]
    check(
        updated.get("result") == "success" and listed and listed[0]["name"] == "journey-renamed" and listed[0]["description"] == "Renamed",
        "update_user_group: the new name and description",
        [updated, listed],
    )
    members = othello.update_user_group_members(group_id, {"add": [new_id]})
    got = othello.call_endpoint(url=f"user_groups/{group_id}/members", method="GET")
    check(members.get("result") == "success" and sorted(got["members"]) == sorted([OTHELLO[1], new_id]), "update_user_group_members add", [members, got])
    members = othello.update_user_group_members(group_id, {"delete": [new_id]})
    got = othello.call_endpoint(url=f"user_groups/{group_id}/members/{new_id}", method="GET")
    check(members.get("result") == "success" and got.get("is_user_group_member") is False, "update_user_group_members delete", [members, got])

    removed = othello.remove_user_group(group_id)
    check(removed.get("result") == "error", "remove_user_group: DELETE is not a method of /user_groups/{id}", removed)
    deactivated = othello.call_endpoint(url=f"user_groups/{group_id}/deactivate", method="POST")
    listed = [g for g in othello.get_user_groups()["user_groups"] if g["id"] == group_id]
    check(deactivated.get("result") == "success" and listed == [], "POST /user_groups/{id}/deactivate: no longer listed", deactivated)


admin_users_journey(URL)
print("ok")
