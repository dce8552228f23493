#!/usr/bin/env bash
# run_guest.sh NXHOST PROGRAM EXPECTED_STATUS PATTERN...
# Runs a guest under nxhost (with the flags in $RUN_FLAGS, the guest's arguments in
# $GUEST_ARGS); passes when its exit status is EXPECTED_STATUS and its output (stdout and
# stderr) contains every PATTERN (grep -E), and, with $MAX_SECONDS set, when it took no longer
# than that on the wall clock.
set -u
nxhost=$1 program=$2 expected=$3
shift 3
start=$(date +%s%N)
output=$("$nxhost" run ${RUN_FLAGS:-} "$program" ${GUEST_ARGS:-} 2>&1)
status=$?
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
echo "$output"
if [ -n "${MAX_SECONDS:-}" ] && [ "$elapsed_ms" -gt $((MAX_SECONDS * 1000)) ]; then
  echo "FAIL: took $elapsed_ms ms, more than $MAX_SECONDS s"
  exit 1
fi
if [ "$status" -ne "$expected" ]; then
  echo "FAIL: exit status $status, expected $expected"
  exit 1
fi
for pattern in "$@"; do
  if ! grep -Eq -- "$pattern" <<<"$output"; then
    echo "FAIL: output lacks /$pattern/"
    exit 1
  fi
done
