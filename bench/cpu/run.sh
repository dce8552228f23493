#!/usr/bin/env bash
# bench/cpu/run.sh BUILD_DIR [REPETITIONS] [MODE]
# Runs each CPU workload three ways side by side: under nxhost (NAME.nro), as an aarch64 Linux
# program under qemu-aarch64, and as a native host program. Each is run REPETITIONS times
# (default 5), interleaved so that machine load hits all three alike; the medians are kept.
# The time compared is the work's, measured by the program itself from its constructors to its
# result (bench/cpu/workload.h: the steady state, without the process's start-up); the start-up
# (the process's wall time less the work's) is reported apart. The checksums of all runs must
# agree. Prints a table and writes it, with the machine, date and command, to
# bench/results/cpu.md.
# MODE llvm instead sets nxhost with the LLVM tier (--cpu-tier2 on, its regions loaded from a
# disk cache that two runs of each workload filled first, so their compile time is left out too)
# against nxhost without it, qemu-aarch64 and native, and writes bench/results/cpu_llvm.md; a
# second table reports the compile time of every region, from one more run without the cache.
set -euo pipefail
build=${1:?usage: bench/cpu/run.sh BUILD_DIR [REPETITIONS] [llvm]}
repetitions=${2:-5}
mode=${3:-qemu}
# The workloads are single-threaded, like the qemu and native runs they are set against, so
# nxhost runs them on one emulated core unless told otherwise.
NXHOST_FLAGS=${NXHOST_FLAGS:---cores 1}
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=bench/cpu/common.sh
source "$root/bench/cpu/common.sh"
bench="$build/bench"
nxhost="$build/src/app/nxhost"
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static)
workloads=(crc32 sort matmul sha256 interpreter calls atomic_lse atomic_llsc)
result="$root/bench/results/cpu.md"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for required in "$nxhost" "$bench/cpu_crc32.nro" "$bench/cpu_crc32.linux" "$bench/cpu_crc32.native"; do
  if [ ! -e "$required" ]; then
    echo "missing $required: build first (make build)" >&2
    exit 1
  fi
done

# run_once KIND WORKLOAD: appends the work's milliseconds to $work/KIND.WORKLOAD.times, the
# start-up's (the process's wall time less the work's) to $work/KIND.WORKLOAD.startup and the
# checksum line to $work/checksums.WORKLOAD.
run_once() {
  local kind=$1 workload=$2 start end work_us
  local -a command
  case $kind in
    nxhost) command=("$nxhost" run $NXHOST_FLAGS "$bench/cpu_$workload.nro") ;;
    nxhost_llvm)
      command=("$nxhost" run $NXHOST_FLAGS --cpu-tier2 on --cpu-cache "$work/cpu-cache"
        "$bench/cpu_$workload.nro")
      ;;
    nxhost_cores3) command=("$nxhost" run --cores 3 "$bench/cpu_$workload.nro") ;;
    qemu) command=("$qemu" -cpu max "$bench/cpu_$workload.linux") ;;
    native) command=("$bench/cpu_$workload.native") ;;
  esac
  start=$(date +%s%N)
  if ! "${pin[@]}" "${command[@]}" >"$work/out" 2>"$work/err"; then
    cat "$work/err" >&2
    echo "FAIL: $kind $workload exited with an error" >&2
    exit 1
  fi
  end=$(date +%s%N)
  work_us=$(work_us "$work/out")
  if [ -z "$work_us" ]; then
    echo "FAIL: $kind $workload printed no work time" >&2
    exit 1
  fi
  echo $((work_us / 1000)) >>"$work/$kind.$workload.times"
  echo $(((end - start) / 1000000 - work_us / 1000)) >>"$work/$kind.$workload.startup"
  grep checksum "$work/out" >>"$work/checksums.$workload" || {
    echo "FAIL: $kind $workload printed no checksum" >&2
    exit 1
  }
}

# require_one_checksum WORKLOAD WHAT: every run of WORKLOAD so far printed the same checksum.
require_one_checksum() {
  if [ "$(sort -u "$work/checksums.$1" | wc -l)" -ne 1 ]; then
    sort "$work/checksums.$1" | uniq -c >&2
    echo "FAIL: $1 checksums differ $2" >&2
    exit 1
  fi
}

machine_line() {
  local model
  model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
  echo "Machine: ${model:-unknown CPU}, $(nproc) cores available (every run pinned to CPU $BENCH_CPU with taskset), $(uname -sr)"
}

