#!/usr/bin/env bash
# Usage: nup_commands.sh NXHOST HELLO_EXEFS
set -euo pipefail
nxhost=$1
exefs=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache

fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/game/romfs/Model" "$work/game/romfs/Pack"
cp -r "$exefs" "$work/game/exefs"
echo "hello romfs" > "$work/game/romfs/Model/readme.txt"
head -c 300000 /dev/urandom > "$work/game/romfs/Model/big.bin"
# A .zs file with a dictionary id, and the dictionary pack it needs.
for i in $(seq 1 200); do
    printf 'Actor{Name: Obj_%d, Pos: [%d, %d, %d], Flags: 0x%x}\n' $i $((i*3)) $((i*7)) $((i*11)) $i \
        > "$work/sample$i"
done
zstd -q --train "$work"/sample* --dictID=4242 --maxdict=1024 -o "$work/zs.zsdic" 2> /dev/null
printf 'Actor{Name: Obj_1, Pos: [3, 7, 11], Flags: 0x1}\n' > "$work/plain.txt"
zstd -q -D "$work/zs.zsdic" "$work/plain.txt" -o "$work/game/romfs/Model/actor.txt.zs"

"$nxhost" pack --quiet "$work/game" "$work/game.nup" > /dev/null
"$nxhost" verify --quiet "$work/game.nup" | grep -q "whole" || fail "verify"
"$nxhost" info "$work/game.nup" | grep -q "romfs: 3 files" || fail "info"
"$nxhost" romfs ls "$work/game.nup" Model | grep -q "readme.txt" || fail "romfs ls"
[ "$("$nxhost" romfs cat "$work/game.nup" Model/readme.txt)" = "hello romfs" ] || fail "romfs cat"
# Without the dictionary pack, the .zs file names the dictionary it needs.
if "$nxhost" romfs cat "$work/game.nup" Model/actor.txt.zs 2> "$work/err"; then
    fail "a .zs file without its dictionary was printed"
fi
grep -q "0x1092" "$work/err" || fail "missing dictionary not named: $(cat "$work/err")"

"$nxhost" run "$work/game.nup" > "$work/run1" 2>&1 || fail "run .nup: $(cat "$work/run1")"
grep -q "Hello from an AArch64 guest" "$work/run1" || fail "run .nup: $(cat "$work/run1")"
grep -q "unpacked" "$work/run1" || fail "first run did not unpack"
# The second run reuses the cache.
"$nxhost" run "$work/game.nup" > "$work/run2" 2>&1 || fail "second run"
grep -q "unpacked" "$work/run2" && fail "second run unpacked again"

"$nxhost" unpack --quiet "$work/game.nup" "$work/out" > /dev/null
cmp "$work/out/romfs/Model/big.bin" "$work/game/romfs/Model/big.bin" || fail "unpack"

# Damage the middle of the image (inside the chunk data): verify names the file and fails.
size=$(stat -c %s "$work/game.nup")
printf '\xff\xff\xff\xff' | dd of="$work/game.nup" bs=1 seek=$((size / 2)) conv=notrunc status=none
if "$nxhost" verify --quiet "$work/game.nup" 2> "$work/err"; then
    fail "verify passed a damaged image"
fi
grep -q "damaged" "$work/err" || fail "verify did not name the damage: $(cat "$work/err")"
echo "ok"
