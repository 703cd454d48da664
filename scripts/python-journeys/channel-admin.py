"""Channel administration through the client's own methods: update_stream (rename,
description, privacy), get_subscribers, get_subscription_status, get_stream_email_address,
add_default_stream (and DELETE /default_streams through call_endpoint: the client has no
method for it), delete_stream, and unarchiving through update_stream (one "ok ..." line per
step).
"""

from common import IAGO, OTHELLO, URL, check, client_for, ok

HAMLET = ("hamlet@zulip.com", 6)


def channel_admin_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])
    hamlet = client_for(site, HAMLET[0])

    ok(othello.add_subscriptions([{"name": "admin journey"}], principals=[OTHELLO[1], HAMLET[1]]))
    stream_id = ok(othello.get_stream_id("admin journey"))["stream_id"]

    members = othello.get_subscribers(stream="admin journey")
    check(members.get("result") == "success" and sorted(members.get("subscribers", [])) == sorted([OTHELLO[1], HAMLET[1]]), "get_subscribers: Othello and Hamlet", members)
    status = iago.get_subscription_status(user_id=HAMLET[1], stream_id=stream_id)
    check(status.get("is_subscribed") is True, "get_subscription_status: Hamlet is subscribed", status)
    status = hamlet.get_subscription_status(user_id=IAGO[1], stream_id=stream_id)
    check(status.get("is_subscribed") is False, "get_subscription_status: Iago is not", status)
    email = hamlet.get_stream_email_address(stream_id)
    check(email.get("result") == "success" and isinstance(email.get("email"), str), "get_stream_email_address", email)

    # Othello created the channel: he administers it; Hamlet does not.
    renamed = othello.update_stream({"stream_id": stream_id, "new_name": "renamed journey", "description": "Now **renamed**"})
    check(renamed.get("result") == "success", "update_stream: the creator renames and describes it", renamed)
    stream = ok(hamlet.call_endpoint(url=f"streams/{stream_id}", method="GET"))["stream"]
    check(stream["name"] == "renamed journey" and stream["rendered_description"] == "<p>Now <strong>renamed</strong></p>", "GET /streams/{id}: the new name and description", stream)
    refused = hamlet.update_stream({"stream_id": stream_id, "new_name": "hamlet's"})
    check(refused.get("result") == "error" and refused.get("msg") == "You do not have permission to administer this channel.", "update_stream: Hamlet may not", refused)
    taken = othello.update_stream({"stream_id": stream_id, "new_name": "verona"})
    check(taken.get("code") == "CHANNEL_ALREADY_EXISTS" and taken.get("channel_name") == "verona", "update_stream: a taken name, in any case", taken)

    private = othello.update_stream({"stream_id": stream_id, "is_private": True, "history_public_to_subscribers": True})
    check(private.get("result") == "success", "update_stream: made private", private)
    hidden = iago.get_streams()["streams"]
    check(all(s["stream_id"] != stream_id for s in hidden), "get_streams: Iago, not subscribed, no longer lists it", [s["name"] for s in hidden])
    check(iago.get_subscribers(stream="renamed journey").get("result") == "error", "get_subscribers by name: Iago cannot resolve the private channel's name", None)
    check(ok(iago.call_endpoint(url=f"streams/{stream_id}/members", method="GET"))["subscribers"] == sorted([OTHELLO[1], HAMLET[1]]), "GET /streams/{id}/members: an administrator still may", None)

    public = othello.update_stream({"stream_id": stream_id, "is_private": False})
    check(public.get("result") == "success", "update_stream: public again", public)
    refused = othello.add_default_stream(stream_id)
    check(refused.get("code") == "UNAUTHORIZED_PRINCIPAL", "add_default_stream: members may not", refused)
    check(iago.add_default_stream(stream_id).get("result") == "success", "add_default_stream: Iago may", None)
    defaults = [s["stream_id"] for s in iago.get_streams(include_default=True)["streams"] if s.get("is_default")]
    check(stream_id in defaults, "get_streams include_default: it is a default channel", defaults)
    removed = iago.call_endpoint(url="default_streams", method="DELETE", request={"stream_id": stream_id})
    check(removed.get("result") == "success", "DELETE /default_streams", removed)

    archived = othello.delete_stream(stream_id)
    check(archived.get("result") == "success", "delete_stream: the creator archives it", archived)
    again = othello.delete_stream(stream_id)
    check(again.get("msg") == "Channel is already deactivated", "delete_stream: already archived", again)
    refused = othello.send_message({"type": "stream", "to": "renamed journey", "topic": "t", "content": "hi"})
    check(refused.get("result") == "error", "send_message: an archived channel takes no message", refused)
    back = othello.update_stream({"stream_id": stream_id, "is_archived": False})
    check(back.get("result") == "success", "update_stream is_archived=false: unarchived", back)
    check(ok(othello.send_message({"type": "stream", "to": "renamed journey", "topic": "t", "content": "back"}))["id"] > 0, "send_message: it takes messages again", None)


channel_admin_journey(URL)
print("ok")
