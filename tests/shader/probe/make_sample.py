#!/usr/bin/env python3
"""Fixed-seed SM86 words spread over every opcode's encoding space: for each key of bases.tsv
(walk_opcodes.py's legal starting points, one or more per key), the same number of words made from
its bases by

- setting one random bit-window (1 to 8 bits anywhere in [9:102)) to a random value (a third),
- setting one of the register, predicate and modifier fields to a random value (a third),
- both, plus a second random window (a third),

so that every field of every form takes many values, including ones nvdisasm calls illegal. The
words keep bits [102:128) as the base has them (neutral control bits; CUDA 11.8's nvdisasm prints
bits [102:104) as '?PMn' where 13.0 prints nothing). Usage as a module: words(count, seed); as a
script: make_sample.py COUNT SEED OUT.bin."""
import os, random, struct, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvdisasm_words as nw

HERE = os.path.dirname(os.path.abspath(__file__))
# (position, width) of the fields ptxas' encodings share (notes/sass-encoding.md).
FIELDS = [(12, 4), (16, 8), (24, 8), (32, 8), (32, 32), (38, 16), (40, 24), (54, 5), (64, 8),
          (72, 4), (72, 8), (76, 4), (77, 4), (80, 4), (81, 3), (84, 3), (87, 4), (90, 1),
          (68, 4), (73, 3)]


def bases():
    by_key = {}
    with open(os.path.join(HERE, 'bases.tsv')) as f:
        for line in f:
            if line.startswith('#'):
                continue
            key, _, word = line.rstrip('\n').split('\t')
            by_key.setdefault(int(key, 16), []).append(int(word, 16))
    return by_key


def set_bits(word, pos, width, value):
    mask = ((1 << width) - 1) << pos
    return (word & ~mask) | (value << pos & mask)


def mutate(rng, base):
    kind = rng.randrange(3)
    w = base
    if kind != 1:
        for _ in range(1 if kind == 0 else 2):
            width = rng.randint(1, 8)
            w = set_bits(w, rng.randrange(9, 102 - width + 1), width, rng.getrandbits(width))
    if kind != 0:
        pos, width = rng.choice(FIELDS)
        w = set_bits(w, pos, width, rng.getrandbits(width))
    return w


def words(count, seed):
    rng = random.Random(seed)
    by_key = bases()
    keys = sorted(by_key)
    out = []
    for n in range(count):
        key = keys[n % len(keys)]
        out.append(mutate(rng, rng.choice(by_key[key])))
    return out


if __name__ == '__main__':
    count, seed, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(path, 'wb') as f:
        for w in words(count, seed):
            f.write(struct.pack('<QQ', w & nw.MASK64, w >> 64))
