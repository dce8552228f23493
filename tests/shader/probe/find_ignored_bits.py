#!/usr/bin/env python3
"""Finds, for every Ampere (or, with --sm53, Maxwell) instruction form, the bits nvdisasm's text does not depend on, and
writes them as src/shader/sass/ignored_bits.cpp (src/shader/maxwell/ignored_bits.cpp; the decoder accepts those bits in any value and
keeps them for the assembler; src/shader/sass/ignored_bits.h).

Base words come from a listing (run_sample.py with a seed of its own): `nx_shader_probe_check
--bases LISTING` names, for each word we decode to nvdisasm's text (or do once the bits no field
explains are cleared), its form and the bits no field of the form explains (or a Fixed field
holds). Up to BASES bases per form (drawn with a seed of the form's own) get each such bit in [0:102) flipped ([102:104) print as
'?PMn' in CUDA 11.8 and nothing in 13.0: left alone); a bit is ignored when every flipped word is
legal and prints the same clean text as its base at the same address. Usage:

    NVDISASM=... find_ignored_bits.py [--sm53] PROBE_CHECK LISTING OUT.cpp [BASES]

With --sm53, PROBE_CHECK is nx_maxwell_probe_check, LISTING a Maxwell listing
(maxwell_probe/make_sample.py with a seed of its own) and the bits flipped are the instruction's
64 (the control field stays as the base has it).

A bit ignored on the bases may matter in other words of the form (another value of a field, or
CUDA 13.0 where 11.8 made the table). After building with the table:

    find_ignored_bits.py --prune [--sm53] PROBE_CHECK OUT.cpp LISTING...

takes out of the table the ignored bits of every word of the listings (CUDA 13.0's, made on the
device machine with run_sample.py and seeds of their own) that decodes only through ignored bits
and prints or assembles otherwise than nvdisasm; build again and repeat until none is left."""
import collections, os, random, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvdisasm_words as nw

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'maxwell_probe'))
import nvdisasm as maxwell_nvdisasm

MAXWELL = '--sm53' in sys.argv
if MAXWELL:
    sys.argv.remove('--sm53')
FLIPPED_BITS = 64 if MAXWELL else 102
RANGE = (1 << FLIPPED_BITS) - 1


def read_bases(probe_check, listing):
    out = subprocess.run([probe_check, '--bases', listing], capture_output=True, text=True,
                         check=True).stdout
    forms, bases = {}, collections.defaultdict(list)
    for line in out.splitlines():
        part = line.split('\t')
        if part[0] == 'form':
            forms[int(part[1])] = (part[2], int(part[3], 16), part[4], int(part[5], 16))
        elif part[0] == 'base':
            bases[int(part[1])].append((int(part[2], 16), int(part[4], 16)))
    return forms, bases


def flip_tests(forms, bases, per_form, seed):
    """[(form, bit, base, flipped)] for up to per_form distinct bases of each form, drawn by a
    random sequence of the form's own (seeded by its mnemonic, opcode and table text), so that
    adding or changing one form leaves the other forms' bases as they were."""
    tests = []
    for form, found in sorted(bases.items()):
        mnemonic, opcode, spec = forms[form][:3]
        rng = random.Random(f'{seed} {mnemonic} {opcode:x} {spec}')
        distinct = sorted(set(found))
        rng.shuffle(distinct)
        for base, flippable in distinct[:per_form]:
            flippable &= RANGE
            for bit in range(FLIPPED_BITS):
                if flippable >> bit & 1:
                    tests.append((form, bit, base, base ^ (1 << bit)))
    return tests


def same_texts(tests, tool, group=10000):
    """The tests whose flipped word prints as its base does at the same address."""
    same = set()
    for start in range(0, len(tests), group):
        part = range(start, min(start + group, len(tests)))
        # One blob each (chunk = group): the legal flips are listed one after another, and so
        # are their bases, so each flip and its base sit at the same address.
        flipped = nw.disassemble([tests[n][3] for n in part], tool, chunk=group)
        legal = [n for n, (_, _, text) in zip(part, flipped) if text is not None]
        again = nw.disassemble([tests[n][2] for n in legal], tool, chunk=group)
        for n, (_, address, text) in zip(legal, again):
            if nw.clean(text) and (address, text) == flipped[n - start][1:]:
                same.add(n)
    return same


