#!/usr/bin/env bash
# pacing_in_window.sh NXHOST PROGRAM
# Runs PROGRAM (one that never waits for vsync) in a window on a virtual X display (Xvfb) for
# three seconds of statistics and checks that vi's pacing holds it at 60 fps there too: the
# median frame time within 0.5 ms of 16.67 ms and most vsyncs presenting a frame.
set -euo pipefail
nxhost=$1 program=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '1s stats start\n+3s stats stop\n+0s exit\n' > "$work/control.txt"
output=$(cd "$work" && xvfb-run -a -s "-screen 0 1280x720x24" \
  "$nxhost" run --window --stats stats.tsv --input control.txt "$program" 2>&1)
echo "$output" | tail -3
line=$(grep -E '^nxhost: frames: ' <<<"$output")
frames=$(sed -E 's/^nxhost: frames: ([0-9]+) frames.*/\1/' <<<"$line")
p50=$(sed -E 's/.* frame p50 ([0-9.]+) ms.*/\1/' <<<"$line")
rows=$(($(wc -l < "$work/stats.tsv") - 1))
echo "frames $frames, rows $rows, p50 $p50 ms"
[ "$rows" -eq "$frames" ] || { echo "FAIL: the TSV has $rows rows for $frames frames"; exit 1; }
[ "$frames" -ge 150 ] && [ "$frames" -le 182 ] || { echo "FAIL: $frames frames in 3 s"; exit 1; }
awk -v p50="$p50" 'BEGIN { exit !(p50 > 16.17 && p50 < 17.17) }' ||
  { echo "FAIL: frame p50 $p50 ms, not 16.67 +- 0.5"; exit 1; }
