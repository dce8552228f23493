#!/usr/bin/env python3
"""Makes the CI sample's listing: make_sample.py's words (COUNT, SEED; 100,000 and 86 for the
committed sample_sm86.tsv.gz) disassembled by the nvdisasm named in $NVDISASM (two passes for
illegal words, nvdisasm_words.py), written as a gzip-compressed compact listing. Usage:

    NVDISASM=/path/to/nvdisasm run_sample.py OUT.tsv.gz [COUNT [SEED]]"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_sample
import nvdisasm_words as nw


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 86
    tool = nw.nvdisasm_path()
    rows = nw.disassemble(make_sample.words(count, seed), tool)
    legal = sum(1 for r in rows if r[2] is not None)
    clean = sum(1 for r in rows if nw.clean(r[2]))
    nw.write_listing(out, rows, [
        f'make_sample.py {count} words, seed {seed}; nvdisasm {nw.nvdisasm_version(tool)}',
        f'{legal} legal, {clean} with a clean text'])
    print(f'{count} words, {legal} legal, {clean} with a clean text -> {out}')


main()
