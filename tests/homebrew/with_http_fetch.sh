#!/usr/bin/env bash
# with_http_fetch.sh URL TIMEOUT COMMAND...
# Runs COMMAND (a program serving HTTP) and meanwhile asks URL until it answers (http_fetch.py
# beside this script, which prints what came back on stderr); exits with COMMAND's status, or 1
# when no answer came. Meant to run as `unshare -Urn with_http_fetch.sh ...`: in a network
# namespace of its own the program's port cannot meet another's, and nothing else is reachable.
set -u
here=$(dirname "$0")
url=$1
timeout=$2
shift 2
python3 "$here/http_fetch.py" --loopback-up || exit 1
"$@" &
program=$!
python3 "$here/http_fetch.py" --url "$url" --timeout "$timeout"
fetched=$?
wait "$program"
status=$?
[ "$fetched" -eq 0 ] || exit 1
exit "$status"
