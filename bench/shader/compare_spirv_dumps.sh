#!/usr/bin/env bash
# Compares two folders of SPIR-V modules written by `nx_shader_translate_bench --dump-spirv`,
# byte for byte: for a change that must not alter the translator's output (a speed change),
# dump before and after and run this. Exits 1 naming every module that differs or is missing.
#
# Usage: bench/shader/compare_spirv_dumps.sh BEFORE_DIR AFTER_DIR
set -euo pipefail
before=${1:?usage: bench/shader/compare_spirv_dumps.sh BEFORE_DIR AFTER_DIR}
after=${2:?usage: bench/shader/compare_spirv_dumps.sh BEFORE_DIR AFTER_DIR}
differ=0
count=0
for path in "$before"/*.spv; do
    name=$(basename "$path")
    count=$((count + 1))
    if [ ! -f "$after/$name" ]; then
        echo "missing in $after: $name"
        differ=1
    elif ! cmp -s "$path" "$after/$name"; then
        echo "differs: $name"
        differ=1
    fi
done
for path in "$after"/*.spv; do
    [ -f "$before/$(basename "$path")" ] || { echo "only in $after: $(basename "$path")"; differ=1; }
done
[ "$count" -gt 0 ] || { echo "no modules in $before"; exit 1; }
[ "$differ" -eq 0 ] && echo "$count modules identical"
exit "$differ"
