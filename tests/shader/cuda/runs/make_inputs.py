#!/usr/bin/env python3
"""Writes the launch manifests (KERNEL.run) and their input files for the CUDA fixture kernels.

Deterministic: every input comes from fixed edge values and random.Random(seed) with a fixed
seed per kernel, so running this again rewrites byte-identical files. The expected outputs
(*.expected.bin) are not made here: make_reference.sh records them on real NVIDIA hardware.

    python3 tests/shader/cuda/runs/make_inputs.py        # writes into the folder of this file
"""
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1
NAN = float("nan")
INF = float("inf")


# ---------------------------------------------------------------------------------------------
# packing helpers
def pack(fmt, values):
    return b"".join(struct.pack("<" + fmt, v) for v in values)


def f32bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f64bits(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def i32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def fill(edges, n, rand):
    """The edge values first (cut to n), then rand() until n values."""
    out = list(edges[:n])
    while len(out) < n:
        out.append(rand())
    return out


def packf32(values):
    # floats given as Python floats, or as ('bits', 0x...) for exact NaN payloads
    out = b""
    for v in values:
        if isinstance(v, tuple):
            out += struct.pack("<I", v[1])
        else:
            out += struct.pack("<f", v)
    return out


def packf64(values):
    out = b""
    for v in values:
        if isinstance(v, tuple):
            out += struct.pack("<Q", v[1])
        else:
            out += struct.pack("<d", v)
    return out


def f16_to_float(h):
    s = -1.0 if h & 0x8000 else 1.0
    e = (h >> 10) & 0x1F
    m = h & 0x3FF
    if e == 0:
        return s * m * 2.0 ** -24
    if e == 31:
        return s * INF if m == 0 else NAN
    return s * (1 + m / 1024.0) * 2.0 ** (e - 15)


def bf16_to_float(h):
    return struct.unpack("<f", struct.pack("<I", h << 16))[0]


# ---------------------------------------------------------------------------------------------
# edge values
I32_EDGES = [0, 1, -1, INT_MIN, INT_MAX, 2, -2, 3, -3, 5, 6, -5, 7, 31, 32, 33, 63, 64, 65,
             i32(0x55555555), i32(0xAAAAAAAA), i32(0x80000001), 0xFFFF, 0x10000, 12345, -12345,
             255, 256, 127, 128, -128, -129, 0x7FFF, 0x8000, -0x8000, -0x8001, 1000000007,
             -1000000007, 46341, -46341, 65535 * 65537 - (1 << 32), 10, 100, -100, 9, 11]

F32_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 0.3, -0.7, INF, -INF,
             ("bits", 0x7FC00000), ("bits", 0xFFC00001), ("bits", 0x7F800001),
             f32bits(0x00000001), -f32bits(0x00000001), f32bits(0x007FFFFF), f32bits(0x00800000),
             f32bits(0x7F7FFFFF), -f32bits(0x7F7FFFFF), 2147483648.0, -2147483904.0, 2147483520.0,
             4294967296.0, 4294967040.0, 16777216.0, 16777215.0, 1e10, -1e10, 0.49999997,
             8388607.5, -8388607.5, 65504.0, 65520.0, 65519.0, 6e-8, 1e-5, 3.0e38, 1e-38,
             9.2233720368547758e18, -9.2233720368547758e18, 1.8446744e19, 100.0, -3.75, 7.999999,
             1.0000001, 0.99999994, 2.0 ** -14, 2.0 ** -25, 3.0 * 2.0 ** -26, 1.0 / 3.0, -1.0 / 3.0]

F64_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -2.5, 3.5, 0.1, -0.7, INF, -INF,
             ("bits", 0x7FF8000000000000), ("bits", 0xFFF8000000000001),
             f64bits(1), -f64bits(1), f64bits(0x000FFFFFFFFFFFFF), f64bits(0x0010000000000000),
             f64bits(0x7FEFFFFFFFFFFFFF), -f64bits(0x7FEFFFFFFFFFFFFF), 2147483647.5,
             2147483648.0, -2147483648.5, -2147483649.0, 4294967295.9, 4294967296.0,
             1.8446744073709552e19, 9.2233720368547758e18, -9.2233720368547758e18, 1e300, 1e-300,
             3.4028235677973366e38, 3.4028236e38, 1.401298464324817e-45, 7.006492321624085e-46,
             1.0 + 2.0 ** -52, 1.0 + 2.0 ** -24, 1.0 + 3 * 2.0 ** -25, 1e16, -1e16, 100.0, 4.0]


def rand_i32(rng):
    r = rng.random()
    if r < 0.4:
        return i32(rng.getrandbits(32))
    if r < 0.8:
        return rng.randint(-1000, 1000)
    return i32((1 << rng.randint(0, 31)) * rng.choice([1, -1]))


def rand_f32(rng):
    r = rng.random()
    if r < 0.5:
        return struct.unpack("<f", struct.pack("<f", rng.uniform(-100, 100)))[0]
    if r < 0.8:
        return struct.unpack("<f", struct.pack("<f", rng.uniform(-1, 1) * 2.0 ** rng.randint(-60, 60)))[0]
    # any finite bit pattern
    while True:
        b = rng.getrandbits(32)
        if (b >> 23) & 0xFF != 0xFF:
            return f32bits(b)


def rand_f64(rng):
    r = rng.random()
    if r < 0.5:
        return rng.uniform(-1000, 1000)
    if r < 0.8:
        return rng.uniform(-1, 1) * 2.0 ** rng.randint(-200, 200)
    while True:
        b = rng.getrandbits(64)
        if (b >> 52) & 0x7FF != 0x7FF:
            return f64bits(b)


