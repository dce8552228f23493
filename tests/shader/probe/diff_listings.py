#!/usr/bin/env python3
"""Compares two listings of the same words made by two nvdisasm versions (run_sample.py with
CUDA 11.8's and with 13.0's): prints each word they list differently, grouped by what differs,
and the counts. Usage: diff_listings.py A.tsv.gz B.tsv.gz"""
import collections, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvdisasm_words as nw


def shape(text):
    """The difference's kind: the text with numbers and registers replaced."""
    if text is None:
        return '(illegal)'
    return re.sub(r'\b(R|UR|P|UP|B|SB)\d+\b', r'\1n', re.sub(r'-?0x[0-9a-f]+', 'N', text))


def main():
    a, b = nw.read_listing(sys.argv[1]), nw.read_listing(sys.argv[2])
    if [r[0] for r in a] != [r[0] for r in b]:
        sys.exit('the listings hold different words')
    kinds = collections.defaultdict(list)
    for (word, _, ta), (_, _, tb) in zip(a, b):
        if ta != tb:
            kinds[(shape(ta).split(' ')[0], shape(tb).split(' ')[0])].append((word, ta, tb))
    for (sa, sb), rows in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f'{len(rows):7d}  {sa}  ->  {sb}')
        for word, ta, tb in rows[:3]:
            print(f'         {word:032x}\n           A: {ta}\n           B: {tb}')
    print(f'{sum(len(r) for r in kinds.values())} of {len(a)} words differ')


main()
