# On the device: disassemble each blob; drop the words nvdisasm calls illegal and run again.
import os, re, subprocess, struct, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
for name in sorted(os.listdir(src)):
    data = open(os.path.join(src, name), 'rb').read()
    for attempt in range(4):
        path = os.path.join(out, name)
        open(path, 'wb').write(data)
        r = subprocess.run(['nvdisasm', '-b', 'SM86', '-hex', path], capture_output=True, text=True)
        if r.returncode == 0 or not r.stderr:
            open(path[:-4] + '.txt', 'w').write(r.stdout)
            break
        bad = {int(a, 16) // 16 for a in re.findall(r'at address 0x([0-9a-f]+)', r.stderr)}
        if not bad:
            open(path[:-4] + '.err', 'w').write(r.stderr)
            break
        words = [data[i:i + 16] for i in range(0, len(data), 16)]
        data = b''.join(w for i, w in enumerate(words) if i not in bad)
    os.remove(os.path.join(out, name))
