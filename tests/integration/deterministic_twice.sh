#!/usr/bin/env bash
# deterministic_twice.sh NXHOST PROGRAM [FLAGS...]
# Two --deterministic runs of PROGRAM (with nxhost's FLAGS) must print the same output and the
# same count of guest instructions.
set -u
nxhost=$1 program=$2
shift 2
first=$("$nxhost" run --deterministic "$@" "$program" 2>&1 | sed -E 's/, [0-9.]+ s,/,/')
second=$("$nxhost" run --deterministic "$@" "$program" 2>&1 | sed -E 's/, [0-9.]+ s,/,/')
echo "$first"
if [ "$first" != "$second" ]; then
  diff <(echo "$first") <(echo "$second")
  echo "FAIL: two deterministic runs differ"
  exit 1
fi
grep -Eq "[0-9]+ guest instructions" <<<"$first" || { echo "FAIL: no instruction count"; exit 1; }
