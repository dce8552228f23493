#!/usr/bin/env python3
"""The long comparison with nvdisasm (README.md): WORDS words (default 10 million) chosen per
opcode as make_sample.py chooses them, from SEED, disassembled by nvdisasm and compared with
nxhost by nx_maxwell_probe_check, CHUNK words (default a million) chosen at a time.
Usage: NVDISASM=... sweep.py [--jobs N] CHECKER [WORDS [SEED [CHUNK]]]

--jobs N runs N pieces at once (a piece: the nvdisasm.CHUNK words of one nvdisasm run, with
their own nvdisasm and checker processes); the words are made in order from the one seed as
without it, so the totals are the same for any N."""
import argparse
import collections
import multiprocessing
import os
import random
import re
import subprocess
import tempfile

import make_sample
import nvdisasm


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--jobs', type=int, default=1)
    parser.add_argument('checker')
    parser.add_argument('words', type=int, nargs='?', default=10_000_000)
    parser.add_argument('seed', type=int, nargs='?', default=5353)
    parser.add_argument('chunk', type=int, nargs='?', default=1_000_000)
    return parser.parse_args()


def pieces(args, rng, opcodes):
    """(chunk number, words, controls) of each nvdisasm run, in order: the words of a chunk are
    drawn per opcode from the one random sequence, then cut into nvdisasm.CHUNK pieces (so
    each piece starts at listing address 0, as listing_address() counts)."""
    names = sorted(opcodes)
    made, number = 0, 0
    while made < args.words:
        count = min(args.chunk, args.words - made)
        words = []
        per = count // len(names) + 1
        for name in names:
            words += make_sample.words_for(opcodes[name], per, rng)
        words = words[:count]
        controls = [make_sample.control(rng) for _ in words]
        for start in range(0, count, nvdisasm.CHUNK):
            end = start + nvdisasm.CHUNK
            yield number, words[start:end], controls[start:end]
        made += count
        number += 1


def check_piece(task):
    """The checker's report on one piece: (chunk number, word count, report text)."""
    checker, (number, words, controls) = task
    texts = nvdisasm.disassemble(words, controls)
    with tempfile.NamedTemporaryFile('w', suffix='.tsv', delete=False) as out:
        for i, (word, ctl, text) in enumerate(zip(words, controls, texts)):
            if text is not None:
                out.write(f'{word:016x}\t{ctl:06x}\t{nvdisasm.listing_address(i):x}\t{text}\n')
        path = out.name
    run = subprocess.run([checker, path], capture_output=True, text=True)
    os.unlink(path)
    if run.returncode not in (0, 1):  # 1: some words disagree, which the report lists
        raise RuntimeError(f'{checker}: {run.stderr[:400]}')
    return number, len(words), run.stdout


def add_report(report, sums, rejected, mismatched, examples):
    head = re.match(r'(\d+) words nvdisasm lists: (\d+) decode, (\d+) match its text, '
                    r'(\d+) assemble back', report)
    for key, value in zip(('listed', 'decoded', 'matched', 'assembled'), head.groups()):
        sums[key] += int(value)
    kind = None
    for line in report.split('\n')[1:]:
        if line in ('disagreeing:', 'rejected:'):
            kind = mismatched if line == 'disagreeing:' else rejected
        elif line.strip() and kind is not None:
            name, number, example = line.split(None, 2)
            kind[name] += int(number)
            examples.setdefault((id(kind), name), example)


def main():
    args = arguments()
    sums = collections.Counter()
    rejected, mismatched = collections.Counter(), collections.Counter()
    examples = {}
    with multiprocessing.Pool(args.jobs) as pool:
        rng = random.Random(args.seed)
        opcodes = make_sample.opcode_map(rng, pool)
        tasks = ((args.checker, piece) for piece in pieces(args, rng, opcodes))
        last = 0
        # imap keeps the pieces' order, so the first example of each form is the same for any N.
        for number, count, report in pool.imap(check_piece, tasks):
            if number != last:
                print(f'{sums["words"]} words: {dict(sums)}', flush=True)
                last = number
            sums['words'] += count
            add_report(report, sums, rejected, mismatched, examples)
    print(f'{sums["words"]} words: {dict(sums)}', flush=True)
    print(f'{sums["words"]} words, {sums["listed"]} listed by nvdisasm, {sums["decoded"]} decoded '
          f'by nxhost, {sums["matched"]} with nvdisasm\'s text, {sums["assembled"]} assembled back')
    print('disagreeing forms:', dict(mismatched) or 'none')
    for name, number in mismatched.most_common():
        print(f'  {name} {number}: {examples[(id(mismatched), name)]}')
    print('rejected words by nvdisasm mnemonic:', ', '.join(
        f'{name} {number}' for name, number in rejected.most_common()))


if __name__ == '__main__':
    main()
