#!/usr/bin/env python3
"""The long comparison with nvdisasm (README.md): WORDS words (default 10 million) chosen per
opcode as make_sample.py chooses them, from SEED, disassembled by nvdisasm and compared with
nxhost by nx_maxwell_probe_check, a million at a time.
Usage: NVDISASM=... sweep.py CHECKER [WORDS] [SEED]"""
import collections
import os
import random
import re
import subprocess
import sys
import tempfile

import make_sample
import nvdisasm

CHUNK = 1_000_000


def main():
    checker = sys.argv[1]
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 5353
    rng = random.Random(seed)
    opcodes = make_sample.opcode_map(rng)
    names = sorted(opcodes)
    sums = collections.Counter()
    rejected, mismatched = collections.Counter(), collections.Counter()
    examples = {}
    made = 0
    while made < total:
        count = min(CHUNK, total - made)
        words = []
        per = count // len(names) + 1
        for name in names:
            words += make_sample.words_for(opcodes[name], per, rng)
        words = words[:count]
        controls = [make_sample.control(rng) for _ in words]
        texts = nvdisasm.disassemble(words, controls)
        with tempfile.NamedTemporaryFile('w', suffix='.tsv', delete=False) as out:
            for i, (word, ctl, text) in enumerate(zip(words, controls, texts)):
                if text is not None:
                    out.write(f'{word:016x}\t{ctl:06x}\t{nvdisasm.listing_address(i):x}\t{text}\n')
            path = out.name
        report = subprocess.run([checker, path], capture_output=True, text=True).stdout
        os.unlink(path)
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
        made += count
        sums['words'] += count
        print(f'{made} words: {dict(sums)}', flush=True)
    print(f'{sums["words"]} words, {sums["listed"]} listed by nvdisasm, {sums["decoded"]} decoded '
          f'by nxhost, {sums["matched"]} with nvdisasm\'s text, {sums["assembled"]} assembled back')
    print('disagreeing forms:', dict(mismatched) or 'none')
    for name, number in mismatched.most_common():
        print(f'  {name} {number}: {examples[(id(mismatched), name)]}')
    print('rejected words by nvdisasm mnemonic:', ', '.join(
        f'{name} {number}' for name, number in rejected.most_common()))


if __name__ == '__main__':
    main()
