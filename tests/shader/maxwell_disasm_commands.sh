#!/bin/sh
# nxhost shader disasm on Maxwell code: a fixture program as raw code (--arch maxwell) lists
# exactly as nvdisasm.txt does, a DKSH file out of a homebrew RomFS lists with every word
# decoded, raw code without --arch and a damaged DKSH fail with a message.
# Usage: maxwell_disasm_commands.sh NXHOST SHARED_DIR
set -eu
nxhost=$1
fixture=$2/fixtures/nvidia-maxwell-graphics
homebrew=$2/fixtures/homebrew/fizeau_2.8.1.nro
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -f "$fixture/g_maxwell_shaders.bin" ] || [ ! -f "$homebrew" ]; then
    echo "fixtures missing: skipped"
    exit 0
fi
python3 "$fixture/split.py" "$work/code" >/dev/null
"$nxhost" shader disasm --arch maxwell "$work/code/nvidia_headsurface_fragment.bin" \
    >"$work/ours.txt"
sed -n '/^\/\/--- program nvidia_headsurface_fragment$/,/^\/\/--- program/p' \
    "$fixture/nvdisasm.txt" | sed '1d;$d' >"$work/theirs.txt"
diff -u "$work/theirs.txt" "$work/ours.txt"

"$nxhost" romfs cat "$homebrew" /imgui_fsh.dksh >"$work/imgui_fsh.dksh"
"$nxhost" shader disasm "$work/imgui_fsh.dksh" >"$work/dksh.txt"
grep -q "program 0: fragment" "$work/dksh.txt"
grep -q "EXIT" "$work/dksh.txt"
if grep -q "undecoded" "$work/dksh.txt"; then
    echo "undecoded words in imgui_fsh.dksh"
    exit 1
fi

if "$nxhost" shader disasm "$work/code/nvidia_headsurface_fragment.bin" 2>"$work/err.txt"; then
    echo "raw code without --arch was accepted"
    exit 1
fi
grep -q "give --arch maxwell or --arch ampere" "$work/err.txt"
head -c 100 "$work/imgui_fsh.dksh" >"$work/short.dksh"
if "$nxhost" shader disasm "$work/short.dksh" 2>"$work/err.txt"; then
    echo "a truncated DKSH was accepted"
    exit 1
fi
grep -q "past the end of the file" "$work/err.txt"
echo "maxwell disasm commands: ok"
