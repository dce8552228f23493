#!/usr/bin/env bash
# report_in_chromium.sh NXHOST
# Makes a frame report from a generated statistics file (a 60 fps run with stalls), renders it
# in headless Chromium with no network, and checks the screenshot is a page, not a blank: most
# of it white, with the plots' blues, the stalls' red and the vsync lines' green in it.
set -euo pipefail
nxhost=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  printf 'frame\tguest_ms\tframe_ms\tcpu_ms\tgpu_span_ms\tgpu_sum_ms\tsubmissions\tdraws\tpipelines\tshaders\tupload_bytes\tshader_ms\tpipeline_ms\tupload_ms\n'
  for frame in $(seq 1 600); do
    ms=16.667
    case $frame in 120) ms=41.2 ;; 300) ms=35.0 ;; 450) ms=52.9 ;; esac
    printf '%d\t%d\t%s\t6.1\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\n' "$frame" $((frame * 17)) "$ms"
  done
} > "$work/run.tsv"
"$nxhost" report "$work/run.tsv" -o "$work/report.html"
# No network: the page must render from the file alone.
chromium --headless=new --no-sandbox --disable-gpu --no-first-run --disable-extensions \
  --proxy-server=127.0.0.1:9 --window-size=1040,1800 --hide-scrollbars \
  --screenshot="$work/shot.png" "file://$work/report.html" 2>/dev/null
test -s "$work/shot.png"
cp "$work/shot.png" "${REPORT_SHOT:-/dev/null}" 2>/dev/null || true
python3 - "$work/shot.png" <<'PY'
import struct, sys, zlib

data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat, header = 8, b'', None
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b'IHDR':
        header = struct.unpack('>IIBBBBB', body)
    elif kind == b'IDAT':
        idat += body
    pos += 12 + length
width, height, depth, colour = header[:4]
assert depth == 8 and colour in (2, 6), f'unexpected PNG format {depth} {colour}'
channels = 3 if colour == 2 else 4
raw = zlib.decompress(idat)
stride = width * channels
rows, previous, at = [], bytearray(stride), 0
for _ in range(height):
    kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
    at += 1 + stride
    for i in range(stride):
        left = line[i - channels] if i >= channels else 0
        up, corner = previous[i], previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + left) & 255
        elif kind == 2: line[i] = (line[i] + up) & 255
        elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    rows.append(line)
    previous = line
white = blue = red = green = 0
for line in rows:
    for x in range(0, stride, channels):
        r, g, b = line[x], line[x + 1], line[x + 2]
        white += r > 240 and g > 240 and b > 240
        blue += b > 150 and r < 110 and g < 140
        red += r > 180 and g < 90 and b < 90
        green += g > 130 and r < 90 and b < 150 and g > r + 50
total = width * height
print(f'{width}x{height}: white {white / total:.2f}, blue {blue}, red {red}, green {green}')
assert white / total > 0.5, 'not a page: too little white'
assert white / total < 0.99, 'a blank page'
assert blue > 2000, 'the plots\' blue is missing'
assert red > 20, 'the stall markers are missing'
assert green > 200, 'the vsync lines are missing'
PY
echo "report renders: $work/report.html"
