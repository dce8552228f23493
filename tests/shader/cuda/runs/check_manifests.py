#!/usr/bin/env python3
"""Host-side check of the launch manifests (README.md), run by ctest as
shader.reference_manifests:

- every *.run parses; it names an existing cubin in tests/shader/cuda/ and a kernel in it;
- it gives exactly as many args as the kernel has parameters (EIATTR_KPARAM_INFO in the
  cubin's .nv.info.KERNEL section), each of the parameter's size (buffers and texture handles 8
  bytes, scalars as their type);
- every referenced file exists; an out buffer's expected file has the declared size, an inout
  buffer's expected file the size of its input; a `global` names a symbol of that size;
- every compare spec parses, its regions lie inside the buffer and fit its element size, and
  compare() (the reference implementation of the compare modes) accepts each expected file
  against itself and rejects it with one element changed.

    python3 check_manifests.py [RUNS_DIR]
"""
import glob
import math
import os
import re
import struct
import sys

SCALARS = {"i32": 4, "u32": 4, "f32": 4, "i64": 8, "u64": 8, "f64": 8}
EIATTR_KPARAM_INFO = 0x17


# ----------------------------------------------------------------------------------- cubin (ELF)
class Cubin:
    def __init__(self, path):
        data = open(path, "rb").read()
        if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
            raise ValueError(f"{path}: not a 64-bit little-endian ELF")
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
        secs = []
        for i in range(shnum):
            name, typ, _flags, _addr, off, size, link, _info, _align, entsize = struct.unpack_from(
                "<IIQQQQIIQQ", data, shoff + i * shentsize)
            secs.append((name, typ, off, size, link, entsize))
        shstr = secs[shstrndx]

        def cstr(off):
            return data[off:data.index(b"\0", off)].decode()

        self.sections = {}
        for name, typ, off, size, link, entsize in secs:
            self.sections[cstr(shstr[2] + name)] = data[off:off + size]
        self.symbols = {}
        for name, typ, off, size, link, entsize in secs:
            if typ != 2:  # SHT_SYMTAB
                continue
            strtab = secs[link][2]
            for k in range(size // 24):
                st_name, _info, _other, _shndx, _value, st_size = struct.unpack_from(
                    "<IBBHQQ", data, off + k * 24)
                if st_name:
                    self.symbols[cstr(strtab + st_name)] = st_size

    def kernels(self):
        return sorted(n[len(".text."):] for n in self.sections if n.startswith(".text."))

    def params(self, kernel):
        """[(ordinal, offset, size)] in ordinal order, from EIATTR_KPARAM_INFO."""
        info = self.sections.get(".nv.info." + kernel)
        if info is None:
            raise ValueError(f"no .nv.info.{kernel}")
        out, pos = [], 0
        while pos + 2 <= len(info):
            fmt, attr = info[pos], info[pos + 1]
            if fmt == 0x04:  # EIFMT_SVAL: u16 size, payload
                size, = struct.unpack_from("<H", info, pos + 2)
                payload = info[pos + 4:pos + 4 + size]
                pos += 4 + size
                if attr == EIATTR_KPARAM_INFO:
                    _index, ordinal, offset, flags = struct.unpack_from("<IHHI", payload, 0)
                    out.append((ordinal, offset, flags >> 18))
            elif fmt in (0x01, 0x02, 0x03):  # NVAL, BVAL, HVAL: 4 bytes in all
                pos += 4
            else:
                raise ValueError(f".nv.info.{kernel}: unknown attribute format {fmt:#x}")
        return sorted(out)


# ----------------------------------------------------------------------------------- compare modes
ELEM = {"f32ulp": 4, "f64ulp": 8, "f16ulp": 2, "bf16ulp": 2, "f32abs": 4, "f64abs": 8}
RANGE = re.compile(r"^(\d+)-(\d+)(?:/(\d+))?$")


def parse_mode(text):
    """'exact' | 'skip' | 'f32ulp:N' ... | alternatives joined by '|' -> [(name, bound)]"""
    alts = []
    for alt in text.split("|"):
        name, _, value = alt.partition(":")
        if name in ("exact", "skip"):
            if value:
                raise ValueError(f"'{alt}' takes no value")
            alts.append((name, None))
        elif name in ("f32ulp", "f64ulp", "f16ulp", "bf16ulp"):
            if not value.isdigit():
                raise ValueError(f"'{alt}': bound must be a whole number of ulps")
            alts.append((name, int(value)))
        elif name in ("f32abs", "f64abs"):
            eps = float(value)
            if not (eps >= 0 and math.isfinite(eps)):
                raise ValueError(f"'{alt}': bad bound")
            alts.append((name, eps))
        else:
            raise ValueError(f"unknown compare mode '{alt}'")
    if len(alts) > 1 and any(n in ("exact", "skip") for n, _ in alts):
        raise ValueError(f"'{text}': exact and skip take no alternatives")
    sizes = {ELEM[n] for n, _ in alts if n in ELEM}
    if len(sizes) > 1:
        raise ValueError(f"'{text}': alternatives of different element sizes")
    return alts


def parse_compare(spec, size):
    """-> list of (alternatives, element size) per element start: [(offset, elem, alts)] covering
    the buffer; later regions override earlier ones."""
    owner = [None] * size
    for region in spec.split(","):
        head, _, tail = region.rpartition(":")
        m = RANGE.match(tail)
        if head and m:
            mode, start, end, stride = head, int(m.group(1)), int(m.group(2)), m.group(3)
        else:
            mode, start, end, stride = region, 0, size, None
        alts = parse_mode(mode)
        elem = next((ELEM[n] for n, _ in alts if n in ELEM), 1)
        if not (0 <= start < end <= size):
            raise ValueError(f"region '{region}' outside the {size}-byte buffer")
        step = int(stride) if stride else size
        if stride and (step <= 0 or end - start > step):
            raise ValueError(f"region '{region}': bad stride")
        if start % elem or (end - start) % elem or step % elem:
            raise ValueError(f"region '{region}' does not fit {elem}-byte elements")
        base = 0
        while base + start < size:
            for b in range(base + start, min(base + end, size), elem):
                if b + elem > size:
                    raise ValueError(f"region '{region}' cuts an element at the buffer's end")
                for k in range(elem):
                    owner[b + k] = (b, elem, tuple(alts))
            base += step
    if None in owner:
        raise ValueError(f"'{spec}' leaves byte {owner.index(None)} without a mode")
    elems, pos = [], 0
    while pos < size:
        start, elem, alts = owner[pos]
        if start != pos or any(owner[pos + k] != owner[pos] for k in range(elem)):
            raise ValueError(f"'{spec}': regions overlap inside an element at byte {pos}")
        elems.append((pos, elem, alts))
        pos += elem
    return elems


def ordered(bits, width):
    """Sign-magnitude bits -> an integer that grows with the value; -0 sits one below +0."""
    sign = 1 << (width - 1)
    return bits if not bits & sign else -(bits & (sign - 1)) - 1


def is_nan(bits, name):
    if name in ("f32ulp", "f32abs"):
        return (bits & 0x7F800000) == 0x7F800000 and bits & 0x7FFFFF
    if name in ("f64ulp", "f64abs"):
        return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1)
    if name == "f16ulp":
        return (bits & 0x7C00) == 0x7C00 and bits & 0x3FF
    return (bits & 0x7F80) == 0x7F80 and bits & 0x7F  # bf16


