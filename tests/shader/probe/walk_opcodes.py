#!/usr/bin/env python3
"""Walks the SM86 encoding space with nvdisasm: which opcode keys (bits [0:12) and bit 91, as the
tables key them) it accepts and what forms each has. Usage:

    NVDISASM=/path/to/nvdisasm walk_opcodes.py OUT_DIR

1. For every one of the 8192 keys, a few base words with registers and predicates at neutral
   values (all zero; registers RZ and predicates PT; registers R0; those with the predicate
   negations set), then random fillings of the modifier bits [72:102) for keys none of those fit,
   then each legal word with its operand form ([9:12) and bit 91) replaced by every other.
2. For up to three legal bases per key, every value of every 4-bit window over bits 12..101.
3. Words of a new shape (mnemonic and modifiers as nvdisasm prints them) found in 2 become bases
   of their own (up to three more per key), walked the same way.

Writes OUT_DIR/walk.tsv.gz (the compact listing of nvdisasm_words.py) and OUT_DIR/bases.tsv
(key, mnemonic, base word: the starting points make_sample.py mutates)."""
import collections, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvdisasm_words as nw

REGISTERS = (16, 24, 32, 64)
PREDICATES = (68, 77, 81, 84, 87)
NEGATIONS = (71, 80, 90)


def neutral_bases(key):
    def make(register, predicate, negate):
        w = nw.with_key(key, nw.CONTROL | 7 << 12)
        for pos in REGISTERS:
            w |= register << pos
        for pos in PREDICATES:
            w |= predicate << pos
        for pos in NEGATIONS:
            w |= negate << pos
        return w

    return [make(0, 0, 0), make(0xff, 7, 0), make(0, 7, 0), make(0xff, 7, 1), make(0, 7, 1)]


def windows(base, low=12, high=102):
    seen, out = {base}, []
    for pos in range(low, high - 3):
        for value in range(16):
            v = (base & ~(0xf << pos)) | value << pos
            if v not in seen:
                seen.add(v)
                out.append(v)
    return out


def shape(text):
    """'@P0 IMAD.WIDE.U32 R2, ...' -> 'IMAD.WIDE.U32': the mnemonic with its modifiers."""
    parts = text.split()
    if parts and parts[0].startswith('@'):
        parts = parts[1:]
    return parts[0].rstrip(';') if parts else ''


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    tool = nw.nvdisasm_path()
    rng = random.Random(86)
    listing = []

    # 1. Which keys have a legal word at all.
    candidates = [(k, w) for k in range(0x2000) for w in neutral_bases(k)]
    rows = nw.disassemble([w for _, w in candidates], tool)
    listing += rows
    legal = collections.defaultdict(list)
    unclean = collections.defaultdict(list)
    for w, _, text in rows:
        if nw.clean(text):
            legal[nw.key_of(w)].append((w, text))
    missing = [k for k in range(0x2000) if k not in legal]
    # Bit 91 is part of the key: the random fillings keep it clear.
    modifiers = ((1 << 30) - 1) << 72 & ~(1 << 91)
    random_words = []
    for k in missing:
        for base in neutral_bases(k)[1:3]:
            for _ in range(24):
                random_words.append(base & ~modifiers | rng.getrandbits(30) << 72 & modifiers)
    rows = nw.disassemble(random_words, tool)
    listing += rows
    for w, _, text in rows:
        if nw.clean(text):
            legal[nw.key_of(w)].append((w, text))
    # Keys that share an opcode ([0:9)) share modifiers: each legal word with its operand form
    # ([9:12) and bit 91) replaced by every other finds the forms whose neutral words are illegal.
    siblings = [nw.with_key(k & 0x1ff | form << 9, w) for k, found in sorted(legal.items())
                for w, _ in found[:2] for form in range(16) if k & ~0x1ff != form << 9]
    rows = nw.disassemble(siblings, tool)
    listing += rows
    for w, _, text in rows:
        if nw.clean(text):
            legal[nw.key_of(w)].append((w, text))
    print(f'{len(legal)} keys with a clean word', file=sys.stderr)
    # Keys whose words are all printed with a reserved value (TLD4's neutral words name no
    # dimension): their legal words are bases too, so that the windows find the clean ones.
    for w, _, text in listing:
        k = nw.key_of(w)
        if text is not None and k not in legal and len(unclean[k]) < 2:
            unclean[k].append((w, text))

    # 2 and 3. Windows over the first bases of each key, then over bases of new shapes.
    bases = {}
    for k, found in list(legal.items()) + list(unclean.items()):
        shapes = {}
        for w, text in found:
            shapes.setdefault(shape(text), (w, text))
        bases[k] = list(shapes.items())[:3]
    walked = collections.defaultdict(set)
    for round_ in range(2):
        todo = [(k, s, w) for k, items in sorted(bases.items()) for s, (w, _) in items
                if s not in walked[k]]
        words, owner = [], []
        for k, s, w in todo:
            walked[k].add(s)
            # Windows over bits 12..101 that keep the key (bit 91 included).
            variants = [v for v in windows(w) if nw.key_of(v) == k]
            words += variants
            owner += [k] * len(variants)
        print(f'round {round_ + 1}: {len(todo)} bases, {len(words)} words', file=sys.stderr)
        rows = nw.disassemble(words, tool)
        listing += rows
        if round_ == 1:
            break
        fresh = collections.defaultdict(dict)
        for k, (w, _, text) in zip(owner, rows):
            if nw.clean(text):
                s = shape(text)
                if s not in walked[k] and s not in fresh[k]:
                    fresh[k][s] = (w, text)
        for k, items in fresh.items():
            bases[k] = bases[k] + list(items.items())[:3]

    nw.write_listing(os.path.join(out, 'walk.tsv.gz'), listing,
                     [f'walk_opcodes.py, {nw.nvdisasm_version(tool)}, {len(listing)} words'])
    with open(os.path.join(out, 'bases.tsv'), 'w') as f:
        f.write('# key\tshape\tword (walk_opcodes.py: legal starting points for make_sample.py)\n')
        for k in sorted(bases):
            for s, (w, _) in bases[k]:
                f.write(f'{k:04x}\t{s}\t{w:032x}\n')
    listed = sum(1 for r in listing if nw.clean(r[2]))
    print(f'{len(listing)} words, {listed} with a clean text', file=sys.stderr)


main()
