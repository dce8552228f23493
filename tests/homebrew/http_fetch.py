#!/usr/bin/env python3
"""
http_fetch.py --url URL [--timeout S] [--loopback-up]

Asks URL with GET until it answers (a server that is still starting refuses connections) or
--timeout seconds pass, then prints the status line, the size of the body and its <title> on
stderr. Exits 0 on an answer, 1 otherwise. --loopback-up only brings up "lo" (a fresh network
namespace, `unshare -Urn`, starts with it down) and exits.
"""

import argparse
import os
import re
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ntp_server import loopback_up  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--loopback-up", action="store_true")
    args = parser.parse_args()
    if args.loopback_up:
        loopback_up()
        return 0
    deadline = time.monotonic() + args.timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(args.url, timeout=2) as reply:
                body = reply.read()
                title = re.search(rb"<title>(.*?)</title>", body)
                print(f"http_fetch: {args.url}: {reply.status} {reply.reason}, {len(body)} bytes, "
                      f"title {title.group(1).decode(errors='replace') if title else '(none)'}",
                      file=sys.stderr)
                return 0
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    print(f"http_fetch: {args.url}: no answer in {args.timeout} s", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
