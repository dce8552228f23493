#!/usr/bin/env python3
"""Compares rgtc_weights.c's output (a folder holding bc4_unorm.f32 and bc4_snorm.f32) with
nxhost's RGTC model (src/gpu/bcn_decoder.cpp: NVIDIA's weights) and with the Khronos formulas,
printing the largest difference of each, in steps of 1/255 (UNORM) or 1/127 (SNORM)."""
import struct, sys

# The weight of e0 for indices 0-7, eight-value and six-value modes (bcn_decoder.cpp).
NVIDIA = {False: (257, [257, 0, 221, 185, 144, 113, 72, 36], [257, 0, 209, 161, 96, 48]),
          True: (258, [258, 0, 222, 186, 144, 114, 72, 36], [258, 0, 210, 162, 96, 48])}


def endpoints(r0, r1, signed):
    if not signed:
        return r0, r1
    s = lambda b: max(b - 256 if b > 127 else b, -127)
    return s(r0), s(r1)


def nvidia(e0, e1, index, signed):
    total, eight, six = NVIDIA[signed]
    top = 127 if signed else 255
    if e0 <= e1 and index >= 6:
        return 1.0 if index == 7 else (-1.0 if signed else 0.0)
    w = (eight if e0 > e1 else six)[index]
    return (w * e0 + (total - w) * e1) / (total * top)


def formula(e0, e1, index, signed):
    top = 127 if signed else 255
    if index < 2:
        return (e0, e1)[index] / top
    steps = 7 if e0 > e1 else 5
    if steps == 5 and index >= 6:
        return 1.0 if index == 7 else (-1.0 if signed else 0.0)
    i = index - 1
    return ((steps - i) * e0 + i * e1) / steps / top


def main(folder):
    for name, signed in (("unorm", False), ("snorm", True)):
        data = open(f"{folder}/bc4_{name}.f32", "rb").read()
        values = struct.unpack(f"<{len(data) // 4}f", data)
        top = 127 if signed else 255
        worst = {"nvidia": (0, None), "formula": (0, None)}
        for block in range(65536):
            r0, r1 = block & 255, block >> 8
            e0, e1 = endpoints(r0, r1, signed)
            for index in range(8):
                got = values[block * 16 + index]
                for model, f in (("nvidia", nvidia), ("formula", formula)):
                    d = abs(got - f(e0, e1, index, signed)) * top
                    if d > worst[model][0]:
                        worst[model] = (d, (r0, r1, index))
        for model, (d, where) in worst.items():
            print(f"{name}: largest difference from the {model} model {d:.4f} (bytes, index {where})")


if __name__ == "__main__":
    main(sys.argv[1])