def to_f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


# ---------------------------------------------------------------------------------------------
# manifests
class Launch:
    def __init__(self, name, cubin, kernel, grid, block, comment, shared=0, variant=None):
        self.file = (kernel if variant is None else kernel + "." + variant) + ".run"
        self.prefix = kernel if variant is None else kernel + "." + variant
        self.cubin, self.kernel, self.grid, self.block = cubin, kernel, grid, block
        self.comment, self.shared = comment, shared
        self.lines = []
        self.files = {}

    def input(self, suffix, data):
        name = f"{self.prefix}.{suffix}.bin"
        self.files[name] = data
        return name

    def arg_in(self, suffix, data):
        self.lines.append(f"arg in {self.input(suffix, data)}")

    def arg_out(self, suffix, size, mode):
        self.lines.append(f"arg out {size} {self.out_name(suffix)} {mode}")

    def arg_inout(self, suffix, data, mode):
        name = self.input(suffix, data)
        self.lines.append(f"arg inout {name} {self.out_name(suffix)} {mode}")

    def out_name(self, suffix):
        return f"{self.prefix}.{suffix}.expected.bin"

    def arg(self, kind, value):
        self.lines.append(f"arg {kind} {value}")

    def arg_texture(self, kind, suffix, data, sizes, fmt, sampling=""):
        # tex2d / tex3d FILE W H [D] FORMAT FILTER ADDRESS NORMALIZED, tex1dfetch FILE N FORMAT
        dims = " ".join(str(v) for v in sizes)
        self.lines.append(f"arg {kind} {self.input(suffix, data)} {dims} {fmt} {sampling}".rstrip())

    def arg_surface(self, kind, suffix, data, sizes, fmt, mode):
        # surf2d / surf1d FILE W [H] FORMAT EXPECTED MODE: written back after the launch
        dims = " ".join(str(v) for v in sizes)
        self.lines.append(f"arg {kind} {self.input(suffix, data)} {dims} {fmt} "
                          f"{self.out_name(suffix)} {mode}")

    def glob(self, symbol, suffix, data):
        self.lines.append(f"global {symbol} {self.input(suffix, data)}")

    def text(self):
        out = [f"# {c}" for c in self.comment.strip().splitlines()]
        out += [f"cubin {self.cubin}", f"kernel {self.kernel}",
                "grid %d %d %d" % tuple(self.grid), "block %d %d %d" % tuple(self.block)]
        if self.shared:
            out.append(f"shared {self.shared}")
        out += self.lines
        return "\n".join(out) + "\n"


LAUNCHES = []


def launch(*args, **kw):
    l = Launch(*args, **kw)
    LAUNCHES.append(l)
    return l


def seeded(name):
    # one fixed seed per launch, from its name (stable across Python versions: no hash())
    return random.Random(sum((i + 1) * c for i, c in enumerate(name.encode())))


