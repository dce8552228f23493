#!/usr/bin/env bash
# bench/kernel/run.sh BUILD_DIR [REPETITIONS]
# Runs the kernel benchmark (bench/kernel/kernel_bench.c) under nxhost and natively, alternately
# REPETITIONS times (default 3) so that machine load hits both alike, keeps the median of each
# measurement, prints a table with the ratios nxhost/native and writes it, with the machine,
# date and command, to bench/results/kernel.md.
set -euo pipefail
build=${1:?usage: bench/kernel/run.sh BUILD_DIR [REPETITIONS]}
repetitions=${2:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
nxhost="$build/src/app/nxhost"
guest="$build/bench/kernel_bench.nro"
native="$build/bench/kernel_bench.native"
result="$root/bench/results/kernel.md"
measurements=(kernel_call mutex_uncontended mutex_hand_off wake_up_latency)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for required in "$nxhost" "$guest" "$native"; do
  if [ ! -e "$required" ]; then
    echo "missing $required: build first (make build)" >&2
    exit 1
  fi
done

# run_once KIND: appends each "bench NAME VALUE" line's VALUE to $work/KIND.NAME.
run_once() {
  local kind=$1
  local -a command=("$native")
  [ "$kind" = nxhost ] && command=("$nxhost" run "$guest")
  if ! "${command[@]}" >"$work/out" 2>"$work/err"; then
    cat "$work/out" "$work/err" >&2
    echo "FAIL: $kind kernel_bench exited with an error" >&2
    exit 1
  fi
  for name in "${measurements[@]}"; do
    if ! awk -v n="$name" '$1 == "bench" && $2 == n { print $3; found = 1 } END { exit !found }' \
      "$work/out" >>"$work/$kind.$name"; then
      echo "FAIL: $kind kernel_bench printed no $name" >&2
      exit 1
    fi
  done
}

median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((i = 0; i < repetitions; ++i)); do
  run_once native
  run_once nxhost
done

describe() {
  case $1 in
    kernel_call) echo "kernel call round trip (svcGetThreadPriority / syscall(SYS_getpriority))" ;;
    mutex_uncontended) echo "uncontended mutex lock + unlock (GuestMutex / pthread_mutex)" ;;
    mutex_hand_off) echo "contended hand-off, 2 threads on 2 cores (mutex + condition variable)" ;;
    wake_up_latency) echo "wake-up latency, event signal → waiter running on another core" ;;
  esac
}

rows=""
for name in "${measurements[@]}"; do
  n=$(median "$work/native.$name")
  x=$(median "$work/nxhost.$name")
  row=$(awk -v d="$(describe "$name")" -v n="$n" -v x="$x" 'BEGIN {
    printf "| %s | %.1f | %.0f | %.1f | %.0f | %.2f |", d, n, 1e9 / n, x, 1e9 / x, x / n }')
  rows+="$row"$'\n'
done
table="| measurement | native ns/op | native ops/s | nxhost ns/op | nxhost ops/s | nxhost/native |
|---|---|---|---|---|---|
${rows}"
echo "$table"

model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
mkdir -p "$(dirname "$result")"
cat >"$result" <<REPORT
# Kernel benchmark: nxhost against host pthreads

Recorded by \`bench/kernel/run.sh $build $repetitions\` (\`make bench\`), $(date -u '+%Y-%m-%d %H:%M UTC'),
commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown).

Machine: ${model:-unknown CPU}, $(nproc) cores available, $(uname -sr); load average
before the runs: $load_before (other work shares this machine).

The same C source, \`bench/kernel/kernel_bench.c\`, built as an nxhost guest (Horizon's SVCs,
the guest runtime's GuestMutex / GuestCondition, events; nxhost's default 3 emulated cores) and
as a native x86_64 program (Linux system calls, pthreads); the platform layers are
\`bench/kernel/platform_{horizon,native}.c\`. Each program takes the median of 5 timings of
every measurement; the table shows the median over $repetitions runs of each program, run
alternately. The guest times with its 19.2 MHz counter (52 ns a tick); the wake-up latency is
the median over 1000 wake-ups, each after the signaller slept 50 µs so that the waiter was
blocked, and includes the guest's svcResetSignal after the wait returns. nxhost/native is a
ratio of times (above 1: nxhost slower).

$table
REPORT
echo "written to $result"
