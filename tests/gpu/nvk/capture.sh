#!/bin/sh
# Captures each case (a Vulkan program here: clear.c, triangle.c, ...) under Mesa's NVK on the
# nouveau no-op DRM shim in a Debian 13 root (../../../../shared/notes/oracles.md) and runs it
# on lavapipe (the host's Vulkan) for the reference.
#   ROOT: the trixie root, made once with
#     debootstrap --variant=minbase \
#       --include=mesa-vulkan-drivers,mesa-drm-shim,vulkan-tools,libvulkan1 \
#       trixie ROOT http://deb.debian.org/debian
#   usage: capture.sh ROOT OUT_DIR [CASE...]   (as root, for the chroot; all cases by default)
# For each CASE, in OUT_DIR:
#   CASE.nvkcap        the submissions NVK made (nvk_capture.so; nvk_capture_format.md)
#   CASE.result        "result 0xADDRESS BYTES": the GPU address of the case's result buffer
#   CASE.lavapipe.bin  the result buffer's bytes on lavapipe: the reference
#   CASE.nvk.txt, CASE.lavapipe.txt  the program's output under each
# and for the triangle push_dump.txt (NVK_DEBUG=push_dump) and nvk_methods.txt (the 3D methods
# of its last push). Copy CASE.nvkcap, CASE.result and CASE.lavapipe.bin into captures/.
set -eu
root=$1
out=$2
shift 2
cases=${*:-clear triangle copy compute indexed blend_depth texture indirect stencil formats queries}
here=$(cd "$(dirname "$0")" && pwd)
shim=/usr/lib/x86_64-linux-gnu/libnouveau_noop_drm_shim.so
mkdir -p "$out" "$root/tmp/xdg" "$root/tmp/nvk"
cc -std=c11 -O2 -Wall -Wextra -Werror -shared -fPIC -o "$out/nvk_capture.so" \
    "$here/nvk_capture.c" -ldl
cp "$out/nvk_capture.so" "$root/tmp/nvk/nvk_capture.so"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"

# Every shader here (NAME_STAGE.spvasm), assembled into shaders_spirv.h as kNameStage[].
{
    echo "// Assembled from the .spvasm files beside the cases by capture.sh."
    for source in "$here"/*.spvasm; do
        stem=$(basename "$source" .spvasm)
        spirv-as --target-env vulkan1.0 "$source" -o "$out/$stem.spv"
        name=$(echo "$stem" | awk -F_ '{for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2)}')
        echo "static const uint32_t k$name[] = {"
        od -An -v -tx4 "$out/$stem.spv" | sed 's/\([0-9a-f]\{8\}\)/0x\1,/g'
        echo "};"
    done
} > "$out/shaders_spirv.h"

nvk() {  # runs /tmp/nvk/PROGRAM in the root under NVK (AMPERE_B: NOUVEAU_CHIPSET=172, a GA10x)
    chroot "$root" env XDG_RUNTIME_DIR=/tmp/xdg NOUVEAU_CHIPSET=172 \
        VK_DRIVER_FILES=/usr/share/vulkan/icd.d/nouveau_icd.json "$@"
}

for case in $cases; do
    cc -std=c11 -O1 -I"$out" -I"$here" -o "$out/$case" "$here/$case.c" -lvulkan
    cp "$out/$case" "$root/tmp/nvk/$case"
    rm -f "$root/tmp/nvk/$case.nvkcap"
    nvk NVK_CAPTURE="/tmp/nvk/$case.nvkcap" LD_PRELOAD="/tmp/nvk/nvk_capture.so $shim" \
        "/tmp/nvk/$case" > "$out/$case.nvk.txt" 2>&1
    cp "$root/tmp/nvk/$case.nvkcap" "$out/$case.nvkcap"
    grep '^result ' "$out/$case.nvk.txt" > "$out/$case.result"
    VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json \
        "$out/$case" "$out/$case.lavapipe.bin" > "$out/$case.lavapipe.txt"
    echo "$case: $(wc -c < "$out/$case.nvkcap") bytes captured; lavapipe: $(tail -1 "$out/$case.lavapipe.txt")"
done

case " $cases " in *" triangle "*)
    nvk LD_PRELOAD="$shim" NVK_DEBUG=push_dump /tmp/nvk/triangle > "$out/push_dump.txt" 2>&1 || true
    # The 3D methods (subchannel 0) of the last push NVK dumped, the command buffer of the
    # draw, each offset and name once, in the order they first come: nvk_methods.txt.
    awk '/^\[0x00000000\]/{n++} {print n "\t" $0}' "$out/push_dump.txt" > "$out/numbered.txt"
    last=$(tail -1 "$out/numbered.txt" | cut -f1)
    awk -F'\t' -v last="$last" '$1 == last {sub(/^[^\t]*\t/, ""); print}' "$out/numbered.txt" |
        awk '/HDR/ {for (i = 1; i <= NF; i++) if ($i == "subch") sc = $(i + 1)}
             /mthd/ && sc == 0 {print "0x" toupper($2), $3}' |
        awk '!seen[$0]++' > "$out/nvk_methods.txt"
esac
