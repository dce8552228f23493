#!/usr/bin/env bash
# run_guest.sh NXHOST PROGRAM EXPECTED_STATUS PATTERN...
# Runs a guest under nxhost (with the flags in $RUN_FLAGS); passes when its exit status is
# EXPECTED_STATUS and its output (stdout and stderr) contains every PATTERN (grep -E).
set -u
nxhost=$1 program=$2 expected=$3
shift 3
output=$("$nxhost" run ${RUN_FLAGS:-} "$program" 2>&1)
status=$?
echo "$output"
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