def kernels():
    # ---------------------------------------------------------------- arith.cu
    rng = seeded("int32_ops")
    l = launch("int32_ops", "arith.cubin", "int32_ops", (2, 1, 1), (64, 1, 1), """
int32_ops: IADD3, IMAD, IMAD.HI (__mulhi/__umulhi), IMNMX, IABS (of INT_MIN too), signed
division by 3 and unsigned % 10 (the IMAD.HI sequences), __sad, __popc, __clz, __ffs, __brev.
2 blocks of 64 with n = 120: the last 8 threads return early, their 8 output words stay 0.""")
    a = fill(I32_EDGES, 128, lambda: rand_i32(rng))
    b = fill(list(reversed(I32_EDGES)) + [INT_MIN, -1, INT_MAX, 0], 128, lambda: rand_i32(rng))
    rng.shuffle(b)
    l.arg_in("a", pack("i", a))
    l.arg_in("b", pack("i", b))
    l.arg_out("out", 128 * 8 * 4, "exact")
    l.arg("i32", 120)

    rng = seeded("int64_ops")
    l = launch("int64_ops", "arith.cubin", "int64_ops", (1, 1, 1), (64, 1, 1), """
int64_ops: 64-bit add and multiply (IMAD.WIDE.U32 + IMAD chains), IMAD.WIDE of the low
words, 64-bit arithmetic and logical shifts (SHF.R.S64 / SHF.R.U64).""")
    e64 = [0, 1, -1, -(1 << 63), (1 << 63) - 1, 1 << 32, (1 << 32) - 1, -(1 << 32), INT_MIN,
           INT_MAX, 0x8000000080000000 - (1 << 64), 0x123456789ABCDEF0, -0x123456789ABCDEF0, 7, -7]
    rnd64 = lambda: rng.getrandbits(64) - (1 << 63)
    a = fill(e64, 64, rnd64)
    b = fill(list(reversed(e64)), 64, rnd64)
    l.arg_in("a", pack("q", a))
    l.arg_in("b", pack("q", b))
    l.arg_out("out", 64 * 4 * 8, "exact")

    rng = seeded("small_int_ops")
    l = launch("small_int_ops", "arith.cubin", "small_int_ops", (1, 1, 1), (64, 1, 1), """
small_int_ops: 8- and 16-bit arithmetic with wrap-around and sign/zero extension, IDP.4A
(__dp4a) and IDP.2A (__dp2a_lo). Reads a[4 i] and c[4 i]: a and c hold 256 bytes.""")
    e8 = [0, 1, -1, 127, -128, 125, 126, -3, -2, 64, -64]
    a = fill(e8, 256, lambda: rng.randint(-128, 127))
    b = fill([0, 1, -1, 32767, -32768, 6553, 6554, -6554, 13107, 100], 64,
             lambda: rng.randint(-32768, 32767))
    c = fill([0, 1, 255, 254, 128, 127, 2, 3], 256, lambda: rng.randint(0, 255))
    l.arg_in("a", pack("b", a))
    l.arg_in("b", pack("h", b))
    l.arg_in("c", pack("B", c))
    l.arg_out("out", 64 * 4, "exact")

    rng = seeded("float_ops")
    l = launch("float_ops", "arith.cubin", "float_ops", (2, 1, 1), (64, 1, 1), """
float_ops: FFMA, FMNMX (NaN and -0 cases), FADD.RZ / FMUL.RM / FFMA.RP (values that round
differently in each mode), IEEE division (MUFU.RCP, FFMA refinement and the slow path for
denormal, huge and special operands), saturation, copysign. All results are IEEE-exact:
f32ulp:0 is bit-for-bit except that any NaN matches any NaN.""")
    a = fill(F32_EDGES, 128, lambda: rand_f32(rng))
    b = fill(list(reversed(F32_EDGES)), 128, lambda: rand_f32(rng))
    l.arg_in("a", packf32(a))
    l.arg_in("b", packf32(b))
    l.arg_out("out", 128 * 6 * 4, "f32ulp:0")
    l.arg("f32", "0.3")

    rng = seeded("half_ops")
    l = launch("half_ops", "arith.cubin", "half_ops", (1, 1, 1), (64, 1, 1), """
half_ops: HFMA2, HADD2, HMUL2, HMNMX2, negation and absolute value on packed f16 pairs
(overflow to inf above 65504, f16 denormals, NaN). IEEE-exact: f16ulp:0.""")
    h_edges = [0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x0001,
               0x8001, 0x03FF, 0x0400, 0x3800, 0x3555, 0x5BFF, 0x5C00, 0x2E66, 0xC100]
    rh = lambda: to_f16_bits(rng.uniform(-300, 300)) if rng.random() < 0.7 else rng.getrandbits(16) & 0x7BFF | rng.getrandbits(1) << 15
    a = fill(h_edges, 128, rh)
    b = fill(list(reversed(h_edges)), 128, rh)
    l.arg_in("a", pack("H", a))
    l.arg_in("b", pack("H", b))
    l.arg_out("out", 64 * 4, "f16ulp:0")

    rng = seeded("double_ops")
    l = launch("double_ops", "arith.cubin", "double_ops", (1, 1, 1), (64, 1, 1), """
double_ops: DFMA, DMUL+DADD, fmin (NaN, -0), IEEE sqrt and division (MUFU.RSQ64H/RCP64H
seeds, DFMA refinement and their slow paths for denormal, huge, negative and special
operands). IEEE-exact: f64ulp:0.""")
    a = fill(F64_EDGES, 64, lambda: rand_f64(rng))
    b = fill(list(reversed(F64_EDGES)), 64, lambda: rand_f64(rng))
    l.arg_in("a", packf64(a))
    l.arg_in("b", packf64(b))
    l.arg_out("out", 64 * 3 * 8, "f64ulp:0")

    # ---------------------------------------------------------------- atomics.cu
    l = launch("global_atomics", "atomics.cubin", "global_atomics", (1, 1, 1), (32, 1, 1), """
global_atomics: RED and ATOMG (add, min, max, and, or, xor, exch, CAS, float add, 64-bit add
and CAS, inc, dec with wrap at 100) by one warp on common counters. One warp of 32 so that the
six out[] slices (i, i+32, ... i+160) do not overlap.
Exact: the final counters that do not depend on the order in which lanes are served
(ip[0..3], up[0..4], fp[0..1], lp[0]). Skipped: ip[4] (exch: the last lane wins), ip[5] and
lp[1] (CAS chains), and every value returned to a thread (out), since the order of the 32
lanes inside one atomic instruction is not specified. The recorded files still hold what the
GPU returned.""")
    l.arg_inout("ip", pack("i", [100, 1000, 50, -50, 7, 0]), "exact:0-16,skip:16-24")
    l.arg_inout("up", pack("I", [0xFFFFFFFF, 0x100, 0x1234, 95, 3]), "exact")
    l.arg_inout("fp", pack("f", [0.25, -2.0]), "exact")
    l.arg_inout("lp", pack("Q", [1 << 40, 0]), "exact:0-8,skip:8-16")
    l.arg_out("out", 192 * 4, "skip")

    l = launch("shared_atomics", "atomics.cubin", "shared_atomics", (2, 1, 1), (32, 1, 1), """
shared_atomics: ATOMS.ADD on 4 shared counters, ATOMS.CAS, shared float add, barriers.
One warp per block (2 blocks): a converged warp executes the 32 ATOMS.ADD before its
ATOMS.CAS, so every CAS sees counter[1] == 8 (not 5: it fails) and returns 8; with several
warps that value would depend on warp scheduling. out[t] = counter[t & 3] + 8 + 16.""")
    l.arg_out("out", 32 * 4, "exact")

    rng = seeded("generic_atomics")
    l = launch("generic_atomics", "atomics.cubin", "generic_atomics", (1, 1, 1), (64, 1, 1), """
generic_atomics with use_shared = 0: generic ATOM.ADD on global memory, one address per thread
(the returned old value and the final memory are exact).""")
    l.arg_inout("p", pack("i", fill(I32_EDGES, 64, lambda: rand_i32(rng))), "exact")
    l.arg("i32", 0)
    l.arg_out("out", 64 * 4, "exact")

    l = launch("generic_atomics", "atomics.cubin", "generic_atomics", (1, 1, 1), (32, 1, 1), """
generic_atomics with use_shared = 1: generic ATOM.ADD whose address is in the shared window
(one warp, one word per lane: every lane gets 0 back). p is not touched.""", variant="shared")
    l.arg_inout("p", pack("i", list(range(100, 132))), "exact")
    l.arg("i32", 1)
    l.arg_out("out", 32 * 4, "exact")

    # ---------------------------------------------------------------- bits.cu
    rng = seeded("logic_ops")
    l = launch("logic_ops", "bits.cubin", "logic_ops", (1, 1, 1), (64, 1, 1), """
logic_ops: LOP3 truth tables, PRMT with fixed and per-thread selectors (0x3210 ^ i covers the
sign-replicating selector bits), SHF funnel shifts (amounts >= 32 wrap), shifts by y & 31,
arithmetic shift, bit-field extract/insert masks, SEL.""")
    u_edges = [x & 0xFFFFFFFF for x in I32_EDGES]
    rnd = lambda: rng.getrandbits(32)
    l.arg_in("a", pack("I", fill(u_edges, 64, rnd)))
    l.arg_in("b", pack("I", fill(list(reversed(u_edges)), 64, rnd)))
    l.arg_in("c", pack("I", fill([31, 32, 33, 63, 64, 0, 1, 0x80000000, 0xFFFFFFFF, 13, 45], 64, rnd)))
    l.arg_out("out", 64 * 8 * 4, "exact")

    rng = seeded("shifts64")
    l = launch("shifts64", "bits.cubin", "shifts64", (1, 1, 1), (64, 1, 1), """
shifts64: 64-bit shifts by a uniform amount s & 63 (s = 100: 36, a shift across the word
boundary), by 17, arithmetic right shift of negative values, POPC and FLO of 64-bit values.""")
    e = [0, 1, (1 << 64) - 1, 1 << 63, (1 << 63) - 1, 1 << 32, (1 << 32) - 1, 0xAAAAAAAAAAAAAAAA,
         0x0000000100000001, 0xFFFFFFFF00000000]
    l.arg_in("a", pack("Q", fill(e, 64, lambda: rng.getrandbits(64) >> rng.randint(0, 63))))
    l.arg("u32", 100)
    l.arg_out("out", 64 * 3 * 8, "exact")

    # ---------------------------------------------------------------- control.cu
    rng = seeded("predication")
    l = launch("predication", "control.cubin", "predication", (1, 1, 1), (64, 1, 1), """
predication: predicated IMAD and negation around the thresholds 5 and -2 (x * 3 overflows for
large x; -INT_MIN).""")
    l.arg_in("a", pack("i", fill([5, 6, -2, -3, 0, 1, -1, INT_MIN, INT_MAX, 715827882, 715827883,
                                  -715827883, 2, 3, 4, -4] + I32_EDGES, 64, lambda: rand_i32(rng))))
    l.arg_out("out", 64 * 4, "exact")

    rng = seeded("loops")
    l = launch("loops", "control.cubin", "loops", (1, 1, 1), (64, 1, 1), """
loops: a counted loop (n = 5) and a data-dependent while loop (0 to 100 iterations: inf keeps
halving until j reaches 100, NaN never enters) that diverge between lanes. f32ulp:0.""")
    vals = fill([0.0, 1.0, 0.5, INF, ("bits", 0x7FC00000), -INF, 1e30, 3.0e38, 1e-30, -1.0,
                 0.25, 2.0, 100.0, 1e6], 5 * 64, lambda: rand_f32(rng) if rng.random() < 0.3
                else rng.uniform(-4, 40))
    l.arg_in("a", packf32(vals))
    l.arg_out("out", 64 * 4, "f32ulp:0")
    l.arg("i32", 5)

    rng = seeded("divergent")
    l = launch("divergent", "control.cubin", "divergent", (1, 1, 1), (32, 1, 1), """
divergent: odd values loop x times (x * 7 + out[k & 63], wrapping) then __syncwarp; even values
divide out[x & 63] by (x | 1); a lane whose result is 12345 returns early (out[0] = 12345 and
x = 0 does this). One warp: it reconverges before any lane stores, so every load sees the
initial out[] (64 words, given); out[32..63] keep their initial values.""")
    init = fill([12345, 7, -7, 100, INT_MIN, INT_MAX, -1, 3], 64, lambda: rng.randint(-100000, 100000))
    xs = [0, 1, 3, 5, 17, 31, 63, 99, 2, 4, -1, -3, -7, -100, INT_MIN, 1001, 6, 8, 10, 12,
          64, 65, -64, 255, 254, 127, 129, 1000, 999, 14, 16, 18]
    l.arg_in("a", pack("i", xs))
    l.arg_inout("out", pack("i", init), "exact")

    rng = seeded("calls_and_switch")
    l = launch("calls_and_switch", "control.cubin", "calls_and_switch", (1, 1, 1), (64, 1, 1), """
calls_and_switch: an 8-way switch (BRX through a jump table or a compare chain) on x & 7 with
every case taken by several lanes of each warp, and CALL/RET to a non-inlined helper.""")
    l.arg_in("a", pack("i", fill(list(range(-8, 24)) + [INT_MIN, INT_MAX, -1, 0x7FFFFFF8],
                                 64, lambda: rand_i32(rng))))
    l.arg_out("out", 64 * 4, "exact")

    # ---------------------------------------------------------------- convert.cu
    rng = seeded("float_int_conversions")
    l = launch("float_int_conversions", "convert.cubin", "float_int_conversions", (1, 1, 1),
               (64, 1, 1), """
float_int_conversions: F2I (rz, rn, rd; saturation at the int/uint/int64/uint64 limits, NaN
gives 0), I2F (rn and rz; 2^24 and above round), F2F f64->f32 (overflow, denormals), f32->f64,
FRND (floor, ceil, trunc, rint with ties to even), I2I-style narrowing of int to signed char
and unsigned short. Reads f[i + 3] and v[i + 1]: f holds 67 floats, v 65 ints. Float
outputs f32ulp:0 / f64ulp:0 (bit-exact apart from NaN payloads), integer outputs exact.""")
    l.arg_in("f", packf32(fill(F32_EDGES, 67, lambda: rand_f32(rng))))
    l.arg_in("v", pack("i", fill([16777217, -16777217, 33554435, INT_MAX, INT_MIN, -1] + I32_EDGES,
                                 65, lambda: rand_i32(rng))))
    l.arg_in("d", packf64(fill(F64_EDGES, 64, lambda: rand_f64(rng))))
    l.arg_out("oi", 64 * 4 * 4, "exact")
    l.arg_out("of", 64 * 4 * 4, "f32ulp:0")
    l.arg_out("od", 64 * 2 * 8, "f64ulp:0")
    l.arg_out("ol", 64 * 8, "exact")

    rng = seeded("pack_conversions")
    l = launch("pack_conversions", "convert.cubin", "pack_conversions", (1, 1, 1), (64, 1, 1), """
pack_conversions: F2FP.PACK_AB (f32 pairs to f16x2 and bf16x2, round to nearest even, overflow
to inf, denormals, NaN), F2F.F16.F32.RZ, F2I.RN to a byte, f16/bf16 back to f32. Lane i reads
what lane i ^ 1 (same warp) stored. h f16ulp:0, bf bf16ulp:0, back f32ulp:0, packed exact
(it holds the f16 bits of an rz conversion and an integer byte).""")
    f_edges = [0.0, -0.0, 1.0, -1.0, 65504.0, 65519.0, 65520.0, 1e6, -1e6, 6e-8, 2.0 ** -24,
               3.0 * 2.0 ** -26, 1.0009765625, 1.00048828125, 1.000732421875, 3.3895314e38,
               3.4e38, INF, -INF, ("bits", 0x7FC00000), 1.00390625, 1.005859375, 255.5, 127.5,
               -128.5, 256.0, -129.0, 0.5, 1.5, 2.5, f32bits(1), 1e-40]
    l.arg_in("f", packf32(fill(f_edges, 128, lambda: rand_f32(rng) if rng.random() < 0.4
                                else rng.uniform(-300, 300))))
    l.arg_out("h", 64 * 4, "f16ulp:0")
    l.arg_out("bf", 64 * 4, "bf16ulp:0")
    l.arg_out("packed", 64 * 4, "exact")
    l.arg_out("back", 64 * 4, "f32ulp:0")

    # ---------------------------------------------------------------- memory.cu
    rng = seeded("shared_reverse")
    l = launch("shared_reverse", "memory.cubin", "shared_reverse", (2, 1, 1), (256, 1, 1), """
shared_reverse: STS, BAR.SYNC across 8 warps, LDS of another warp's word, and the __constant__
table (c[0x3], set through the module global 'table'). 2 blocks of 256. f32ulp:0.""")
    l.arg_in("in", packf32([rng.uniform(-1000, 1000) for _ in range(512)]))
    l.arg_out("out", 512 * 4, "f32ulp:0")
    l.glob("table", "table", packf32([k * 0.125 - 3.0 for k in range(64)]))

    rng = seeded("vector_copy")
    l = launch("vector_copy", "memory.cubin", "vector_copy", (2, 1, 1), (64, 1, 1), """
vector_copy: LDG.E.128.CONSTANT and STG.E.128 with n = 100 of 128 float4 (threads 100..127
store nothing: their 16 bytes each stay 0). f32ulp:0.""")
    l.arg_in("in", packf32(fill(F32_EDGES, 512, lambda: rand_f32(rng))))
    l.arg_out("out", 128 * 16, "f32ulp:0")
    l.arg("i32", 100)

    rng = seeded("wide_types")
    l = launch("wide_types", "memory.cubin", "wide_types", (1, 1, 1), (64, 1, 1), """
wide_types: 128-bit loads and stores of double2 (a pure copy: bit-exact, NaN payloads too),
8-bit and 16-bit loads and stores with sign extension and wrap.""")
    l.arg_in("in", packf64(fill(F64_EDGES, 128, lambda: rand_f64(rng))))
    l.arg_in("bytes", pack("b", fill([0, 127, -128, -1, 126], 64, lambda: rng.randint(-128, 127))))
    l.arg_in("shorts", pack("h", fill([0, 32767, -32768, -1, 10922, 10923, -10923], 64,
                                      lambda: rng.randint(-32768, 32767))))
    l.arg_out("out", 64 * 16, "exact")
    l.arg_out("obytes", 64, "exact")
    l.arg_out("oshorts", 64 * 2, "exact")

    rng = seeded("local_array")
    l = launch("local_array", "memory.cubin", "local_array", (1, 1, 1), (64, 1, 1), """
local_array: a 32-word local array written in a loop and read at a per-thread index (STL/LDL,
or registers with an indexed select, as ptxas chose).""")
    l.arg_in("idx", pack("i", fill([0, 31, 32, -1, 33, INT_MIN, 63], 64, lambda: rand_i32(rng))))
    l.arg_out("out", 64 * 4, "exact")

    # ---------------------------------------------------------------- exits.cu
    rng = seeded("loop_exits")
    l = launch("loop_exits", "exits.cubin", "loop_exits", (1, 1, 1), (64, 1, 1), """
loop_exits: a search loop with two exits that store different things before they meet again
(the value found, or a marker for bad data), and the count after the loop. Bit-exact.""")
    l.arg_in("a", pack("i", [rng.choice([rng.randint(-3000, 3000), rng.randint(0, 15),
                                          rng.randint(16, 99)]) for _ in range(256)]))
    l.arg_out("out", 64 * 4 * 4, "exact")
    l.arg("i32", 40)

    rng = seeded("nested_break")
    l = launch("nested_break", "exits.cubin", "nested_break", (1, 1, 1), (64, 1, 1), """
nested_break: a goto out of two nested loops, and a break out of the inner one only; the sums
and both counters after them. Bit-exact.""")
    l.arg_in("a", pack("i", [rng.choice([7, -1] + [rng.randint(0, 6)] * 6 +
                                         [rng.randint(8, 50)] * 8) for _ in range(256)]))
    l.arg_out("out", 64 * 3 * 4, "exact")

    # ---------------------------------------------------------------- local.cu
    rng = seeded("local_memory")
    l = launch("local_memory", "local.cubin", "local_memory", (1, 1, 1), (64, 1, 1), """
local_memory: per-thread arrays of bytes, halves, words, 64-bit and 128-bit elements indexed at
run time (STL/LDL of every width at the stack pointer), read back after data-dependent
updates. Bit-exact.""")
    l.arg_in("idx", pack("i", fill([0, 1, -1, INT_MIN, INT_MAX, 39, 40, 1000], 64,
                                   lambda: rand_i32(rng))))
    l.arg_out("out", 64 * 5 * 4, "exact")

    rng = seeded("async_copy")
    l = launch("async_copy", "memory.cubin", "async_copy", (1, 1, 1), (128, 1, 1), """
async_copy: LDGSTS (cp.async of 4 bytes per thread), LDGDEPBAR / DEPBAR, BAR.SYNC across 4
warps, LDS of another warp's word. A copy: bit-exact.""")
    l.arg_in("in", packf32(fill(F32_EDGES, 128, lambda: rand_f32(rng))))
    l.arg_out("out", 128 * 4, "exact")

    # ---------------------------------------------------------------- mufu.cu
    rng = seeded("special_functions")
    l = launch("special_functions", "mufu.cubin", "special_functions", (1, 1, 1), (32, 1, 1), """
special_functions: MUFU.SIN/COS (after the FMUL by 1/2pi), EX2 (__expf, __exp10f, exp2f), LG2
(__logf, __log2f), RSQ (rsqrtf), RCP (__frcp_rn with its FFMA correction and slow path, and
__fdividef), SQRT (sqrtf), tanhf. x in [-pi, pi] (where the documented bounds of __sinf and
__cosf hold) plus 0, -0, denormals, +-inf and NaN.
Each thread writes 8 floats (one per column, 32-byte stride); the bound of each column comes
from the CUDA Programming Guide's tables (README.md). Column 6 (__fdividef(x, out[i])) reads
the word that lane i / 8 stores as its column i % 8: one warp, so those stores of columns 0..5
come first; lanes with i % 8 in {6, 7} read a word that is stored after their own load (0 at
that time on the GPU) and are skipped.""")
    xs = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, math.pi / 2, -math.pi / 2, 3.14159, -3.14159, 2.0,
          -2.0, 3.0, -3.0, 0.25, 1e-3, -1e-3, 1e-20, f32bits(1), -f32bits(0x007FFFFF), INF, -INF,
          ("bits", 0x7FC00000), 0.7, -0.7, 1.25, 0.1, 2.5, -2.75, 1.75, 0.6931472, 3.1]
    l.arg_in("a", packf32(xs))
    col = ["f32abs:2e-6", "f32ulp:33", "f32ulp:11|f32abs:1.5e-6", "f32ulp:4", "f32ulp:0",
           "f32ulp:0", "f32ulp:4", "f32ulp:9|f32abs:5e-6"]
    regions = [f"{m}:{4 * c}-{4 * c + 4}/32" for c, m in enumerate(col)]
    regions += [f"skip:{(i * 8 + 6) * 4}-{(i * 8 + 7) * 4}" for i in range(32) if i % 8 in (6, 7)]
    l.arg_out("out", 32 * 8 * 4, ",".join(regions))

    rng = seeded("precise_functions")
    l = launch("precise_functions", "mufu.cubin", "precise_functions", (1, 1, 1), (256, 1, 1), """
precise_functions: sinf (with the Payne-Hanek slow path for huge arguments), logf, powf
(x^2.5: NaN for negative x, overflow to inf); their sum is compared with f32ulp:16 (README.md).""")
    pe = [0.0, -0.0, 1.0, -1.0, -0.5, 0.5, 2.0, 3.14159265, 1e-20, f32bits(1), 1e30, -1e30,
          3.0e38, INF, -INF, ("bits", 0x7FC00000), 1e5, 123456.789, 4.0, 6.0, 1e15, 70000.0,
          0.999, 1e-3, 2.0 ** 60, 1.0e10]
    l.arg_in("a", packf32(fill(pe, 256, lambda: rng.uniform(0, 50) if rng.random() < 0.6
                                else rng.uniform(0, 1) * 2.0 ** rng.randint(-30, 40))))
    l.arg_out("out", 256 * 4, "f32ulp:16")

    rng = seeded("double_special")
    l = launch("double_special", "mufu.cubin", "double_special", (1, 1, 1), (64, 1, 1), """
double_special: rsqrt (MUFU.RSQ64H and refinement) plus IEEE 1.0 / x (MUFU.RCP64H, DFMA
refinement, slow path) in double; f64ulp:3 (README.md).""")
    l.arg_in("a", packf64(fill(F64_EDGES, 64, lambda: rand_f64(rng))))
    l.arg_out("out", 64 * 8, "f64ulp:3")

    # ---------------------------------------------------------------- tensor.cu
    # Inputs chosen so that every product and every partial sum is exactly representable:
    # then the result does not depend on the tensor cores' internal summation order or
    # precision, and f32ulp:0 is justified (checked below, exactly).
    rng = seeded("mma_f16")
    l = launch("mma_f16", "tensor.cubin", "mma_f16", (1, 1, 1), (32, 1, 1), """
mma_f16: LDSM (ldmatrix .x4 and .x2.trans from shared memory), HMMA.16816.F32 (f16 inputs)
then HMMA.16816.F32.BF16 (the same A registers read as bf16, B from memory), accumulating into
c. Inputs: f16 halves in {0, +-1, +-2} (as bf16: 0, +-2^-7, +-2): every product and partial
sum is exact in f32, so the result does not depend on the tensor cores' summation order.""")
    halves = [0x0000, 0x3C00, 0xBC00, 0x4000, 0xC000]
    word = lambda: rng.choice(halves) << 16 | rng.choice(halves)
    a = [word() for _ in range(512)]
    b = [word() for _ in range(64)]
    c = [rng.randint(-40, 40) * 0.25 for _ in range(128)]
    check_exact_mma([f16_to_float(h) for w in a for h in (w >> 16, w & 0xFFFF)],
                    [f16_to_float(h) for w in a for h in (w >> 16, w & 0xFFFF)], 16, 2.0 ** -2, c)
    fa = [bf16_to_float(h) for w in a for h in (w >> 16, w & 0xFFFF)]
    fb = [bf16_to_float(h) for w in b for h in (w >> 16, w & 0xFFFF)]
    check_exact_mma(fa, fb, 16, 2.0 ** -14, c, extra=16 * 2 * 2 + 40 * 0.25)
    l.arg_in("a", pack("I", a))
    l.arg_in("b", pack("I", b))
    l.arg_inout("c", pack("f", c), "f32ulp:0")

    rng = seeded("mma_other_types")
    l = launch("mma_other_types", "tensor.cubin", "mma_other_types", (1, 1, 1), (32, 1, 1), """
mma_other_types: HMMA.16816.F16 (f16 accumulate), HMMA.1688.F32.TF32, IMMA.16832.S8.S8, the
same words read as f16 pairs, tf32 and s8 quads; out = xor of the three. Words: high half in
{0, +-1.0 f16}, low half in {0, +-2.0 f16} (0 when the high half is 0), so the low 13 bits are
0 (exact tf32), no tf32 denormals, and all f16/f32 sums are exact in any order. exact.""")
    def w2():
        hi = rng.choice([0x0000, 0x3C00, 0xBC00])
        lo = 0 if hi == 0 else rng.choice([0x0000, 0x4000, 0xC000])
        return hi << 16 | lo
    a = [w2() for _ in range(128)]
    b = [w2() for _ in range(64)]
    check_exact_mma([f16_to_float(h) for w in a for h in (w >> 16, w & 0xFFFF)],
                    [f16_to_float(h) for w in b for h in (w >> 16, w & 0xFFFF)], 16, 1.0, [0.0],
                    mantissa=11)
    check_exact_mma([f32bits(w) for w in a], [f32bits(w) for w in b], 8, 2.0 ** -32, [0.0])
    l.arg_in("a", pack("I", a))
    l.arg_in("b", pack("I", b))
    l.arg_out("out", 32 * 4, "exact")

    # ---------------------------------------------------------------- texture.cu
    texture_launches()

    # ---------------------------------------------------------------- warp.cu
    rng = seeded("shuffles")
    l = launch("shuffles", "warp.cubin", "shuffles", (1, 1, 1), (64, 1, 1), """
shuffles: SHFL.BFLY (xor butterfly sum), SHFL.UP, SHFL.DOWN (edge lanes keep their own
value), SHFL.IDX with source lanes past 31 (taken mod 32) and with width 16, on 2 full
warps. The last shuffle names mask 0x0000ffff although all 32 lanes run it (formally undefined
for lanes 16..31; the GPU gives lane 21's value there). Values are multiples of 1/8 below 2^10:
every sum is exact. f32ulp:0.""")
    l.arg_in("in", packf32([rng.randint(-4000, 4000) / 8.0 for _ in range(64)]))
    l.arg_out("out", 64 * 4, "f32ulp:0")

    rng = seeded("votes")
    l = launch("votes", "warp.cubin", "votes", (1, 1, 1), (64, 1, 1), """
votes: VOTE.ALL/ANY/BALLOT, MATCH.ANY (repeated values), REDUX.SUM and REDUX.MAX (signed),
%lanemask_lt, on 2 full warps (warp 0 has a 3 and no 0, warp 1 has a 0 and no 3).""")
    w0 = [rng.choice([1, 2, 3, -4, 5, 1, 2, INT_MAX, INT_MIN]) for _ in range(32)]
    w0[7] = 3
    w1 = [rng.choice([0, 7, -7, 1, 1, 100, -1]) for _ in range(32)]
    w1 = [x if x != 3 else 4 for x in w1]
    w1[20] = 0
    w0 = [x if x != 0 else 1 for x in w0]
    l.arg_in("in", pack("i", w0 + w1))
    l.arg_out("out", 64 * 4, "exact")

    l = launch("barriers", "warp.cubin", "barriers", (1, 1, 1), (64, 1, 1), """
barriers: BAR.RED.POPC / .AND / .OR (__syncthreads_count/and/or), __syncwarp with a partial
mask, MEMBAR, S2R of SR_CLOCKLO, ctaid.y and nctaid.x. Every output word adds clock(), so no
byte of it can be compared: skip (the launch must still run to completion without a fault;
the recorded file is what one GPU run gave).""")
    l.arg_in("in", pack("i", [(k * 37) % 23 - 9 for k in range(64)]))
    l.arg_out("out", 64 * 4, "skip")


