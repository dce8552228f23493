#!/usr/bin/env bash
# patched_calls.sh NXHOST GUEST_DIR
# Places a branch and a frame-step patch in guest/profile_tests/patched_calls by fingerprints
# `nxhost fingerprint` takes from its ELF, then checks what the patched calls answer: the
# replacement's 2, and the frame ratio of a game whose base rate is 30 (0.5 at the console's
# 60 Hz before any frame is shown) and of one whose base is 60 under --fps-target 30 (2.0).
set -eu
nxhost=$1 guest_dir=$2
profiles=$(mktemp -d)
trap 'rm -rf "$profiles"' EXIT
folder=$profiles/nro/patched_calls
mkdir -p "$folder"
fingerprint() { "$nxhost" fingerprint "$guest_dir/patched_calls.elf" "$1"; }
original=$(fingerprint OriginalAnswer)
replacement=$(fingerprint ReplacementAnswer)
ratio=$(fingerprint FrameRatio)

check() {  # check BASE EXPECTED_RATIO FLAGS...
  local base=$1 expected=$2
  shift 2
  printf '%s\tbranch\t%s\t# OriginalAnswer\n%s\tframe-step\t%s\t# FrameRatio\n' \
    "$original" "$replacement" "$ratio" "$base" >"$folder/patches.tsv"
  local output
  output=$("$nxhost" run --profiles "$profiles" "$@" "$guest_dir/patched_calls.nro" 2>&1) || {
    echo "$output"
    echo "FAIL: the run failed"
    exit 1
  }
  echo "$output"
  for pattern in "patch: $original \\(OriginalAnswer\\) found at patched_calls\\+0x[0-9a-f]+ \\(0x[0-9a-f]+\\), branches to patched_calls\\+0x" \
                 "patch: $ratio \\(FrameRatio\\) found at .*returns the host's frame step in frames at $base a second" \
                 "^answer 2$" "^frame ratio x1000 $expected$"; do
    if ! grep -Eq -- "$pattern" <<<"$output"; then
      echo "FAIL: output lacks /$pattern/"
      exit 1
    fi
  done
}
check 30 500
check 60 2000 --fps-target 30
echo "PASS"
