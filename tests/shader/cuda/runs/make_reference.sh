#!/bin/sh
# Records the reference outputs of every launch manifest on the device machine (NVIDIA GPU,
# CUDA toolkit, driver): builds each fixture .cu for the GPU at hand (sm_90 on the H200) from the
# same source, builds reference_runner, runs every manifest 3 times into fresh buffers, checks
# that the 3 runs agree byte for byte, and writes to $OUT:
#   expected.tar.gz       the *.expected.bin files of run 1 (unpack into tests/shader/cuda/runs/)
#   reference_log.txt     GPU name, driver and CUDA versions, every launch, the comparisons
#
#   sh tests/shader/cuda/runs/make_reference.sh          # OUT=... ARCH=sm_90 (defaults)
set -u
runs=$(cd "$(dirname "$0")" && pwd)
cuda=$(dirname "$runs")
arch=${ARCH:-sm_90}
out=${OUT:?set OUT to the folder for the results}
work=$(mktemp -d)
log=$out/reference_log.txt
mkdir -p "$out" "$work/cubin" "$work/run1" "$work/run2" "$work/run3"

{
    echo "== date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "== nvidia-smi"
    nvidia-smi
    nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv
    echo "== nvcc --version"
    nvcc --version
    echo "== build: nvcc -cubin -arch=$arch -O3 (each tests/shader/cuda/*.cu)"
} >"$log" 2>&1

for f in "$cuda"/*.cu; do
    n=$(basename "$f" .cu)
    nvcc -cubin -arch="$arch" -O3 -o "$work/cubin/$n.cubin" "$f" >>"$log" 2>&1 &
done
nvcc -O2 -std=c++17 -o "$work/reference_runner" "$runs/reference_runner.cu" -lcuda >>"$log" 2>&1 &
wait
ls -l "$work/cubin" "$work/reference_runner" >>"$log" 2>&1 || { echo "build failed" >>"$log"; exit 1; }

status=0
for r in 1 2 3; do
    echo "== run $r" >>"$log"
    for m in "$runs"/*.run; do
        "$work/reference_runner" "$m" "$work/cubin" "$work/run$r" >>"$log" 2>&1 || status=1
    done
done

echo "== the 3 runs compared byte for byte" >>"$log"
for f in "$work/run1"/*; do
    n=$(basename "$f")
    for r in 2 3; do
        if ! cmp "$f" "$work/run$r/$n" >>"$log" 2>&1; then
            echo "DIFFERS between run 1 and run $r: $n" >>"$log"
            status=1
        fi
    done
done
echo "$(ls "$work/run1" | wc -l) files from each run" >>"$log"

echo "== compared with the committed expected files (where present)" >>"$log"
for f in "$work/run1"/*; do
    n=$(basename "$f")
    if [ -f "$runs/$n" ]; then
        cmp -s "$f" "$runs/$n" && echo "same: $n" >>"$log" || echo "CHANGED: $n" >>"$log"
    fi
done

tar -C "$work/run1" -czf "$out/expected.tar.gz" .
echo "== exit status $status" >>"$log"
exit $status
