#!/usr/bin/env bash
# Shader translation speed on one core, cold (TranslateCompute, TranslateGraphics) and from the
# on-disk shader cache, over every kernel of tests/shader/cuda/*.cubin and the 68 nvidia-modeset
# graphics programs. Runs nx_shader_translate_bench and
# writes its output, with the machine, date, commit and command, to
# bench/results/shader_translate.md.
#
# Usage: bench/shader/run_translate.sh BUILD_DIR [ROUNDS]
set -euo pipefail
build=${1:?usage: bench/shader/run_translate.sh BUILD_DIR [ROUNDS]}
rounds=${2:-50}
root=$(cd "$(dirname "$0")/../.." && pwd)
bench="$build/tests/shader/bench_shader/nx_shader_translate_bench"
[ -x "$bench" ] || { echo "no $bench; build the nx_shader_translate_bench target first" >&2; exit 1; }
result="$root/bench/results/shader_translate.md"

# The source state is taken before the run, so that it names what was measured.
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -z "$(git -C "$root" status --porcelain -- src/shader 2>/dev/null)" ] ||
    commit="$commit (src/shader with uncommitted changes)"
output=$("$bench" --rounds "$rounds")
echo "$output"
model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
mkdir -p "$(dirname "$result")"
cat >"$result" <<REPORT
# Shader translation speed: cold and from the cache

Recorded by \`bench/shader/run_translate.sh $build $rounds\`, $(date -u '+%Y-%m-%d %H:%M UTC'),
commit $commit.

Machine: ${model:-unknown CPU}, $(nproc) cores available, load average $(cut -d' ' -f1-3 /proc/loadavg), $(uname -sr).

Workload: every kernel of every cubin in \`tests/shader/cuda/\`, translated for a desktop NVIDIA
target (32-wide subgroups, every optional feature) with 128-thread blocks. One thread. "Cold"
is \`shader::TranslateCompute\` (SASS decode, IR, passes, SPIR-V); "cached" is
\`ShaderCache::GetOrTranslate\` on a filled cache: the key (XXH3-128 of the code and state) plus
reading and checking one entry file, which the OS holds in its page cache. Each of the ROUNDS
rounds does every kernel that translates once; rates are by this thread's CPU time, of the
fastest round and over all rounds (the wall-clock rate over all rounds, which other work on the
machine slows, in brackets). Kernels that fail to translate are named with the translator's
error.

Graphics: the 34 nvidia-modeset programs of \`../shared/fixtures/nvidia-{ampere,maxwell}-graphics\`
(1 vertex, 33 fragment; NVIDIA's compiler, one GLSL source each for both encodings), translated
by \`shader::TranslateGraphics\` as their driver hands them over (the Maxwell ones with their
switch tables in bank 1) for the same target with quad operations; "cached" is the graphics key
(\`MakeGraphicsCacheKey\`) plus \`ShaderCache::LoadGraphics\`. The goal (issue 14) is 5,000
programs a second cold on one core. The SPIR-V's size and instruction count are set against the
SASS's (Ampere: 16-byte instructions; Maxwell: three in each 32-byte bundle), with the programs
that grow most and least.

Command: \`$bench --rounds $rounds\`

\`\`\`
$output
\`\`\`
REPORT
echo "wrote $result"
