#!/bin/sh
# Builds triangle.c on the host and runs it under Mesa's NVK on the nouveau no-op DRM shim in a
# Debian 13 root (../../../../shared/notes/oracles.md), printing NVK's push_dump of AMPERE_B;
# then on lavapipe (the host's Vulkan), printing the picture's first row.
#   ROOT: the trixie root, made once with
#     debootstrap --variant=minbase \
#       --include=mesa-vulkan-drivers,mesa-drm-shim,vulkan-tools,libvulkan1 \
#       trixie ROOT http://deb.debian.org/debian
#   usage: capture.sh ROOT OUT_DIR   (writes OUT_DIR/push_dump.txt and OUT_DIR/lavapipe.txt)
set -eu
root=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" "$root/tmp/xdg" "$root/tmp/nvk"
spirv-as --target-env vulkan1.0 "$here/triangle_vert.spvasm" -o "$out/vert.spv"
spirv-as --target-env vulkan1.0 "$here/triangle_frag.spvasm" -o "$out/frag.spv"
{
    echo "// Assembled from triangle_vert.spvasm and triangle_frag.spvasm by capture.sh."
    for stage in vert frag; do
        name=$(echo "$stage" | sed 's/^./\U&/')
        echo "static const uint32_t kTriangle$name[] = {"
        od -An -v -tx4 "$out/$stage.spv" | sed 's/\([0-9a-f]\{8\}\)/0x\1,/g'
        echo "};"
    done
} > "$out/triangle_spirv.h"
cc -std=c11 -O1 -I"$out" -o "$out/triangle" "$here/triangle.c" -lvulkan
cp "$out/triangle" "$root/tmp/nvk/triangle"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
chroot "$root" env XDG_RUNTIME_DIR=/tmp/xdg NOUVEAU_CHIPSET=172 \
    LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libnouveau_noop_drm_shim.so \
    VK_DRIVER_FILES=/usr/share/vulkan/icd.d/nouveau_icd.json NVK_DEBUG=push_dump \
    /tmp/nvk/triangle > "$out/push_dump.txt" 2>&1 || true
VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json "$out/triangle" > "$out/lavapipe.txt"
# The 3D methods (subchannel 0) of the last push NVK dumped, the command buffer of the draw,
# each offset and name once, in the order they first come: nvk_methods.txt.
awk '/^\[0x00000000\]/{n++} {print n "\t" $0}' "$out/push_dump.txt" > "$out/numbered.txt"
last=$(tail -1 "$out/numbered.txt" | cut -f1)
awk -F'\t' -v last="$last" '$1 == last {sub(/^[^\t]*\t/, ""); print}' "$out/numbered.txt" |
    awk '/HDR/ {for (i = 1; i <= NF; i++) if ($i == "subch") sc = $(i + 1)}
         /mthd/ && sc == 0 {print "0x" toupper($2), $3}' |
    awk '!seen[$0]++' > "$out/nvk_methods.txt"
