"""Linkifiers and custom profile fields through the client's own methods: add_realm_filter,
get_realm_linkifiers, remove_realm_filter, get_raw_message (a linkifier applied to a sent message and its
topic), get_realm_profile_fields, create_realm_profile_field, update_realm_profile_field,
reorder_realm_profile_fields, remove_realm_profile_field, and a user's own profile data
through call_endpoint (the client has no method for it). One "ok ..." line per step.
"""

from common import IAGO, OTHELLO, URL, check, client_for


def linkifier_journey(iago, othello):
    added = iago.add_realm_filter("#(?P<id>[0-9]+)", "https://github.com/zulip/zulip/issues/{id}")
    check(added.get("result") == "success" and isinstance(added.get("id"), int), "add_realm_filter: an id", added)
    listed = othello.get_realm_linkifiers()
    check(
        {"id": added["id"], "pattern": "#(?P<id>[0-9]+)", "url_template": "https://github.com/zulip/zulip/issues/{id}"} in listed.get("linkifiers", []),
        "get_realm_linkifiers: every member sees it",
        listed,
    )
    refused = othello.add_realm_filter("x(?P<id>[0-9]+)", "https://example.com/{id}")
    check(refused.get("code") == "UNAUTHORIZED_PRINCIPAL" and refused.get("msg") == "Must be an organization administrator", "add_realm_filter: members may not", refused)
    bad = iago.add_realm_filter("(foo", "https://example.com")
    check(bad.get("result") == "error" and bad.get("msg") == "Bad regular expression: missing ): (foo", "add_realm_filter: RE2's error for a bad pattern", bad)

    sent = othello.send_message({"type": "stream", "to": "Verona", "topic": "bug #123", "content": "see #224 today"})
    check(sent.get("result") == "success", "send_message with a linkified issue", sent)
    got = othello.get_raw_message(sent["id"])
    message = got.get("message", {})
    check(
        message.get("content") == '<p>see <a href="https://github.com/zulip/zulip/issues/224">#224</a> today</p>'
        and message.get("topic_links") == [{"url": "https://github.com/zulip/zulip/issues/123", "text": "#123"}],
        "the message links #224, its topic #123",
        message,
    )

    removed = iago.remove_realm_filter(added["id"])
    check(removed.get("result") == "success", "remove_realm_filter", removed)
    again = iago.remove_realm_filter(added["id"])
    check(again.get("msg") == "Linkifier not found.", "remove_realm_filter: gone", again)


def profile_fields_journey(iago, othello):
    created = iago.create_realm_profile_field(name="Favorite editor", field_type=3, field_data={"vim": {"text": "Vim", "order": "1"}, "emacs": {"text": "Emacs", "order": "2"}})
    check(created.get("result") == "success", "create_realm_profile_field: a select field", created)
    phone = iago.create_realm_profile_field(name="Phone", field_type=1, hint="Work phone")
    check(phone.get("result") == "success", "create_realm_profile_field: a short text field", phone)
    fields = othello.get_realm_profile_fields().get("custom_fields", [])
    check([f["id"] for f in fields][-2:] == [created["id"], phone["id"]], "get_realm_profile_fields: in creation order", fields)

    check(iago.reorder_realm_profile_fields(order=[phone["id"], created["id"]]).get("result") == "success", "reorder_realm_profile_fields")
    fields = othello.get_realm_profile_fields().get("custom_fields", [])
    check([f["id"] for f in fields] == [phone["id"], created["id"]], "get_realm_profile_fields: the new order", fields)
    check(iago.update_realm_profile_field(phone["id"], hint="Mobile").get("result") == "success", "update_realm_profile_field")

    data = [{"id": created["id"], "value": "vim"}, {"id": phone["id"], "value": "+1 555"}]
    set_ = othello.call_endpoint(url="users/me/profile_data", method="PATCH", request={"data": data})
    check(set_.get("result") == "success", "PATCH users/me/profile_data", set_)
    bad = othello.call_endpoint(url="users/me/profile_data", method="PATCH", request={"data": [{"id": created["id"], "value": "nano"}]})
    check(bad.get("msg") == "'nano' is not a valid choice for 'Favorite editor'.", "PATCH users/me/profile_data: not a choice", bad)
    user = iago.get_user_by_id(OTHELLO[1], include_custom_profile_fields=True).get("user", {})
    check(
        user.get("profile_data", {}).get(str(created["id"])) == {"value": "vim"}
        and user.get("profile_data", {}).get(str(phone["id"])) == {"value": "+1 555", "rendered_value": "<p>+1 555</p>"},
        "get_user_by_id: profile_data",
        user,
    )
    check(iago.remove_realm_profile_field(created["id"]).get("result") == "success", "remove_realm_profile_field")
    gone = iago.remove_realm_profile_field(created["id"])
    check(gone.get("msg") == f"Field id {created['id']} not found.", "remove_realm_profile_field: gone", gone)


if __name__ == "__main__":
    iago = client_for(URL, IAGO[0])
    othello = client_for(URL, OTHELLO[0])
    linkifier_journey(iago, othello)
    profile_fields_journey(iago, othello)
    print("ok")
