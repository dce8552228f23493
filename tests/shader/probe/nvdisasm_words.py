"""Shared by the probe scripts: 128-bit words, NVIDIA's nvdisasm run over any number of them, and
the compact listing format the tests read.

nvdisasm rejects a whole blob when one word is illegal, naming each such word's address, so a
first run finds the illegal words and a second run, without them, prints the rest. A listing line
is `WORD<TAB>ADDRESS<TAB>TEXT`: the word as 32 hex digits (high half first), the address nvdisasm
printed it at (branch targets depend on it) and its text; TEXT is empty for a word nvdisasm calls
illegal. Lines starting with '#' are comments (the tool, the generator, the counts)."""
import gzip, io, os, re, struct, subprocess, tempfile

MASK64 = (1 << 64) - 1
# Stall 1, yield, no barriers, no wait mask, no reuse: neutral control bits [105:128).
CONTROL = 0x7f1 << 105
LINE = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?)\s*/\* 0x([0-9a-f]{16}) \*/')
HALF = re.compile(r'\s+/\* 0x[0-9a-f]{16} \*/\s*$')
ADDRESS = re.compile(r'at address 0x([0-9a-f]+)')


def key_of(word):
    """The tables' opcode key: bits [0:12) and bit 91 << 12."""
    return (word & 0xfff) | ((word >> 91) & 1) << 12


def with_key(key, word=0):
    word &= ~(0xfff | 1 << 91)
    return word | (key & 0xfff) | ((key >> 12) & 1) << 91


def nvdisasm_path():
    return os.environ.get('NVDISASM', 'nvdisasm')


def nvdisasm_version(tool):
    out = subprocess.run([tool, '--version'], capture_output=True, text=True).stdout
    found = re.search(r'release ([0-9.]+), (V[0-9.]+)', out)
    return found.group(0) if found else out.strip().splitlines()[-1]


def _run(tool, words, folder):
    path = os.path.join(folder, 'words.bin')
    with open(path, 'wb') as f:
        for w in words:
            f.write(struct.pack('<QQ', w & MASK64, (w >> 64) & MASK64))
    r = subprocess.run([tool, '-b', 'SM86', '-hex', path], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def _parse(listing, count):
    """[(address, text)]: each word's lower half is on a line with its address and text, its upper
    half on the next. nvdisasm prints no text (and no address) for some words: their text is '?'
    here, which no clean text holds."""
    texts, address, pending = [], -16, None
    for line in listing.splitlines():
        m = LINE.search(line)
        if m:
            address = int(m.group(1), 16)
            pending = (address, m.group(2))
        elif HALF.match(line):
            if pending is None:
                address += 16
                pending = (address, '?')
            else:
                texts.append(pending)
                pending = None
    if len(texts) > count:
        raise RuntimeError(f'nvdisasm listed {len(texts)} of {count} words')
    return texts


def disassemble(words, tool=None, chunk=20000):
    """[(word, address, text or None)] in the order given; None = nvdisasm calls it illegal."""
    tool = tool or nvdisasm_path()
    result = []
    with tempfile.TemporaryDirectory() as folder:
        for start in range(0, len(words), chunk):
            result += _disassemble_chunk(tool, words[start:start + chunk], folder)
    return result


def _disassemble_chunk(tool, words, folder):
    keep = list(range(len(words)))
    listed = {}
    for _ in range(256):
        if not keep:
            break
        rc, out, err = _run(tool, [words[i] for i in keep], folder)
        if rc == 0:
            texts = _parse(out, len(keep))
            listed.update(zip(keep, texts))
            # nvdisasm stops listing, without an error, at some words (key 0x1e79): that word
            # counts as illegal and the words after it are listed again.
            keep = keep[len(texts) + 1:]
            continue
        bad = {int(a, 16) // 16 for a in ADDRESS.findall(err)}
        if not bad:
            if len(keep) > 1:
                # An error without an address: halve the blob until the word that causes it is
                # alone.
                half = len(keep) // 2
                for part in (keep[:half], keep[half:]):
                    rows = _disassemble_chunk(tool, [words[i] for i in part], folder)
                    listed.update((i, (a, t)) for i, (_, a, t) in zip(part, rows) if t)
            break
        keep = [i for n, i in enumerate(keep) if n not in bad]
    return [(w, listed[i][0], listed[i][1]) if i in listed else (w, 0, None)
            for i, w in enumerate(words)]


def clean(text):
    """nvdisasm's text names a real encoding: no ???N register or value, no INVALIDn enum, and no
    11.8 '?PMn' mark of bits [102:104)."""
    return text is not None and '?' not in text and 'INVALID' not in text


def write_listing(path, rows, comments=()):
    # mtime=0: the same rows give the same bytes, so a regenerated listing diffs as unchanged.
    raw = open(path, 'wb')
    f = gzip.GzipFile(fileobj=raw, mode='wb', mtime=0, filename='') if path.endswith('.gz') else raw
    with raw, f, io.TextIOWrapper(f, encoding='ascii') as f:
        for c in comments:
            f.write(f'# {c}\n')
        for word, address, text in rows:
            f.write(f'{word:032x}\t{address:x}\t{text or ""}\n')


def read_listing(path):
    opener = gzip.open if path.endswith('.gz') else open
    rows = []
    with opener(path, 'rt') as f:
        for line in f:
            if line.startswith('#'):
                continue
            word, address, text = line.rstrip('\n').split('\t', 2)
            rows.append((int(word, 16), int(address, 16), text or None))
    return rows