SAMPLE_THREADS, TEX_W, TEX_H, TEX_D = 24, 13, 13, 3


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def sample_coordinates():
    """(u, v) of each thread of `sample` as the GPU computes them (i * 0.01f, i * 0.02f), and a
    check that point sampling (floor(u W)) and gathers (floor(u W - 0.5)) are at least 0.01
    texels from a boundary, beyond the 1/256 texel of NVIDIA's fixed-point coordinates."""
    out = []
    for i in range(SAMPLE_THREADS):
        u, v = f32(f32(i) * f32(0.01)), f32(f32(i) * f32(0.02))
        for x, size in ((u, TEX_W), (v, TEX_H)):
            for at in (x * size, x * size - 0.5):
                if i:
                    assert abs(at - round(at)) >= 0.0099, (i, x, size)
        out.append((u, v))
    return out


def texture_launches():
    l = launch("sample", "texture.cubin", "sample", (1, 1, 1), (SAMPLE_THREADS, 1, 1), """
sample: TEX.LL (tex2D, tex2DLod at level 2 of a one-level texture, tex3D, tex2DLayered at
layer 3 of a texture without layers: layer 0 on Vulkan), TLD.LZ (tex1Dfetch on linear
memory), TLD4 (tex2Dgather, green) and TXD (tex2DGrad). Point sampling, clamp to edge,
normalized coordinates; 24 threads keep every coordinate >= 0.01 texel from a texel edge
(make_inputs.py checks). Texels are multiples of 1/8 below 2^10: the sums are exact (f32ulp:0).""")
    sample_coordinates()
    t2d = [(x + 13 * y + 169 * c) * 0.25 for y in range(TEX_H) for x in range(TEX_W) for c in range(4)]
    l.arg_texture("tex2d", "t2d", packf32(t2d), (TEX_W, TEX_H), "f32x4", "point clamp 1")
    l.arg_texture("tex1dfetch", "t1d", packf32([k * 0.5 - 3.0 for k in range(SAMPLE_THREADS)]),
                  (SAMPLE_THREADS,), "f32x1")
    t3d = [(x + 13 * y + 169 * z) * 0.125 for z in range(TEX_D) for y in range(TEX_H) for x in range(TEX_W)]
    l.arg_texture("tex3d", "t3d", packf32(t3d), (TEX_W, TEX_H, TEX_D), "f32x1", "point clamp 1")
    l.arg_out("out", SAMPLE_THREADS * 4, "f32ulp:0")

    l = launch("texture_query", "query.cubin", "texture_query", (1, 1, 1), (8, 1, 1), """
texture_query: TXQ of a 13x7 2D texture (width, height) and a 5x6x3 3D texture (width,
height, depth). Exact.""")
    l.arg_texture("tex2d", "t2d", packf32([k * 0.5 for k in range(13 * 7 * 4)]), (13, 7),
                  "f32x4", "point clamp 1")
    l.arg_texture("tex3d", "t3d", packf32([k * 0.25 for k in range(5 * 6 * 3)]), (5, 6, 3),
                  "f32x1", "point clamp 1")
    l.arg_out("out", 8 * 5 * 4, "exact")

    rng = seeded("surfaces")
    l = launch("surfaces", "texture.cubin", "surfaces", (1, 1, 1), (16, 1, 1), """
surfaces: SULD.D.BA.2D.128 and SULD.D.BA.1D (byte-addressed x), SUST.D.BA of the float4 with
its components reversed and of w + 1. One block: blocks would race on s1d. s2d has a second
row that no thread touches. Raw bits (NaN payloads too): exact.""")
    s2d = [rng.getrandbits(32) for _ in range(16 * 2 * 4)]
    s2d[:4] = [0x7FC01234, 0xFF800000, 0x80000000, 0x00000001]
    l.arg_surface("surf2d", "s2d", pack("I", s2d), (16, 2), "f32x4", "exact")
    l.arg_surface("surf1d", "s1d", pack("i", [7 * k - 20 for k in range(16)]), (16,), "i32x1",
                  "exact")
    l.arg_out("out", 16 * 4, "exact")