# tier_row WORKLOAD: one run with the tier compiling everything anew (no disk cache) and its
# end-of-run log lines (NXHOST_LOG=info) as a table row: regions compiled and dropped as too
# short, the guest instructions in them, compile time, share of the run's guest instructions
# in the tier, region entries.
tier_row() {
  local log
  log=$(NXHOST_LOG=info "${pin[@]}" "$nxhost" run $NXHOST_FLAGS --cpu-tier2 on --cpu-cache off \
    "$bench/cpu_$1.nro" 2>&1 >/dev/null)
  awk -v w="$1" '
    /% in the LLVM tier/ { share = $0; sub(/.*= /, "", share); sub(/% in the LLVM tier.*/, "%", share) }
    /LLVM tier: [0-9]+ regions compiled/ {
      for (i = 1; i <= NF; ++i) {
        if ($i == "regions" && $(i + 1) == "compiled") { regions = $(i - 1); dropped = substr($(i + 2), 2) }
        if ($i == "entered") { entries = $(i + 1) }
      }
    }
    /LLVM tier compile time:/ {
      for (i = 1; i <= NF; ++i) {
        if ($i == "time:") { ms = $(i + 1) }
        if ($i == "guest" && $(i - 2) == "of") { instructions = $(i - 1) }
      }
    }
    END {
      if (regions == "") { regions = 0; dropped = 0; entries = 0; instructions = 0; ms = 0 }
      printf "| %s | %d (%d) | %d | %.0f | %.0f | %s | %d |", w, regions, dropped, instructions, ms,
        regions ? ms / regions : 0, share == "" ? "0.0%" : share, entries }' <<<"$log"
}

if [ "$mode" = llvm ]; then
  result="$root/bench/results/cpu_llvm.md"
  rows=""
  tier_rows=""
  for workload in "${workloads[@]}"; do
    run_once nxhost_llvm "$workload"  # fill the tier's cache (twice: a region still compiling
    run_once nxhost_llvm "$workload"  # when a run ends is not stored); not counted
    rm "$work/nxhost_llvm.$workload.times" "$work/nxhost_llvm.$workload.startup"
    for ((i = 0; i < repetitions; ++i)); do
      for kind in native qemu nxhost nxhost_llvm; do
        run_once "$kind" "$workload"
      done
    done
    require_one_checksum "$workload" "between the builds and tiers"
    native=$(median "$work/native.$workload.times")
    qemu_time=$(median "$work/qemu.$workload.times")
    nx=$(median "$work/nxhost.$workload.times")
    llvm=$(median "$work/nxhost_llvm.$workload.times")
    startup=$(median "$work/nxhost.$workload.startup")
    llvm_startup=$(median "$work/nxhost_llvm.$workload.startup")
    row=$(awk -v w="$workload" -v n="$native" -v q="$qemu_time" -v x="$nx" -v l="$llvm" \
      -v s="$startup" -v ls="$llvm_startup" 'BEGIN {
      bar = (l <= 1.5 * n) ? "yes" : "no"
      printf "| %s | %d | %d | %d | %d | %.1f | %.1f | %.2f | %.2f | %s | %d | %d |", w, n, q, x, l, x / n, l / n, l / x, l / q, bar, s, ls }')
    rows+="$row"$'\n'
    echo "$row"
    tier_rows+="$(tier_row "$workload")"$'\n'
  done
  echo "$tier_rows"
  mkdir -p "$(dirname "$result")"
  cat >"$result" <<REPORT
# CPU benchmark: nxhost with the LLVM tier against nxhost without it, qemu-user and native