def element_ok(e, a, alts, elem):
    if e == a:
        return True
    fmt = {2: "<H", 4: "<I", 8: "<Q"}.get(elem)
    for name, bound in alts:
        if name == "skip":
            return True
        if name == "exact":
            continue
        x, = struct.unpack(fmt, e)
        y, = struct.unpack(fmt, a)
        nx, ny = is_nan(x, name), is_nan(y, name)
        if nx or ny:
            if nx and ny:
                return True
            continue
        if name.endswith("ulp"):
            if abs(ordered(x, elem * 8) - ordered(y, elem * 8)) <= bound:
                return True
        else:
            fx, = struct.unpack("<f" if elem == 4 else "<d", e)
            fy, = struct.unpack("<f" if elem == 4 else "<d", a)
            if math.isfinite(fx) and math.isfinite(fy) and abs(fx - fy) <= bound:
                return True
    return False


def compare(expected, actual, spec):
    """The offsets of the elements of `actual` that the spec rejects (empty: they match)."""
    if len(expected) != len(actual):
        return [-1]
    bad = []
    for off, elem, alts in parse_compare(spec, len(expected)):
        if not element_ok(expected[off:off + elem], actual[off:off + elem], alts, elem):
            bad.append(off)
    return bad


# ----------------------------------------------------------------------------------- manifests
# Texture and surface objects: kind -> (dimensions, words after FORMAT: filter address
# normalized for textures over arrays, expected file and mode for surfaces).
IMAGES = {"tex2d": (2, 3), "tex3d": (3, 3), "tex1dfetch": (1, 0), "surf2d": (2, 2),
          "surf1d": (1, 2)}


