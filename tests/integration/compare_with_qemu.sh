#!/usr/bin/env bash
# compare_with_qemu.sh NXHOST QEMU BUILD_DIR NAME
# The differential test: NAME.linux under qemu-aarch64 is the reference; NAME.nro and
# NAME.exefs under nxhost (with the flags in $RUN_FLAGS) must print exactly the same.
# With $MIN_TIER2_SHARE set, at least that percentage of the guest instructions must have run
# in the LLVM tier's regions (nxhost's summary line says how many did), so that a pass means
# the tier ran the program.
set -u
nxhost=$1 qemu=$2 dir=$3 name=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$qemu" -cpu max "$dir/$name.linux" >"$work/reference.txt"
reference_status=$?
if [ "$reference_status" -ne 0 ]; then
  echo "FAIL: the reference run exited with $reference_status"
  exit 1
fi
lines=$(wc -l <"$work/reference.txt")
if [ "$lines" -lt 1 ]; then
  echo "FAIL: the reference printed nothing"
  exit 1
fi
for form in nro exefs; do
  "$nxhost" run ${RUN_FLAGS:-} "$dir/$name.$form" >"$work/$form.txt" 2>"$work/$form.log"
  status=$?
  if [ "$status" -ne 0 ]; then
    cat "$work/$form.log"
    echo "FAIL: nxhost run $name.$form exited with $status"
    exit 1
  fi
  if ! diff -u "$work/reference.txt" "$work/$form.txt"; then
    echo "FAIL: $name.$form differs from qemu-aarch64's output"
    exit 1
  fi
  if [ -n "${MIN_TIER2_SHARE:-}" ]; then
    share=$(sed -n 's/.* = \([0-9.]*\)% in the LLVM tier.*/\1/p' "$work/$form.log" | tail -1)
    echo "$name.$form: ${share:-no}% of its guest instructions ran in the LLVM tier"
    if [ -z "$share" ] || ! awk -v s="$share" -v m="$MIN_TIER2_SHARE" 'BEGIN { exit !(s >= m) }'; then
      grep "guest instructions" "$work/$form.log"
      echo "FAIL: $name.$form ran less than $MIN_TIER2_SHARE% of its instructions in the LLVM tier"
      exit 1
    fi
  fi
done
echo "$name: $lines lines identical under qemu-aarch64 and nxhost ${RUN_FLAGS:-}(nro, exefs)"
