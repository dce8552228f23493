#!/usr/bin/env python3
"""Builds the committed probe sample: Maxwell words chosen per opcode over its encoding space,
with nvdisasm 11.8's text (README.md). Usage: NVDISASM=... make_sample.py OUT.tsv [WORDS [SEED]]
(seed 53 for the committed sample; others for find_ignored_bits.py's listings)"""
import collections
import random
import sys

import nvdisasm

SEED = 53


def opcode_map(rng, pool=None):
    """Walks the top 16 bits (the opcode and some operand bits): which mnemonic nvdisasm prints
    for each, from a few words each (nvdisasm's runs through the multiprocessing pool if given)."""
    words, tops = [], []
    for top in range(1 << 16):
        for low in (0, 0x0000FF00000FFF07 & 0xFFFFFFFFFFFF | 0x70000, rng.getrandbits(48),
                    rng.getrandbits(48)):
            words.append(top << 48 | low)
            tops.append(top)
    texts = nvdisasm.disassemble(words, [nvdisasm.PLAIN_CONTROL] * len(words), pool=pool)
    by_mnemonic = collections.defaultdict(set)
    for top, text in zip(tops, texts):
        if text:
            by_mnemonic[mnemonic(text)].add(top)
    return {m: sorted(t) for m, t in by_mnemonic.items()}


def mnemonic(text):
    if text.startswith('@'):
        text = text.split(' ', 1)[1]
    return text.split(' ')[0].split('.')[0].rstrip(';')


def words_for(tops, count, rng):
    """Single 4-bit windows over a base of RZ operands and PT guard, and random operand bits."""
    base = 0xFF | 0xFF << 8 | 0x7 << 16 | 0xFF << 20 | 0xFF << 39
    out = []
    while len(out) < count:
        top = rng.choice(tops) << 48
        kind = rng.random()
        if kind < 0.4:
            pos = rng.randrange(0, 45)
            low = (base & ~(0xF << pos) | rng.getrandbits(4) << pos) & (1 << 48) - 1
        elif kind < 0.7:
            low = rng.getrandbits(48) & ~(0xF << 16) | rng.choice((0x7, 0x0, 0x8, 0xE)) << 16
        else:
            low = rng.getrandbits(48)
        out.append(top | low)
    return out


def control(rng):
    # A nonzero stall so that no two instructions are dual-issued (no braces); sometimes the
    # padding NOP's control, reuse flags, barriers and waits.
    kind = rng.random()
    if kind < 0.5:
        return nvdisasm.PLAIN_CONTROL
    if kind < 0.55:
        return 0x7E0
    value = rng.getrandbits(21)
    return value if value & 0xF else value | 1


def main():
    out_path = sys.argv[1]
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 130000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else SEED)
    opcodes = opcode_map(rng)
    per = total // len(opcodes) + 1
    words = []
    for name in sorted(opcodes):
        words += words_for(opcodes[name], per, rng)
    controls = [control(rng) for _ in words]
    texts = nvdisasm.disassemble(words, controls)
    kept = 0
    with open(out_path, 'w') as out:
        for i, (word, ctl, text) in enumerate(zip(words, controls, texts)):
            if text is not None:
                out.write(f'{word:016x}\t{ctl:06x}\t{nvdisasm.listing_address(i):x}\t{text}\n')
                kept += 1
    print(f'{len(opcodes)} mnemonics, {len(words)} words, {kept} listed by nvdisasm')


if __name__ == '__main__':
    main()