def image_bytes(a):
    """The texel file's size an image arg line describes, or None if it does not parse."""
    dims, extra = IMAGES[a[0]]
    if len(a) != 2 + dims + 1 + extra or not all(w.isdigit() and int(w) > 0
                                                  for w in a[2:2 + dims]):
        return None
    fmt = a[2 + dims]
    if len(fmt) != 5 or fmt[:3] not in ("f32", "i32", "u32") or fmt[3:] not in ("x1", "x2", "x4"):
        return None
    if extra == 3 and (a[3 + dims] not in ("point", "linear") or
                       a[4 + dims] not in ("clamp", "wrap", "mirror", "border") or
                       a[5 + dims] not in ("0", "1")):
        return None
    n = 4 * int(fmt[4])
    for w in a[2:2 + dims]:
        n *= int(w)
    return n


def check_manifest(path, cuda_dir, cubins):
    errors = []
    runs = os.path.dirname(path)
    lines = []
    for number, raw in enumerate(open(path), 1):
        t = raw.split("#", 1)[0].split()
        if t:
            lines.append((number, t))
    head = {}
    args, globals_ = [], []
    for number, t in lines:
        where = f"{os.path.basename(path)}:{number}"
        if t[0] in ("cubin", "kernel") and len(t) == 2:
            head[t[0]] = t[1]
        elif t[0] in ("grid", "block") and len(t) == 4 and all(x.isdigit() and int(x) > 0 for x in t[1:]):
            head[t[0]] = [int(x) for x in t[1:]]
        elif t[0] == "shared" and len(t) == 2 and t[1].isdigit():
            head["shared"] = int(t[1])
        elif t[0] == "global" and len(t) == 3:
            globals_.append((where, t[1], t[2]))
        elif t[0] == "arg" and len(t) >= 3:
            args.append((where, t[1:]))
        else:
            errors.append(f"{where}: cannot parse '{' '.join(t)}'")
    for key in ("cubin", "kernel", "grid", "block"):
        if key not in head:
            errors.append(f"{path}: no {key} line")
    if errors:
        return errors
    if head["block"][0] * head["block"][1] * head["block"][2] > 1024:
        errors.append(f"{path}: more than 1024 threads in a block")
    cubin_path = os.path.join(cuda_dir, head["cubin"])
    if not os.path.isfile(cubin_path):
        return errors + [f"{path}: no cubin {cubin_path}"]
    cubin = cubins.setdefault(cubin_path, Cubin(cubin_path))
    kernel = head["kernel"]
    if kernel not in cubin.kernels():
        return errors + [f"{path}: {head['cubin']} has no kernel {kernel} (it has {cubin.kernels()})"]
    params = cubin.params(kernel)
    if [p[0] for p in params] != list(range(len(params))):
        errors.append(f"{path}: {kernel}: parameter ordinals {params}")
    if len(args) != len(params):
        errors.append(f"{path}: {kernel} has {len(params)} parameters, the manifest {len(args)} args")

    def file_size(where, name):
        p = os.path.join(runs, name)
        if not os.path.isfile(p):
            errors.append(f"{where}: no file {name}")
            return None
        return os.path.getsize(p)

    def check_expected(where, name, size, spec):
        got = file_size(where, name)
        if got is None:
            return
        if got != size:
            errors.append(f"{where}: {name} has {got} bytes, the buffer {size}")
            return
        try:
            data = open(os.path.join(runs, name), "rb").read()
            elems = parse_compare(spec, size)
            if compare(data, data, spec):
                errors.append(f"{where}: {name} does not match itself under '{spec}'")
            checked = [(off, elem) for off, elem, alts in elems if alts[0][0] != "skip"]
            if checked:  # one element changed (exponent's top bit: a large change) must fail
                off, elem = checked[0]
                changed = bytearray(data)
                changed[off + elem - 1] ^= 0x40
                if not compare(data, bytes(changed), spec):
                    errors.append(f"{where}: a changed element at byte {off} passes '{spec}'")
        except ValueError as e:
            errors.append(f"{where}: {e}")

    for i, (where, a) in enumerate(args):
        kind = a[0]
        want = params[i][2] if i < len(params) else None
        if kind == "in" and len(a) == 2:
            size = 8
            if not file_size(where, a[1]):
                errors.append(f"{where}: input {a[1]} missing or empty")
        elif kind == "out" and len(a) == 4 and a[1].isdigit() and int(a[1]) > 0:
            size = 8
            check_expected(where, a[2], int(a[1]), a[3])
        elif kind == "inout" and len(a) == 4:
            size = 8
            n = file_size(where, a[1])
            if n:
                check_expected(where, a[2], n, a[3])
        elif kind in IMAGES and image_bytes(a) is not None:
            size = 8  # a texture or surface object handle
            n, dims = file_size(where, a[1]), IMAGES[kind][0]
            if n != image_bytes(a):
                errors.append(f"{where}: {a[1]} has {n} bytes, the image {image_bytes(a)}")
            elif kind.startswith("surf"):
                check_expected(where, a[3 + dims], n, a[4 + dims])
        elif kind in SCALARS and len(a) == 2:
            size = SCALARS[kind]
            try:
                float(a[1]) if kind.startswith("f") else int(a[1], 0)
            except ValueError:
                errors.append(f"{where}: bad {kind} value '{a[1]}'")
        else:
            errors.append(f"{where}: cannot parse arg '{' '.join(a)}'")
            continue
        if want is not None and want != size:
            errors.append(f"{where}: parameter {i} of {kernel} is {want} bytes, the arg {size}")
    for where, symbol, name in globals_:
        n = file_size(where, name)
        if symbol not in cubin.symbols:
            errors.append(f"{where}: {head['cubin']} has no symbol {symbol}")
        elif n is not None and cubin.symbols[symbol] != n:
            errors.append(f"{where}: {symbol} has {cubin.symbols[symbol]} bytes, {name} {n}")
    return errors


