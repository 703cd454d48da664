"""What the Python client journeys share: the server's URL (the only argument), Understudy's
control surface (through the standard library: it is not under /api/v1), the fixture's users,
and the success checks. Each other file here is one journey, run by
scripts/python-client.test.ts against its own `npm start --clock manual`; each prints "ok"
last and exits 0, or stops at the first failure.
"""

import json
import sys
import urllib.parse
import urllib.request

import zulip

URL = sys.argv[1].rstrip("/")


def control(method, path, params):
    data = urllib.parse.urlencode(params)
    if method == "GET":
        request = urllib.request.Request(f"{URL}/_understudy{path}?{data}")
    else:
        request = urllib.request.Request(f"{URL}/_understudy{path}", data=data.encode(), method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def ok(result):
    assert result["result"] == "success", result
    return result


IAGO = ("iago@zulip.com", 4)
OTHELLO = ("othello@zulip.com", 8)


class Enough(Exception):
    """Raised from call_on_each_event's callback: that loop has no other way out."""


def check(condition, what, got=None):
    if not condition:
        raise SystemExit(f"FAIL {what}: {json.dumps(got)[:600]}")
    print(f"ok {what}")


def client_for(site, email):
    """A client with the user's API key, fetched with the fixture's password."""
    body = urllib.parse.urlencode({"username": email, "password": "secret"}).encode()
    with urllib.request.urlopen(f"{site}/api/v1/fetch_api_key", data=body) as response:
        api_key = json.load(response)["api_key"]
    return zulip.Client(email=email, api_key=api_key, site=site, client="python-client-journey")