def maxwell_same_texts(tests):
    """Maxwell: nvdisasm lists illegal words as NOPs in place, so addresses never move. The
    Maxwell forms print nvdisasm's INVALIDn names (MUFU.INVALIDMUFUOPCODE9, ...), so a text need
    only be listed and have no '???N' value; 'clean' would drop every such base's bits."""
    def texts(words):
        return maxwell_nvdisasm.disassemble([w & nw.MASK64 for w in words],
                                            [(w >> 64) & 0x1fffff for w in words])
    flipped = texts([t[3] for t in tests])
    bases = texts([t[2] for t in tests])
    return {n for n, (a, b) in enumerate(zip(flipped, bases))
            if a is not None and '???' not in a and a == b}


def ignored_bits(tests, tool):
    same = maxwell_same_texts(tests) if MAXWELL else same_texts(tests, tool)
    verdict = {}
    for n, (form, bit, _, _) in enumerate(tests):
        verdict[form, bit] = verdict.get((form, bit), True) and n in same
    result = collections.defaultdict(int)
    for (form, bit), ignored in verdict.items():
        if ignored:
            result[form] |= 1 << bit
    return result


def cpp_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def write_table(path, forms, result, comment):
    mask = (1 << 64) - 1
    lines = []
    for form in sorted(result):
        mnemonic, opcode, spec = forms[form][:3]
        bits = result[form]
        if bits:
            lines.append(f'    {{{cpp_string(mnemonic)}, {{0x{opcode & mask:x}, 0x{opcode >> 64:x}}}, '
                     f'{cpp_string(spec)}, {{0x{bits & mask:x}, 0x{bits >> 64:x}}}}},\n')
    with open(path, 'w') as f:
        space, header, name = (('maxwell', 'maxwell/form_tables.h', 'Maxwell') if MAXWELL else
                               ('sass', 'sass/ignored_bits.h', 'Ampere'))
        f.write(f'// Generated by tests/shader/probe/find_ignored_bits.py'
                f'{" --sm53" if MAXWELL else ""}: do not edit.\n'
                f'// {comment}\n'
                f'#include "shader/{header}"\n\nnamespace shader::{space} {{\n'
                'namespace {\n\n'
                '// Mnemonic, opcode bits, table text, then the bits nvdisasm ignores (low, high).\n'
                'constexpr sass::IgnoredBits kTable[] = {\n' + ''.join(lines) + '};\n\n'
                f'}}  // namespace\n\nstd::span<const sass::IgnoredBits> {name}IgnoredBits() {{\n'
                f'    return kTable;\n}}\n\n}}  // namespace shader::{space}\n')


def prune(probe_check, out, listings):
    text = subprocess.run([probe_check, '--wrong'] + listings, capture_output=True, text=True,
                          check=True).stdout
    forms, result, wrong = {}, {}, 0
    for line in text.splitlines():
        part = line.split('\t')
        if part[0] == 'form':
            forms[int(part[1])] = (part[2], int(part[3], 16), part[4])
            if int(part[5], 16):
                result[int(part[1])] = int(part[5], 16)
        elif part[0] == 'wrong':
            result[int(part[1])] &= ~int(part[2], 16)
            wrong += 1
    with open(out) as f:
        lines = f.read().split('#include')[0].splitlines()[1:]
    header = ' '.join(line[3:].strip() for line in lines).split('; pruned')[0]
    bits = sum(bin(b).count('1') for b in result.values())
    comment = f'{header}; pruned by {len(listings)} listings: {wrong} wrong words, {bits} bits left'
    write_table(out, forms, result, comment)
    subprocess.run(['clang-format', '-i', out], check=True)
    print(comment)


def main():
    if sys.argv[1] == '--prune':
        return prune(sys.argv[2], sys.argv[3], sys.argv[4:])
    probe_check, listing, out = sys.argv[1:4]
    per_form = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    tool = nw.nvdisasm_path()
    forms, bases = read_bases(probe_check, listing)
    tests = flip_tests(forms, bases, per_form, 102)
    result = ignored_bits(tests, tool)
    bits = sum(bin(b).count('1') for b in result.values())
    comment = (f'{os.path.basename(listing)}, up to {per_form} bases a form, '
               f'nvdisasm {nw.nvdisasm_version(tool)}: {len(tests)} flipped words, '
               f'{len(result)} forms, {bits} bits')
    write_table(out, forms, result, comment)
    subprocess.run(['clang-format', '-i', out], check=True)
    print(comment)


main()
