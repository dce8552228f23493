import os, struct, sys
# Graphics-only opcodes that neither fixture holds (numbers: notes/sass-encoding.md, Mesa NAK).
keys = [0x124, 0x924, 0x95b, 0x923, 0x925, 0x920, 0xb69, 0x369, 0x394, 0x396, 0x3a0, 0x99a,
        0x998, 0x99e, 0x99c, 0xb6a, 0x36a, 0xb67, 0x367, 0x96a, 0x3a2, 0x3a6, 0x3a4, 0x32b, 0x327,
        0x329]
out = sys.argv[1] if len(sys.argv) > 1 else '.probe3/bin'
os.makedirs(out, exist_ok=True)
control = 0x000fe2 << 40  # stall 1, no barriers (hi word)
bases = []
for k in keys:
    for regs in (0x00, 0xff):
        lo = k | (0x7 << 12) | (regs << 16) | (regs << 24) | (regs << 32)
        hi = regs | (0x7 << 17) | (0x7 << 23) | control  # predicate fields PT at 81 and 87
        bases.append((k, regs, lo | hi << 64))
for k, regs, base in bases:
    variants = [base]
    seen = {base}
    for pos in range(9, 105 - 3):
        if pos < 12 and pos + 4 > 9:
            pass
        for value in range(16):
            v = (base & ~(0xf << pos)) | (value << pos)
            if v not in seen:
                seen.add(v)
                variants.append(v)
    with open(f'{out}/{k:03x}_{regs:02x}.bin', 'wb') as f:
        for v in variants:
            f.write(struct.pack('<QQ', v & (2**64 - 1), v >> 64))
