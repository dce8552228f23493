#!/usr/bin/env bash
# bench_route.sh NXHOST PROGRAM PROFILES ROUTE
# Runs `nxhost bench PROGRAM ROUTE` twice with XDG_DATA_HOME in a folder of its own and checks
# the results file: one header, then a row a run, and the second run's change against the first.
set -u
nxhost=$1 program=$2 profiles=$3 route=$4
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
name=$(basename "$program" .nro)
results="$data/nxhost/bench/nro/$name/$route.tsv"
fail() { echo "FAIL: $*"; exit 1; }

for run in 1 2; do
  output=$(XDG_DATA_HOME="$data" "$nxhost" bench --profiles "$profiles" "$program" "$route" 2>&1)
  status=$?
  echo "$output"
  [ "$status" -eq 0 ] || fail "run $run: exit status $status"
  grep -q "route $route appended to $results" <<<"$output" || fail "run $run: no 'appended' line"
done
grep -Eq '^against [0-9T:-]+Z \(.*\): fps [0-9.]+ → [0-9.]+ \([+-][0-9.]+%\), p50 ' <<<"$output" ||
  fail "the second run does not compare itself with the first"

cat "$results"
[ "$(wc -l <"$results")" -eq 3 ] || fail "$results has not a header and two rows"
[ "$(grep -c '^date	nxhost_version	machine	frames	fps	p50_ms	p95_ms	p99_ms	over_25ms	over_33ms	longest_ms$' "$results")" -eq 1 ] ||
  fail "the header is not there once"
# Each row: a date, a version, the machine with its cores, then the numbers; the demo shows
# frames at 60 fps between 1 s and 5 s, so a row counts some.
tail -n 2 "$results" | while IFS=$'\t' read -r date version machine frames fps p50 p95 p99 over25 over33 longest; do
  [[ "$date" =~ ^20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9:]+Z$ ]] || fail "date '$date'"
  [ -n "$version" ] || fail "no version"
  [[ "$machine" =~ \([0-9]+\ cores?\)$ ]] || fail "machine '$machine'"
  [ "$frames" -gt 30 ] || fail "only $frames frames in the window"
  for number in "$fps" "$p50" "$p95" "$p99" "$longest"; do
    [[ "$number" =~ ^[0-9]+\.[0-9]+$ ]] || fail "'$number' is not a time"
  done
  [[ "$over25$over33" =~ ^[0-9]+$ ]] || fail "over counts '$over25' '$over33'"
done || exit 1
echo "PASS"
