#!/usr/bin/env bash
# save_kill.sh NXHOST SAVE_COMMITS_NRO ROUNDS
# Runs guest/service_tests/save_commits (writing and committing a save in a loop) and kills
# nxhost with SIGKILL at a random moment, ROUNDS times. After each kill the save's committed
# copy must be exactly one whole version i: /counter = i, /data = 4096 bytes of (i & 0xff),
# /odd present exactly when i is odd, nothing else; and i never goes back. A last run that
# ends by itself checks the guest continues from the committed counter.
set -u
nxhost=$1 program=$2 rounds=$3
data_home=$(mktemp -d)
trap 'rm -rf "$data_home"' EXIT
export XDG_DATA_HOME=$data_home
save=$data_home/nxhost/saves/0100000000abcd01/00000000000000010000000000000002

fail() {
  echo "FAIL (round $round): $*"
  exit 1
}

# Prints the committed version, or 0 when nothing is committed yet.
check_save() {
  [ -L "$save/current" ] || { echo 0; return; }
  local committed=$save/current
  [ -f "$committed/counter" ] || fail "committed copy without /counter"
  local i
  i=$(od -An -tu8 -N8 "$committed/counter" | tr -d ' ')
  [ -n "$i" ] || fail "empty /counter"
  [ "$(stat -c %s "$committed/data")" = 4096 ] || fail "/data is not 4096 bytes (version $i)"
  local bytes
  bytes=$(od -An -tu1 -v "$committed/data" | tr -s ' ' '\n' | sed '/^$/d' | sort -u)
  [ "$bytes" = "$((i & 255))" ] || fail "/data of version $i holds bytes $bytes"
  if ((i % 2)); then
    [ -f "$committed/odd" ] || fail "version $i lacks /odd"
  else
    [ ! -e "$committed/odd" ] || fail "version $i has /odd"
  fi
  local entries
  entries=$(ls -A "$committed" | tr '\n' ' ')
  case "$entries" in
    "counter data " | "counter data odd ") ;;
    *) fail "version $i holds: $entries" ;;
  esac
  echo "$i"
}

previous=0
for ((round = 1; round <= rounds; ++round)); do
  "$nxhost" run "$program" 0 >/dev/null 2>&1 &
  pid=$!
  sleep "0.$(printf '%03d' $((RANDOM % 400 + 20)))"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  version=$(check_save) || exit 1
  [ "$version" -ge "$previous" ] || fail "version went back from $previous to $version"
  previous=$version
done
round=final
output=$("$nxhost" run "$program" 3 2>&1) || fail "the last run failed: $output"
grep -q "save_commits: from $previous to $((previous + 3))" <<<"$output" ||
  fail "the last run did not continue from version $previous: $output"
version=$(check_save) || exit 1
[ "$version" = $((previous + 3)) ] || fail "final version $version, expected $((previous + 3))"
echo "save_kill: $rounds kills, the save was a whole committed version each time (last $previous)"