def check_exact_mma(avals, bvals, k, granule, c, mantissa=24, extra=None):
    """Every product is a multiple of `granule` and every partial sum is bounded by
    k * max|a| * max|b| + max|c|; if that bound, in granules, fits the significand, every order
    of summation gives the same, exact result."""
    for v in avals + bvals + list(c):
        assert math.isfinite(v)
    for x in set(avals):
        for y in set(bvals):
            q = x * y / granule
            assert q == int(q), (x, y, granule)
    for v in c:
        assert (v / granule) == int(v / granule)
    bound = k * max(abs(v) for v in avals) * max(abs(v) for v in bvals) + max(abs(v) for v in c)
    if extra is not None:
        bound = max(bound, extra + k * max(abs(v) for v in avals) * max(abs(v) for v in bvals))
    assert bound / granule < 2 ** mantissa, (bound, granule)


def main():
    kernels()
    names = set()
    for l in LAUNCHES:
        assert l.file not in names
        names.add(l.file)
        with open(os.path.join(HERE, l.file), "w") as f:
            f.write(l.text())
        for name, data in l.files.items():
            assert len(data) <= 8192, name
            with open(os.path.join(HERE, name), "wb") as f:
                f.write(data)
    print(f"{len(LAUNCHES)} manifests written to {HERE}")


if __name__ == "__main__":
    sys.exit(main())
