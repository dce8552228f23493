#!/usr/bin/env python3
"""Seed inputs for nx_gpu_pushbuffer_fuzz (tests/gpu/FUZZING.md): submissions that reach the
2D engine (a bilinear blit from pitch to block-linear, solid rectangles) and the compute classes
(a MAXWELL_COMPUTE_B and an AMPERE_COMPUTE_B QMD launch), in the harness's input format: byte 0
(host class bit 0, entry count from bit 1), one 8-byte GP entry, then the 64 KiB window's bytes
from GPU address 0x1'0000'0000. QMD fields at the bit positions of src/gpu/engines/qmd.h.

Usage: pushbuffer_fuzz_seeds.py DIRECTORY
"""
import struct
import sys

BASE = 0x1_0000_0000


def method(words, subchannel, offset, arguments):
    words.append((1 << 29) | (len(arguments) << 16) | (subchannel << 13) | (offset // 4))
    words.extend(arguments)


def write_seed(path, words, blobs, ampere=False):
    memory = bytearray(0x1000)
    pushbuffer = struct.pack('<%dI' % len(words), *words)
    memory[0:len(pushbuffer)] = pushbuffer
    for offset, data in blobs:
        memory[offset:offset + len(data)] = data
    end = max([len(pushbuffer)] + [offset + len(data) for offset, data in blobs])
    entry = len(words) << 42  # GP entry: LENGTH in bits 62:42 of the 64-bit entry, address 0
    with open(path, 'wb') as seed:
        seed.write(bytes([(1 << 1) | int(ampere)]) + struct.pack('<Q', entry) + memory[:end])


def set_bits(qmd, low, count, value):
    for bit in range(count):
        if (value >> bit) & 1:
            qmd[(low + bit) // 32] |= 1 << ((low + bit) % 32)


def main(folder):
    source, destination = BASE + 0x400, BASE + 0x800
    words = []
    method(words, 3, 0, [0x902D])
    method(words, 3, 0x200, [0xCF, 0, 0x10, 1, 0, 0, 8, 8, destination >> 32, destination & 0xFFFFFFFF])
    method(words, 3, 0x230, [0xD5, 1, 0, 1, 0, 64, 16, 16, source >> 32, source & 0xFFFFFFFF])
    method(words, 3, 0x2AC, [3])
    method(words, 3, 0x88C, [0x10])
    method(words, 3, 0x8B0, [0, 0, 8, 8, 0, 2, 0, 2, 0, 0, 0, 0])
    write_seed(f'{folder}/twod_blit', words, [(0x400, bytes(range(256)) * 4)])

    words = []
    method(words, 3, 0, [0x902D])
    method(words, 3, 0x200, [0xE8, 1, 0, 1, 0, 64, 32, 16, destination >> 32, destination & 0xFFFFFFFF])
    method(words, 3, 0x2AC, [3])
    method(words, 3, 0x580, [4, 0xCF, 0xFF336699])
    method(words, 3, 0x600, [1, 2, 9, 7, 3, 3, 30, 15])
    write_seed(f'{folder}/twod_solid', words, [])

    for ampere in (False, True):
        qmd = [0] * 64
        if ampere:
            set_bits(qmd, 580, 4, 3)
            set_bits(qmd, 1536, 49, BASE + 0x600)
            set_bits(qmd, 448, 16, 1)
            set_bits(qmd, 1024, 49, BASE + 0x700)
            set_bits(qmd, 1075, 13, 0x30)
            set_bits(qmd, 768, 40, BASE + 0xA00)
            set_bits(qmd, 823, 1, 1)
            set_bits(qmd, 832, 32, 7)
        else:
            set_bits(qmd, 576, 4, 7)
            set_bits(qmd, 580, 4, 1)
            set_bits(qmd, 256, 32, 0x100)
            set_bits(qmd, 432, 16, 1)
            set_bits(qmd, 928, 40, BASE + 0x700)
            set_bits(qmd, 928 + 47, 17, 0x300)
            set_bits(qmd, 202, 1, 1)
            set_bits(qmd, 736, 40, BASE + 0xA00)
            set_bits(qmd, 736 + 63, 1, 1)
            set_bits(qmd, 800, 32, 7)
        set_bits(qmd, 384, 31, 2)
        set_bits(qmd, 416, 16, 1)
        set_bits(qmd, 592, 16, 32)
        set_bits(qmd, 608, 16, 1)
        set_bits(qmd, 624, 16, 1)
        set_bits(qmd, 640, 1, 1)
        words = []
        method(words, 1, 0, [0xC7C0 if ampere else 0xB1C0])
        if not ampere:
            method(words, 1, 0x1608, [(BASE + 0x500) >> 32, (BASE + 0x500) & 0xFFFFFFFF])
        method(words, 1, 0x2B4, [(BASE + 0x400) >> 8])
        method(words, 1, 0x2BC, [3])
        if ampere:  # BRA to itself, as NVIDIA's code ends
            code = struct.pack('<2Q', 0xFFFFFFF000007947, 0x000FC0000383FFFF)
        else:
            code = struct.pack('<4Q', 0, 0, 0, (0xE24 << 52) | (0xFFFFF8 << 20) | (7 << 16) | 0xF)
        name = 'compute_ampere' if ampere else 'compute_maxwell'
        write_seed(f'{folder}/{name}', words, [(0x400, struct.pack('<64I', *qmd)), (0x600, code)],
                   ampere)


if __name__ == '__main__':
    main(sys.argv[1])
