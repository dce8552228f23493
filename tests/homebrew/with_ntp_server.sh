#!/usr/bin/env bash
# with_ntp_server.sh TIME COMMAND...
# Runs COMMAND while ntp_server.py (beside this script) answers TIME (2030-01-02T03:04:05Z) on
# 127.0.0.1:123, then stops the server; exits with COMMAND's status. The server's lines go to
# stderr with COMMAND's. Meant to run as `unshare -Urn with_ntp_server.sh ...`: in a network
# namespace of its own, port 123 (privileged, and perhaps the host's NTP daemon's) is free to
# bind, and the program reaches nothing but that loopback.
set -u
here=$(dirname "$0")
time=$1
shift
ready=$(mktemp -u "${TMPDIR:-/tmp}/nxhost-ntp-ready.XXXXXX")
python3 "$here/ntp_server.py" --port 123 --loopback-up --time "$time" --ready-file "$ready" &
server=$!
for _ in $(seq 200); do
  if [ -f "$ready" ] || ! kill -0 "$server" 2>/dev/null; then
    break
  fi
  sleep 0.05
done
if [ ! -f "$ready" ]; then
  echo "with_ntp_server.sh: the NTP server did not start" >&2
  kill "$server" 2>/dev/null
  exit 1
fi
rm -f "$ready"
"$@"
status=$?
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit "$status"