Recorded by \`bench/cpu/run.sh $build $repetitions llvm\`, $(date -u '+%Y-%m-%d %H:%M UTC'),
commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown).

$(machine_line); $("$qemu" --version | head -1).

nxhost ran with \`$NXHOST_FLAGS\`, and with \`$NXHOST_FLAGS --cpu-tier2 on --cpu-cache DIR\` for the
tier's column, DIR filled by two runs of each workload first (not counted), so that the tier's
regions are loaded, not compiled. Times are the work's in steady state, measured by each program
from its constructors to its result (\`bench/cpu/workload.h\`), without the process's start-up,
which the last two columns give apart (wall time less the work's; for qemu and native it is a few
milliseconds); median of $repetitions runs per build, run interleaved; every run's checksum agreed.
The bar of issue 18 is the tier within 1.5x of native and ahead of qemu (tier/qemu below 1) on
every workload but the atomics.

| workload | native ms | qemu-aarch64 ms | nxhost ms | nxhost + LLVM tier ms | nxhost/native | tier/native | tier/nxhost | tier/qemu | tier ≤ 1.5x native | nxhost start-up ms | tier start-up ms |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}
Compile time and share per workload: one more run each with \`--cpu-tier2 on --cpu-cache off\`
(every region compiled, none loaded from the disk cache, unlike the table's tier column after
its first run) and \`NXHOST_LOG=info\`, from its end-of-run lines \`... % in the LLVM tier\`,
\`LLVM tier: N regions compiled\` and \`LLVM tier compile time\`.

| workload | regions compiled (dropped as short) | guest instructions in them | compile ms | ms per region | share in the tier | region entries |
|---|---|---|---|---|---|---|
${tier_rows}
REPORT
  echo "written to $result"
  exit 0
fi

rows=""
declare -A nxhost_ms
for workload in "${workloads[@]}"; do
  for ((i = 0; i < repetitions; ++i)); do
    for kind in native qemu nxhost; do
      run_once "$kind" "$workload"
    done
  done
  require_one_checksum "$workload" "between the builds"
  native=$(median "$work/native.$workload.times")
  qemu_time=$(median "$work/qemu.$workload.times")
  nx=$(median "$work/nxhost.$workload.times")
  nxhost_ms[$workload]=$nx
  startup=$(median "$work/nxhost.$workload.startup")
  row=$(awk -v w="$workload" -v n="$native" -v q="$qemu_time" -v x="$nx" -v s="$startup" 'BEGIN {
    bar = (x * 2 <= q) ? "yes" : "no"
    printf "| %s | %d | %d | %d | %.2f | %.1f | %s | %d |", w, n, q, x, x / q, x / n, bar, s }')
  rows+="$row"$'\n'
  echo "$row"
done

lse_cost=$(awk -v l="${nxhost_ms[atomic_lse]}" -v x="${nxhost_ms[atomic_llsc]}" 'BEGIN { printf "%.2f", l / x }')

# The atomics again with the default three cores, where LSE trampolines and LDXR/STXR must be
# atomic against other cores (one thread still does all the increments).
for workload in atomic_lse atomic_llsc; do
  for ((i = 0; i < repetitions; ++i)); do
    run_once nxhost_cores3 "$workload"
  done
  require_one_checksum "$workload" "with --cores 3"
done
lse_cores3=$(median "$work/nxhost_cores3.atomic_lse.times")
llsc_cores3=$(median "$work/nxhost_cores3.atomic_llsc.times")
lse_cost_cores3=$(awk -v l="$lse_cores3" -v x="$llsc_cores3" 'BEGIN { printf "%.2f", l / x }')
table="| workload | native ms | qemu-aarch64 ms | nxhost ms | nxhost/qemu | nxhost/native | nxhost ≥ 2x faster than qemu | nxhost start-up ms |
|---|---|---|---|---|---|---|---|
${rows}"
mkdir -p "$(dirname "$result")"
cat >"$result" <<REPORT
# CPU benchmark: nxhost against qemu-user and native

Recorded by \`bench/cpu/run.sh $build $repetitions\` (\`make bench\`), $(date -u '+%Y-%m-%d %H:%M UTC'),
commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown).

$(machine_line); $("$qemu" --version | head -1).

nxhost ran with \`$NXHOST_FLAGS\`. Times are the work's, measured by each program from its
constructors to its result (\`bench/cpu/workload.h\`): dynarmic's translation included, the
process's start-up not (nxhost's is the last column: wall time less the work's); median of
$repetitions runs per build, run interleaved; every run's checksum agreed. Ratios are of times:
nxhost/qemu below 0.5 meets the bar of issue 2.

$table
LSE against load/store-exclusive under nxhost (same count of atomic increments, see
\`bench/cpu/atomic_increment.h\`): atomic_lse / atomic_llsc = $lse_cost.
With \`--cores 3\` (the default, atomics atomic against other cores): atomic_lse $lse_cores3 ms,
atomic_llsc $llsc_cores3 ms, ratio $lse_cost_cores3.
qemu-user runs a single-threaded program's atomics as plain memory operations, and the native
build uses \`lock xadd\` for both, so those columns do not measure the same thing as nxhost's.
REPORT
echo
echo "atomic_lse / atomic_llsc under nxhost: $lse_cost; with --cores 3: $lse_cores3 / $llsc_cores3 ms = $lse_cost_cores3"
echo "written to $result"
