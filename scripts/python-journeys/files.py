"""Files through the client's own methods: upload_file (a file of arbitrary bytes, sent as the
client sends it: multipart, the field named after the file's path), send_message linking the
URL it answers, get_attachments, then downloads over plain HTTP Basic (the client has no
download method): the recipient gets the same bytes, a user who sees no linking message gets
403, a logged-out visitor the login redirect; DELETE attachments/{id}, then 404.
"""

import os
import tempfile

import requests

from common import OTHELLO, URL, check, client_for

HAMLET = ("hamlet@zulip.com", 6)
CORDELIA = ("cordelia@zulip.com", 7)

CONTENT = bytes(range(256)) + b"\r\n--not-a-boundary--\r\n" + "zulip \u2764".encode()


def download(site, client, url):
    auth = None if client is None else (client.email, client.api_key)
    return requests.get(site + url, auth=auth, allow_redirects=False, timeout=30)


def files_journey(site):
    hamlet = client_for(site, HAMLET[0])
    cordelia = client_for(site, CORDELIA[0])
    othello = client_for(site, OTHELLO[0])

    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "journey data.bin")
        with open(path, "wb") as f:
            f.write(CONTENT)
        with open(path, "rb") as f:
            uploaded = hamlet.upload_file(f)
    check(uploaded.get("result") == "success" and uploaded.get("filename") == "journey data.bin", "upload_file: the name as given", uploaded)
    url = uploaded["url"]
    check(url.startswith("/user_uploads/") and url.endswith("/journey-data.bin") and uploaded.get("uri") == url, "upload_file: the URL, the stored name sanitised", uploaded)

    mine = download(site, hamlet, url)
    check(mine.status_code == 200 and mine.content == CONTENT, "the uploader downloads the same bytes", {"status": mine.status_code, "size": len(mine.content)})
    check(download(site, cordelia, url).status_code == 403, "Cordelia may not download it yet", None)

    sent = hamlet.send_message({"type": "private", "to": [CORDELIA[0]], "content": f"[journey data.bin]({url})"})
    check(sent.get("result") == "success", "send_message linking the file to Cordelia", sent)

    hers = download(site, cordelia, url)
    check(hers.status_code == 200 and hers.content == CONTENT, "Cordelia downloads the same bytes", {"status": hers.status_code, "size": len(hers.content)})
    check(hers.headers.get("Content-Disposition") == 'attachment; filename="journey data.bin"', "served as an attachment", dict(hers.headers))
    check(download(site, othello, url).status_code == 403, "Othello, who sees no linking message, is refused", None)
    anonymous = download(site, None, url)
    check(anonymous.status_code == 302 and "/login/?next=" in anonymous.headers.get("Location", ""), "a logged-out visitor is sent to the login page", dict(anonymous.headers))

    attachments = hamlet.get_attachments()
    found = [a for a in attachments.get("attachments", []) if a["path_id"] == url[len("/user_uploads/"):]]
    check(len(found) == 1 and found[0]["message_ids"] == [sent["id"]] and found[0]["size"] == len(CONTENT), "get_attachments: the file, its message", attachments)

    removed = hamlet.call_endpoint(url=f"attachments/{found[0]['id']}", method="DELETE")
    check(removed.get("result") == "success", "DELETE attachments/{id} (call_endpoint: the client has no method for it)", removed)
    check(download(site, cordelia, url).status_code == 404, "a removed file is 404", None)


files_journey(URL)
print("ok")
