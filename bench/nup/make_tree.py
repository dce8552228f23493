#!/usr/bin/env python3
"""Writes a game-like tree for the NUP benchmark: exefs/ with a few modules, romfs/ with many
small files (text-like and binary-like, compressible in the way game data is) and a few large
ones (movies that do not compress, texture archives that partly do).

Usage: make_tree.py FOLDER TOTAL_GB
"""
import os
import random
import sys


def compressible_block(rng, size):
    # Structured records with varied values: about 3-4x with zstd -3, like BYML or BFRES data.
    words = [b"Actor", b"Translate", b"Rotate", b"Scale", b"Obj_", b"Link", b"Kokiri", b"Param",
             b"0.000000", b"1.000000", b"true", b"false", b"Hash", b"Gyml", b"Component"]
    parts = []
    length = 0
    while length < size:
        record = b"%s%d{%s:[%d,%d,%d],%s:%s}" % (
            rng.choice(words), rng.randrange(4096), rng.choice(words), rng.randrange(100000),
            rng.randrange(100000), rng.randrange(100000), rng.choice(words),
            os.urandom(rng.randrange(4, 12)).hex().encode())
        parts.append(record)
        length += len(record)
    return b"".join(parts)[:size]


def main():
    root = sys.argv[1]
    total = int(float(sys.argv[2]) * 1e9)
    rng = random.Random(1234)
    os.makedirs(os.path.join(root, "exefs"), exist_ok=True)
    written = 0

    def write(path, data_blocks):
        nonlocal written
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            for block in data_blocks:
                f.write(block)
                written += len(block)

    base = compressible_block(rng, 1 << 20)

    def mixed(size, noise):
        # Blocks of the compressible base with a share of random bytes.
        left = size
        while left > 0:
            n = min(left, 1 << 20)
            start = rng.randrange(0, (1 << 20) - n + 1)
            chunk = bytearray(base[start:start + n])
            cut = int(n * noise)
            if cut:
                at = rng.randrange(0, n - cut + 1)
                chunk[at:at + cut] = os.urandom(cut)
            yield bytes(chunk)
            left -= n

    write("exefs/main.npdm", [os.urandom(0x400)])
    write("exefs/main", mixed(80 << 20, 0.3))
    write("exefs/sdk", mixed(20 << 20, 0.3))
    write("exefs/subsdk0", mixed(8 << 20, 0.3))
    # A quarter in a few large files: movies (random) and texture packs (half random).
    large = total // 4
    for i in range(4):
        size = large // 4
        if i % 2 == 0:
            write("romfs/Movie/Movie%02d.webm" % i, (os.urandom(min(1 << 20, size - k))
                                                      for k in range(0, size, 1 << 20)))
        else:
            write("romfs/Model/Texture%02d.pack" % i, mixed(size, 0.5))
    # The rest in many small files, 1 kB to 256 kB, in a few hundred folders.
    count = 0
    while written < total:
        size = int(rng.paretovariate(1.2) * 2000) % (256 << 10) + 1024
        folder = "romfs/%s/%03d" % (rng.choice(["Actor", "Layout", "Map", "Effect", "Sound"]),
                                     rng.randrange(200))
        write("%s/file%06d.bin" % (folder, count), mixed(size, 0.2 if count % 3 else 0.05))
        count += 1
    print("%s: %d small files, %.2f GB in all" % (root, count, written / 1e9))


if __name__ == "__main__":
    main()
