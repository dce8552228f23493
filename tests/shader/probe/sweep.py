#!/usr/bin/env python3
"""The large sweep, by name (not in the default test run): COUNT words (10,000,000 by default)
made as make_sample.py makes the CI sample but from another seed, disassembled by $NVDISASM in
chunks, each chunk compared with our decoder, printer and assembler by nx_shader_probe_check.
Prints agreement by opcode key and mnemonic. Usage:

    NVDISASM=/path/to/nvdisasm sweep.py PROBE_CHECK [COUNT [SEED [CHUNK]]]

PROBE_CHECK is the built tool (build/tests/shader/nx_shader_probe_check)."""
import collections, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_sample
import nvdisasm_words as nw

COLUMNS = ('words', 'illegal', 'clean', 'decoded', 'matched', 'assembled', 'rejected', 'ignored',
           'wrong')


def main():
    checker = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    chunk = int(sys.argv[4]) if len(sys.argv) > 4 else 200_000
    tool = nw.nvdisasm_path()
    totals = collections.defaultdict(lambda: [0] * len(COLUMNS))
    problems = collections.defaultdict(list)
    examples = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, 'chunk.tsv')
        for n, start in enumerate(range(0, count, chunk)):
            words = make_sample.words(min(chunk, count - start), seed * 1_000_003 + n)
            nw.write_listing(path, nw.disassemble(words, tool))
            out = subprocess.run([checker, path], capture_output=True, text=True, check=True)
            name = None
            for line in out.stdout.splitlines():
                if line.startswith('    '):
                    problem = line.strip()
                    # Wrong words first, then examples of words no form explains.
                    kind = examples if problem.startswith('no form:') else problems
                    if len(kind[name]) < 3:
                        kind[name].append(problem)
                    continue
                fields = line.split('\t')
                name = fields[0]
                totals[name] = [t + int(v) for t, v in zip(totals[name], fields[1:])]
            all_ = totals['all']
            print(f'{start + len(words)} words: {all_[2]} clean, {all_[3]} decode, '
                  f'{all_[4]} match, {all_[6]} rejected, {all_[7]} ignored bits, {all_[8]} wrong', file=sys.stderr)
    print('key mnemonic\t' + '\t'.join(COLUMNS))
    for name, values in sorted(totals.items()):
        if name != 'all':
            print(name + '\t' + '\t'.join(map(str, values)))
            for p in problems[name] + examples[name]:
                print('    ' + p)
    print('all\t' + '\t'.join(map(str, totals['all'])))
    print(f'nvdisasm {nw.nvdisasm_version(tool)}, {count} words, seed {seed}')


main()
