"""One message read, Markdown rendered, a topic deleted, through the client's own methods:
get_raw_message (with and without apply_markdown, refused for a direct message of others),
render_message, and call_endpoint for POST /streams/{stream_id}/delete_topic, which the client
has no method for (one "ok ..." line per step).
"""

from common import IAGO, OTHELLO, URL, check, client_for, ok


def message_read_journey(site):
    iago = client_for(site, IAGO[0])
    othello = client_for(site, OTHELLO[0])
    hamlet_id = 6

    sent = ok(iago.send_message({"type": "stream", "to": "Verona", "topic": "python read", "content": "The **quick** fox"}))
    one = iago.get_raw_message(sent["id"])
    check(one.get("result") == "success" and one.get("raw_content") == "The **quick** fox", "get_raw_message: raw_content", one)
    message = one.get("message", {})
    check(message.get("id") == sent["id"] and message.get("content") == "<p>The <strong>quick</strong> fox</p>" and message.get("subject") == "python read", "get_raw_message: the message object, rendered", one)

    raw = othello.get_raw_message(sent["id"], apply_markdown=False)
    check(raw.get("message", {}).get("content") == "The **quick** fox" and raw["message"].get("content_type") == "text/x-markdown", "get_raw_message apply_markdown=False: raw content", raw)
    check(raw["message"].get("flags") == [], "get_raw_message: a recipient's unread flags", raw)

    dm = ok(iago.send_message({"type": "direct", "to": [hamlet_id], "content": "for Hamlet only"}))
    refused = othello.get_raw_message(dm["id"])
    check(refused.get("result") == "error" and refused.get("code") == "BAD_REQUEST" and refused.get("msg") == "Invalid message(s)", "get_raw_message: another pair's direct message is refused", refused)

    rendered = othello.render_message({"content": "Hello @**Iago**, **bold**"})
    check(rendered.get("rendered") == '<p>Hello <span class="user-mention" data-user-id="4">@Iago</span>, <strong>bold</strong></p>', "render_message: mentions and formatting", rendered)
    missing = othello.render_message({})
    check(missing.get("code") == "REQUEST_VARIABLE_MISSING" and missing.get("msg") == "Missing 'content' argument", "render_message without content", missing)

    stream_id = ok(iago.get_stream_id("Verona"))["stream_id"]
    denied = othello.call_endpoint(url=f"streams/{stream_id}/delete_topic", method="POST", request={"topic_name": "python read"})
    check(denied.get("code") == "UNAUTHORIZED_PRINCIPAL" and denied.get("msg") == "Must be an organization administrator", "delete_topic: not an administrator", denied)
    deleted = iago.call_endpoint(url=f"streams/{stream_id}/delete_topic", method="POST", request={"topic_name": "PYTHON READ"})
    check(deleted.get("result") == "success" and deleted.get("complete") is True, "delete_topic: complete", deleted)
    gone = iago.get_raw_message(sent["id"])
    check(gone.get("msg") == "Invalid message(s)", "get_raw_message after delete_topic: gone", gone)
    topics = ok(iago.get_stream_topics(stream_id))["topics"]
    check(all(t["name"].lower() != "python read" for t in topics), "get_stream_topics: the topic is gone", topics)


message_read_journey(URL)
print("ok")
