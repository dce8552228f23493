"""Runs NVIDIA's nvdisasm (CUDA 11.8) on Maxwell instruction words: NVDISASM names the program."""
import os
import re
import struct
import subprocess
import tempfile

PLAIN_CONTROL = 0x7E1  # stall 1, no barriers: never dual-issued, so no braces in the listing
PADDING = 0x50B0000000070F00  # NOP
# Words per nvdisasm run; a multiple of three, so that runs hold whole bundles.
CHUNK = 60000


def program():
    path = os.environ.get('NVDISASM')
    if not path:
        raise SystemExit('set NVDISASM to nvdisasm 11.8 (see ../../../../shared/notes/oracles.md)')
    return path


def address_of(index):
    """Address of the index-th instruction: three after each 8-byte control word."""
    return (index // 3) * 32 + 8 + (index % 3) * 8


def pack(words, controls):
    out = []
    for i in range(0, len(words), 3):
        group = list(words[i:i + 3]) + [PADDING] * (3 - len(words[i:i + 3]))
        ctl = list(controls[i:i + 3]) + [PLAIN_CONTROL] * (3 - len(controls[i:i + 3]))
        out.append(struct.pack('<4Q', ctl[0] | ctl[1] << 21 | ctl[2] << 42, *group))
    return b''.join(out)


def listing_address(index):
    """Address nvdisasm printed the index-th word of disassemble() at: each run of CHUNK words
    starts at address 0 again (branch targets depend on it)."""
    return address_of(index % CHUNK)


def disassemble(words, controls, chunk=CHUNK, pool=None):
    """nvdisasm's text of each word (listing_address(i) its address), or None where it calls the
    word illegal. With a multiprocessing pool, the runs of chunk words each go at once."""
    runs = [(words[start:start + chunk], controls[start:start + chunk])
            for start in range(0, len(words), chunk)]
    texts = []
    for run in pool.imap(_disassemble, runs) if pool else map(_disassemble, runs):
        texts += run
    return texts


def _disassemble(run):
    words, controls = run
    # nvdisasm refuses a whole file for one illegal word but names every such address: those
    # become NOPs and the file is disassembled again.
    words, controls, illegal = list(words), list(controls), set()
    while True:
        fd, path = tempfile.mkstemp(suffix='.bin')
        os.write(fd, pack(words, controls))
        os.close(fd)
        run = subprocess.run([program(), '-b', 'SM53', path], capture_output=True, text=True)
        os.unlink(path)
        if run.returncode == 0:
            break
        addresses = [int(a, 16) for a in re.findall(r'at address (0x[0-9a-f]+)', run.stderr)]
        if not addresses:
            raise RuntimeError(run.stderr[:400])
        for address in addresses:
            i = (address // 32) * 3 + (address % 32) // 8 - 1
            illegal.add(i)
            words[i], controls[i] = PADDING, PLAIN_CONTROL
    listed = {}
    for line in run.stdout.split('\n'):
        m = re.match(r'\s*/\*([0-9a-f]+)\*/\s*(.*?)\s*$', line)
        if m:
            listed[int(m.group(1), 16)] = m.group(2)
    return [None if i in illegal else listed.get(address_of(i)) for i in range(len(words))]
