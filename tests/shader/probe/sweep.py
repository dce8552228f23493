#!/usr/bin/env python3
"""The large sweep, by name (not in the default test run): COUNT words (10,000,000 by default)
made as make_sample.py makes the CI sample but from another seed, disassembled by $NVDISASM in
chunks, each chunk compared with our decoder, printer and assembler by nx_shader_probe_check.
Prints agreement by opcode key and mnemonic. Usage:

    NVDISASM=/path/to/nvdisasm sweep.py [--jobs N] PROBE_CHECK [COUNT [SEED [CHUNK]]]

PROBE_CHECK is the built tool (build/tests/shader/nx_shader_probe_check). --jobs N checks N
chunks at once, each with its own nvdisasm and checker processes; a chunk's words come from its
own seed and the reports are added in chunk order, so the output is the same for any N."""
import argparse, collections, multiprocessing, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_sample
import nvdisasm_words as nw

COLUMNS = ('words', 'illegal', 'clean', 'decoded', 'matched', 'assembled', 'rejected', 'ignored',
           'wrong')


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--jobs', type=int, default=1)
    parser.add_argument('checker')
    parser.add_argument('count', type=int, nargs='?', default=10_000_000)
    parser.add_argument('seed', type=int, nargs='?', default=1)
    parser.add_argument('chunk', type=int, nargs='?', default=200_000)
    return parser.parse_args()


def check_chunk(task):
    """The checker's report on chunk n: (word count, report text)."""
    checker, tool, count, seed, n = task
    words = make_sample.words(count, seed * 1_000_003 + n)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, 'chunk.tsv')
        nw.write_listing(path, nw.disassemble(words, tool))
        out = subprocess.run([checker, path], capture_output=True, text=True, check=True)
    return len(words), out.stdout


def main():
    args = arguments()
    tool = nw.nvdisasm_path()
    totals = collections.defaultdict(lambda: [0] * len(COLUMNS))
    problems = collections.defaultdict(list)
    examples = collections.defaultdict(list)
    tasks = [(args.checker, tool, min(args.chunk, args.count - start), args.seed, n)
             for n, start in enumerate(range(0, args.count, args.chunk))]
    done = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for count, report in pool.imap(check_chunk, tasks):
            name = None
            for line in report.splitlines():
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
            done += count
            all_ = totals['all']
            print(f'{done} words: {all_[2]} clean, {all_[3]} decode, '
                  f'{all_[4]} match, {all_[6]} rejected, {all_[7]} ignored bits, {all_[8]} wrong',
                  file=sys.stderr)
    print('key mnemonic\t' + '\t'.join(COLUMNS))
    for name, values in sorted(totals.items()):
        if name != 'all':
            print(name + '\t' + '\t'.join(map(str, values)))
            for p in problems[name] + examples[name]:
                print('    ' + p)
    print('all\t' + '\t'.join(map(str, totals['all'])))
    print(f'nvdisasm {nw.nvdisasm_version(tool)}, {args.count} words, seed {args.seed}')


if __name__ == "__main__":
    main()
