#!/usr/bin/env bash
# NUP pack/unpack/verify against tar piped through zstd -T0 at the same level, side by side on
# one generated game-like tree. Records bench/results/nup.md.
#
# Usage: bench/nup/run.sh [BUILD_DIR] [SIZE_GB] [LEVEL]
# Needs about 4 x SIZE_GB of free disk in $TMPDIR (the tree, two archives, two unpacks).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
size_gb=${2:-3}
level=${3:-3}
nxhost=$build/src/app/nxhost
[ -x "$nxhost" ] || { echo "no $nxhost; build first" >&2; exit 1; }

tmp=${TMPDIR:-/tmp}
need_kb=$(python3 -c "print(int($size_gb * 4.2e6))")
free_kb=$(df -Pk "$tmp" | awk 'NR==2 {print $4}')
if [ "$free_kb" -lt "$need_kb" ]; then
    echo "bench/nup: $tmp has $((free_kb / 1000000)) GB free, needs about $((need_kb / 1000000)) GB" >&2
    exit 1
fi
work=$(mktemp -d "$tmp/nxhost-bench-nup.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 "$here/make_tree.py" "$work/game" "$size_gb"
bytes=$(du -sb "$work/game" | cut -f1)
files=$(find "$work/game" -type f | wc -l)
sync

# Runs a command, prints its wall time in seconds.
timed() {
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}

nup_pack=$(timed "$nxhost" pack --quiet --level "$level" "$work/game" "$work/game.nup")
tar_pack=$(timed bash -c "tar -C '$work/game' -cf - . | zstd -q -T0 -$level -o '$work/game.tar.zst' && sync")
nup_verify=$(timed "$nxhost" verify --quiet "$work/game.nup")
tar_verify=$(timed zstd -q -t "$work/game.tar.zst")
nup_unpack=$(timed "$nxhost" unpack --quiet "$work/game.nup" "$work/out.nup")
mkdir -p "$work/out.tar"
tar_unpack=$(timed bash -c "zstd -q -d -c '$work/game.tar.zst' | tar -C '$work/out.tar' -xf - && sync")
diff -r -q -x .nup-unpacked "$work/game" "$work/out.nup" > /dev/null || { echo "nup unpack differs" >&2; exit 1; }
nup_size=$(stat -c %s "$work/game.nup")
tar_size=$(stat -c %s "$work/game.tar.zst")

rate() { python3 -c "print(f'{$bytes / $1 / 1e6:.0f}')"; }
ratio() { python3 -c "print(f'{$2 / $1:.2f}')"; }
table=$(cat <<TABLE
| step | nxhost NUP | tar + zstd -T0 | NUP speed-up |
|---|---|---|---|
| pack | $nup_pack s ($(rate "$nup_pack") MB/s) | $tar_pack s ($(rate "$tar_pack") MB/s) | $(ratio "$nup_pack" "$tar_pack")x |
| verify | $nup_verify s ($(rate "$nup_verify") MB/s) | $tar_verify s ($(rate "$tar_verify") MB/s) | $(ratio "$nup_verify" "$tar_verify")x |
| unpack | $nup_unpack s ($(rate "$nup_unpack") MB/s) | $tar_unpack s ($(rate "$tar_unpack") MB/s) | $(ratio "$nup_unpack" "$tar_unpack")x |
| size | $((nup_size / 1000000)) MB | $((tar_size / 1000000)) MB | |
TABLE
)
echo "$table"

mkdir -p "$root/bench/results"
{
    echo "# NUP against tar + zstd"
    echo
    echo "Recorded by \`bench/nup/run.sh $*\` on $(date -u '+%Y-%m-%d %H:%M UTC'), nxhost $(git -C "$root" rev-parse --short HEAD)."
    echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GB memory, $(df -PT "$tmp" | awk 'NR==2 {print $2}') at $tmp."
    echo
    echo "Tree: $files files, $((bytes / 1000000)) MB (bench/nup/make_tree.py: ExeFS modules, four large files of which two"
    echo "incompressible movies, the rest small files of 1-256 kB). zstd level $level on both sides; tar's"
    echo "verify is \`zstd -t\` (checksum after decompressing), NUP's checks every chunk's and every file's"
    echo "xxh3-128 after decompressing. Pack and unpack include flushing to disk on both sides (nxhost"
    echo "fsyncs, tar is followed by \`sync\`). The tree is in the page cache (written just before)."
    echo
    echo "$table"
} > "$root/bench/results/nup.md"
echo "recorded in bench/results/nup.md"
