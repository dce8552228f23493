# Sourced by bench/cpu/run.sh and compare_builds.sh: what both need to run and read workloads.

# Every run is pinned to one host CPU (BENCH_CPU, default the last): on a shared virtual machine
# the CPUs can differ in speed (measured here: on CPU 0 the tier's runs took 1.6x as long as on
# CPU 1, native ones 1.2x), and unpinned runs then fall on either, run to run.
BENCH_CPU=${BENCH_CPU:-$(($(nproc) - 1))}
pin=(taskset -c "$BENCH_CPU")

# work_us FILE: the work's microseconds from a workload's output (its `NAME work N us` line,
# bench/cpu/workload.h); nothing when the line is missing.
work_us() { sed -n 's/^[a-z0-9_]* work \([0-9]*\) us$/\1/p' "$1"; }

# median FILE: the median of the numbers in FILE, one a line.
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
