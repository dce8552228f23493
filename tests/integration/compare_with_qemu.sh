#!/usr/bin/env bash
# compare_with_qemu.sh NXHOST QEMU BUILD_DIR NAME
# The differential test: NAME.linux under qemu-aarch64 is the reference; NAME.nro and
# NAME.exefs under nxhost (with the flags in $RUN_FLAGS) must print exactly the same.
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
done
echo "$name: $lines lines identical under qemu-aarch64 and nxhost ${RUN_FLAGS:-}(nro, exefs)"
