#!/bin/sh
# Translated kernels on Vulkan against the same kernels native in CUDA, on one NVIDIA GPU.
# Records nothing itself; bench/results/shader_native_ratio.md holds a run's output.
#
#   sh bench/shader/gpu/run.sh TIMER [THREADS [REPEAT [TRIALS]]]
#
# TIMER: the nx_translated_timer binary (bench/shader/gpu/translated_timer.cpp), built here or
# carried to the device machine. Defaults: THREADS 262144 threads a launch, REPEAT 1000
# back-to-back launches a timing (fewer for slow kernels: the timer's repeat column, used by
# both sides), TRIALS 3 timings (the best counts). Needs nvcc, libcuda and a
# Vulkan driver for the same GPU (NXHOST_VULKAN_DEVICE picks it, e.g. NXHOST_VULKAN_DEVICE=NVIDIA).
#
# 1. Builds every tests/shader/cuda/*.cu with `nvcc -cubin -arch=$ARCH -O3` (ARCH: sm_90, the
#    H200) and tests/shader/cuda/runs/reference_runner.cu.
# 2. TIMER translates each manifest's kernel (committed sm_86 cubins) for the Vulkan device,
#    checks the manifest's own launch against the expected files, scales the launch (grid and,
#    where the kernel indexes by block, buffers and bound: see ScaleLaunch) and times it; it
#    writes the scaled launch as a manifest (--emit).
# 3. reference_runner --repeat runs that same scaled manifest natively (CUDA events).
# 4. Prints kernel | native us | translated us | ratio (translated / native), and the geometric
#    mean of the ratios; then the kernels not translated yet, with the translator's reason.
# On the device machine the image lacks the Vulkan loader, libglvnd (NVIDIA's ICD needs it),
# libfmt and libxxhash: here, `apt-get download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1
# libglx0 libgles2` into .gl/ (/work/.library/device/README.md) and copy libfmt.so.9 and
# libxxhash.so.0 into .nxlibs/ (both git-ignored through .git/info/exclude); carry .gl, .nxlibs
# and the timer binary, and start the command with
#   for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig; export LD_LIBRARY_PATH=$PWD/.nxlibs
# WORK (default /tmp/nx_native_ratio) holds the builds, scaled manifests and SPIR-V (spirv/).
# SKIP: manifest names not to time, separated by spaces (e.g. SKIP=global_atomics, whose
# contended atomics took 5 minutes on the H200); they are listed as skipped. TIMER_FLAGS: more
# options for TIMER (e.g. --assume-float-controls, an experiment: see translated_timer.cpp).
set -eu
timer=$1
threads=${2:-262144}
repeat=${3:-1000}
trials=${4:-3}
arch=${ARCH:-sm_90}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cuda=$root/tests/shader/cuda
work=${WORK:-/tmp/nx_native_ratio}
rm -rf "$work"
mkdir -p "$work/cubin" "$work/scaled" "$work/spirv" "$work/out"

for f in "$cuda"/*.cu; do
    n=$(basename "$f" .cu)
    nvcc -cubin -arch="$arch" -O3 -o "$work/cubin/$n.cubin" "$f" &
done
nvcc -O2 -std=c++17 -o "$work/reference_runner" "$cuda/runs/reference_runner.cu" -lcuda &
wait

"$timer" --runs "$cuda/runs" --threads "$threads" --repeat "$repeat" --trials "$trials" \
    --emit "$work/scaled" --spirv "$work/spirv" $(for n in ${SKIP:-}; do printf ' --skip %s' "$n"; done) ${TIMER_FLAGS:-} \
    >"$work/translated.tsv"

: >"$work/native.tsv"
awk -F'\t' '$2 == "timed" { print $1, $5 }' "$work/translated.tsv" | while read -r name n; do
    if line=$("$work/reference_runner" --repeat "$n" --trials "$trials" \
        "$work/scaled/$name.run" "$work/cubin" "$work/out" | grep '^time '); then
        printf '%s\t%s\n' "$name" "$(echo "$line" | awk '{print $3}')" >>"$work/native.tsv"
    else
        printf '%s\tfailed\n' "$name" >>"$work/native.tsv"
    fi
done

grep '^# ' "$work/translated.tsv"
echo "# native: nvcc -cubin -arch=$arch -O3, CUDA driver API, cuEventRecord around the same launches, as many (repeat column)"
awk -F'\t' '
    FNR == NR { native[$1] = $2; next }
    $2 == "timed" { rows[++n] = $0 }
    $2 != "timed" && $1 !~ /^#/ { other[++m] = $1 " (" $2 "): " $8 }
    END {
        printf "| kernel | grid x block | repeat | native us | translated us | ratio | matches GPU | note |\n"
        printf "|---|---|---:|---:|---:|---:|---|---|\n"
        logsum = 0; k = 0
        for (i = 1; i <= n; ++i) {
            split(rows[i], f, "\t")
            nat = native[f[1]]
            if (nat == "" || nat == "failed" || nat + 0 <= 0) {
                printf "| %s | %s x %s | %s | failed | %.2f | - | %s | %s |\n", f[1], f[3], f[4], f[5], f[6] / 1000, f[7], f[8]
                continue
            }
            r = f[6] / nat
            logsum += log(r); ++k
            printf "| %s | %s x %s | %s | %.3f | %.3f | %.2f | %s | %s |\n", f[1], f[3], f[4], f[5], nat / 1000, f[6] / 1000, r, f[7], f[8]
        }
        if (k > 0) printf "\ngeometric mean of the ratios (%d kernels): %.2f\n", k, exp(logsum / k)
        if (m > 0) { printf "\nnot measured:\n"; for (i = 1; i <= m; ++i) printf "- %s\n", other[i] }
    }' "$work/native.tsv" "$work/translated.tsv"
