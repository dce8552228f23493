#!/bin/sh
# Runs on the device machine (it has nvdisasm and cuobjdump): writes each cubin's disassembly
# beside it, and disassembles the probe blobs of ../probe/make_probes.py if a folder is given.
# Usage: tests/shader/cuda/make_disasm.sh CUBIN_DIR [PROBE_DIR PROBE_OUT_DIR]
set -u
cd "$1"
nvdisasm --version | tail -1 > tool_versions.txt
cuobjdump --version | tail -1 >> tool_versions.txt
for f in *.cubin; do
    b=${f%.cubin}
    nvdisasm "$f" > "$b.nvdisasm.txt" 2>&1 || echo "nvdisasm $f failed" >&2
    nvdisasm -hex "$f" > "$b.nvdisasm_hex.txt" 2>&1 || echo "nvdisasm -hex $f failed" >&2
    cuobjdump -sass "$f" > "$b.cuobjdump_sass.txt" 2>&1 || echo "cuobjdump $f failed" >&2
done
if [ $# -ge 3 ]; then
    mkdir -p "$3"
    for f in "$2"/*.bin; do
        b=$(basename "$f" .bin)
        nvdisasm -b SM86 -hex "$f" > "$3/$b.txt" 2> "$3/$b.err" || echo "rc $? $b" >> "$3/failures.txt"
    done
fi
