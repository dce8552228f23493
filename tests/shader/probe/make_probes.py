#!/usr/bin/env python3
"""Writes probe blobs for nvdisasm: for a few real instructions of each opcode (from the graphics
fixture and the CUDA cubins), every value of every 4-bit window over bits 9..104, so that one
nvdisasm run shows how each field of each instruction form is printed. Usage:
make_probes.py OUT_DIR GRAPHICS_HEX_GZ CUBIN..."""
import gzip, os, re, struct, sys

CONTROL_MASK = ((1 << 128) - 1) ^ ((1 << 105) - 1)

def graphics_words(path):
    words, lo = [], None
    for line in gzip.open(path, 'rt'):
        m = re.search(r'/\*[0-9a-f]{4}\*/.*/\* 0x([0-9a-f]{16}) \*/', line)
        if m:
            lo = int(m.group(1), 16)
            continue
        m = re.match(r'\s+/\* 0x([0-9a-f]{16}) \*/', line)
        if m and lo is not None:
            words.append(lo | int(m.group(1), 16) << 64)
            lo = None
    return words

def cubin_words(path):
    d = open(path, 'rb').read()
    shoff = struct.unpack_from('<Q', d, 0x28)[0]
    shnum, shstr = struct.unpack_from('<HH', d, 0x3c)
    secs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * 64) for i in range(shnum)]
    strtab = secs[shstr][4]
    words = []
    for s in secs:
        name = d[strtab + s[0]:d.index(b'\0', strtab + s[0])].decode()
        if name.startswith('.text.'):
            for off in range(s[4], s[4] + s[5], 16):
                lo, hi = struct.unpack_from('<QQ', d, off)
                words.append(lo | hi << 64)
    return words

def key(w):
    return (w & 0xfff) | ((w >> 91) & 1) << 12

def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    words = graphics_words(sys.argv[2])
    for c in sys.argv[3:]:
        words += cubin_words(c)
    register_fields = (0xff << 16) | (0xff << 24) | (0xff << 32) | (0xff << 64)
    bases = {}
    for w in words:
        pattern = w & ~CONTROL_MASK & ~register_fields
        group = bases.setdefault(key(w), {})
        if pattern not in group and len(group) < 3:
            group[pattern] = w
    count = 0
    for k, group in sorted(bases.items()):
        for n, base in enumerate(group.values()):
            variants = [base]
            seen = {base}
            for pos in range(9, 105 - 3):
                for value in range(16):
                    v = (base & ~(0xf << pos)) | (value << pos)
                    if v not in seen:
                        seen.add(v)
                        variants.append(v)
            with open(os.path.join(out, f'{k:04x}_{n}.bin'), 'wb') as f:
                for v in variants:
                    f.write(struct.pack('<QQ', v & (2**64 - 1), v >> 64))
            count += len(variants)
    print(len(bases), 'opcodes,', count, 'probe instructions')

main()