def self_test():
    f = lambda *v: struct.pack(f"<{len(v)}f", *v)
    nan1, nan2 = struct.pack("<I", 0x7FC00000), struct.pack("<I", 0xFFC00001)
    assert not compare(nan1, nan2, "f32ulp:0") and compare(nan1, nan2, "exact")
    assert compare(f(0.0), f(-0.0), "f32ulp:0") and not compare(f(0.0), f(-0.0), "f32ulp:1")
    assert not compare(f(1.0), struct.pack("<I", 0x3F800002), "f32ulp:2")
    assert compare(f(1.0), struct.pack("<I", 0x3F800003), "f32ulp:2")
    assert not compare(f(1.0, 2.0), f(1.0, 2.5), "exact:0-4,skip:4-8")
    assert compare(f(1.0, 2.0, 3.0, 4.0), f(1.0, 2.0, 3.5, 4.0), "exact,skip:4-8/8") == [10]
    assert not compare(f(1.0, 2.0, 3.0, 4.0), f(1.0, 2.5, 3.0, 4.5), "exact,skip:4-8/8")
    assert not compare(f(1e-7), f(2e-7), "f32ulp:0|f32abs:1.5e-7")
    assert compare(f(float("inf")), f(3e38), "f32abs:1e38")
    assert not compare(struct.pack("<H", 0x3C00), struct.pack("<H", 0x3C01), "f16ulp:1")


def main():
    runs = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(__file__))
    cuda_dir = os.path.dirname(runs)
    self_test()
    manifests = sorted(glob.glob(os.path.join(runs, "*.run")))
    errors, cubins, kernels = [], {}, set()
    for m in manifests:
        try:
            errors += check_manifest(m, cuda_dir, cubins)
        except (ValueError, struct.error, OSError) as e:
            errors.append(f"{m}: {e}")
        kernels.add(os.path.basename(m).split(".")[0])
    for e in errors:
        print("error:", e)
    print(f"{len(manifests)} manifests, {len(kernels)} kernels, {len(errors)} errors")
    if not manifests:
        print("error: no manifests")
        return 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
