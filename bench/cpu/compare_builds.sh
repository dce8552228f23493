#!/usr/bin/env bash
# bench/cpu/compare_builds.sh REPETITIONS NXHOST_A NXHOST_B [WORKLOAD...]
# Two nxhost binaries (before and after a change to the LLVM tier) side by side: each
# workload's work time (bench/cpu/workload.h) under --cpu-tier2 on, each binary with its own
# disk cache filled by two runs first, the two interleaved REPETITIONS times with a native run,
# all pinned to one CPU (BENCH_CPU, default the last). Prints the medians and their ratios.
# Run from the project root after a build (the workloads are read from build/bench).
set -euo pipefail
repetitions=${1:?usage: compare_builds.sh REPETITIONS NXHOST_A NXHOST_B [WORKLOAD...]}
a=${2:?}
b=${3:?}
shift 3
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(crc32 sort matmul sha256 interpreter calls)
bench=${BENCH_DIR:-build/bench}
# shellcheck source=bench/cpu/common.sh
source "$(dirname "$0")/common.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# work_ms COMMAND...: the work's milliseconds that the workload printed.
work_ms() {
  "${pin[@]}" "$@" >"$work/out" 2>/dev/null
  echo $(($(work_us "$work/out") / 1000))
}

for workload in "${workloads[@]}"; do
  nro="$bench/cpu_$workload.nro"
  for side in a b; do
    binary=${!side}
    for _ in 1 2; do
      "${pin[@]}" "$binary" run --cores 1 --cpu-tier2 on --cpu-cache "$work/$side" "$nro" >/dev/null 2>&1
    done
  done
  for ((i = 0; i < repetitions; ++i)); do
    work_ms "$a" run --cores 1 --cpu-tier2 on --cpu-cache "$work/a" "$nro" >>"$work/a.$workload"
    work_ms "$b" run --cores 1 --cpu-tier2 on --cpu-cache "$work/b" "$nro" >>"$work/b.$workload"
    work_ms "$bench/cpu_$workload.native" >>"$work/native.$workload"
  done
  awk -v w="$workload" -v a="$(median "$work/a.$workload")" -v b="$(median "$work/b.$workload")" \
    -v n="$(median "$work/native.$workload")" 'BEGIN {
    printf "%-12s A %6d ms  B %6d ms  native %6d ms  A/native %.2f  B/native %.2f  B/A %.2f\n",
      w, a, b, n, a / n, b / n, b / a }'
  rm -rf "$work/a" "$work/b"
done
