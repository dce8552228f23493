#!/usr/bin/env bash
# deterministic_twice.sh NXHOST PROGRAM [FLAGS...]
# Two --deterministic runs of PROGRAM (with nxhost's FLAGS) must print the same output and the
# same count of guest instructions.
# Host-side facts are left out of the comparison: the wall time, and the LLVM tier's compile
# time and disk cache lines (the first run compiles and stores its regions, the second loads
# them; both must run the guest alike). Each run pair starts from an empty cache of its own, so
# that compiled and loaded regions are what is compared.
set -u
nxhost=$1 program=$2
shift 2
XDG_CACHE_HOME=$(mktemp -d)
export XDG_CACHE_HOME
trap 'rm -rf "$XDG_CACHE_HOME"' EXIT
run() {
  "$nxhost" run --deterministic "$@" "$program" 2>&1 |
    sed -E -e 's/, [0-9.]+ s,/,/' -e '/LLVM tier compile time: |LLVM tier cache /d'
}
first=$(run "$@")
second=$(run "$@")
echo "$first"
if [ "$first" != "$second" ]; then
  diff <(echo "$first") <(echo "$second")
  echo "FAIL: two deterministic runs differ"
  exit 1
fi
grep -Eq "[0-9]+ guest instructions" <<<"$first" || { echo "FAIL: no instruction count"; exit 1; }
