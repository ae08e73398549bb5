"""Writes the JPEG fixtures JPEGDecoderTests.swift reads, and beside each NAME.jpg the pixels
Pillow (libjpeg-turbo) decodes from it as NAME.rgba: width × height × 4 raw bytes, R G B A,
rows from the top.

Run it from this folder:

    python3 -m venv /tmp/x && /tmp/x/bin/pip install pillow && /tmp/x/bin/python make_jpeg_fixtures.py

Most images are encoded by Pillow. Kinds Pillow cannot write (4:4:0 and 4:1:1 sampling, one
scan per component, SOF1 with 16-bit quantisation tables, restart intervals with fill bytes)
come from the small baseline encoder below, whose Huffman tables give every symbol an 8-bit
code: valid JPEG, just not compact.
"""

import io
import math
import os
from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))


def picture(width, height, mode="RGB"):
    """A colour gradient with a few shapes on it: edges and flat areas both."""
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = (255 * x // max(width - 1, 1), 255 * y // max(height - 1, 1), 255 - 200 * x // max(width - 1, 1))
    draw = ImageDraw.Draw(image)
    draw.ellipse((width // 4, height // 4, width * 3 // 4, height * 3 // 4), fill=(250, 240, 20))
    draw.line((0, height - 1, width - 1, 0), fill=(20, 20, 120), width=2)
    draw.rectangle((1, 1, max(width // 4, 1), max(height // 5, 1)), fill=(200, 30, 40))
    return image.convert(mode)


def save(name, data):
    with open(os.path.join(HERE, name + ".jpg"), "wb") as f:
        f.write(data)
    with open(os.path.join(HERE, name + ".rgba"), "wb") as f:
        f.write(Image.open(io.BytesIO(data)).convert("RGBA").tobytes())


def pillow(image, **options):
    out = io.BytesIO()
    image.save(out, "JPEG", **options)
    return out.getvalue()


# The small encoder: T.81 baseline, forward DCT in floating point.

NATURAL = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]
QUANT = [3 + (i % 8) + (i // 8) for i in range(64)]  # natural order: coarser for higher frequencies
DC_SYMBOLS = list(range(12))
AC_SYMBOLS = [0x00, 0xF0] + [run << 4 | size for run in range(16) for size in range(1, 11)]


def segment(marker, body):
    return bytes([0xFF, marker]) + (len(body) + 2).to_bytes(2, "big") + bytes(body)


def huffman_segment(table_class, index, symbols):
    # Every symbol gets an 8-bit code, in order: code(i) = i.
    counts = [0] * 16
    counts[7] = len(symbols)
    return segment(0xC4, [table_class << 4 | index] + counts + symbols)


class Bits:
    def __init__(self):
        self.out, self.value, self.count = bytearray(), 0, 0

    def put(self, value, length):
        for i in reversed(range(length)):
            self.value = self.value << 1 | (value >> i) & 1
            self.count += 1
            if self.count == 8:
                self.out.append(self.value)
                if self.value == 0xFF:
                    self.out.append(0)  # byte stuffing
                self.value, self.count = 0, 0

    def flush(self):
        while self.count:
            self.put(1, 1)  # pad with ones


def forward_dct(samples):
    out = []
    for v in range(8):
        for u in range(8):
            total = sum(
                (samples[y * 8 + x] - 128) * math.cos((2 * x + 1) * u * math.pi / 16) * math.cos((2 * y + 1) * v * math.pi / 16)
                for y in range(8) for x in range(8))
            scale = (1 / math.sqrt(2) if u == 0 else 1) * (1 / math.sqrt(2) if v == 0 else 1) / 4
            out.append(round(total * scale / QUANT[v * 8 + u]))
    return out


def encode_block(bits, coefficients, previous_dc):
    def magnitude(value):
        size = abs(value).bit_length()
        return size, value if value >= 0 else value + (1 << size) - 1

    size, extra = magnitude(coefficients[0] - previous_dc)
    bits.put(DC_SYMBOLS.index(size), 8)
    bits.put(extra, size)
    run = 0
    for k in range(1, 64):
        value = coefficients[NATURAL[k]]
        if value == 0:
            run += 1
            continue
        while run > 15:
            bits.put(AC_SYMBOLS.index(0xF0), 8)
            run -= 16
        size, extra = magnitude(value)
        bits.put(AC_SYMBOLS.index(run << 4 | size), 8)
        bits.put(extra, size)
        run = 0
    if run:
        bits.put(AC_SYMBOLS.index(0x00), 8)
    return coefficients[0]


def encode(image, sampling, interleaved=True, restart=0, sof=0xC0, wide_quant=False, fill=False):
    """`sampling`: (h, v) for Y, Cb and Cr. Chroma is box-averaged from the full-size planes."""
    width, height = image.size
    planes = [band.load() for band in image.convert("YCbCr").split()]
    h_max, v_max = max(h for h, _ in sampling), max(v for _, v in sampling)
    mcus_x, mcus_y = -(-width // (8 * h_max)), -(-height // (8 * v_max))

    def sample(c, x, y):
        h, v = sampling[c]
        fx, fy = h_max // h, v_max // v
        used_w, used_h = -(-width * h // h_max), -(-height * v // v_max)
        x, y = min(x, used_w - 1), min(y, used_h - 1)  # repeat the edge into padding
        values = [planes[c][min(x * fx + i, width - 1), min(y * fy + j, height - 1)] for j in range(fy) for i in range(fx)]
        return round(sum(values) / len(values))

    def block(c, bx, by):
        return forward_dct([sample(c, bx * 8 + x, by * 8 + y) for y in range(8) for x in range(8)])

    header = bytearray([0xFF, 0xD8])
    header += segment(0xE0, b"JFIF\0" + bytes([1, 1, 0, 0, 1, 0, 1, 0, 0]))
    if wide_quant:
        header += segment(0xDB, [0x10] + [b for k in range(64) for b in QUANT[NATURAL[k]].to_bytes(2, "big")])
    else:
        header += segment(0xDB, [0x00] + [QUANT[NATURAL[k]] for k in range(64)])
    header += segment(sof, [8] + list(height.to_bytes(2, "big")) + list(width.to_bytes(2, "big")) + [3]
                      + [b for c, (h, v) in enumerate(sampling) for b in (c + 1, h << 4 | v, 0)])
    header += huffman_segment(0, 0, DC_SYMBOLS) + huffman_segment(1, 0, AC_SYMBOLS)
    if restart:
        header += segment(0xDD, list(restart.to_bytes(2, "big")))
    out = bytes(header)

    def scan(members, units):
        """`units`: the MCUs in order, each a list of (component index, block x, block y)."""
        body = bytearray()
        bits, predictions = Bits(), [0, 0, 0]
        for n, unit in enumerate(units):
            if restart and n and n % restart == 0:
                bits.flush()
                body += bits.out + (b"\xFF" if fill else b"") + bytes([0xFF, 0xD0 + (n // restart - 1) % 8])
                bits, predictions = Bits(), [0, 0, 0]
            for c, bx, by in unit:
                predictions[c] = encode_block(bits, block(c, bx, by), predictions[c])
        bits.flush()
        sos = segment(0xDA, [len(members)] + [b for c in members for b in (c + 1, 0x00)] + [0, 63, 0])
        return (b"\xFF\xFF" if fill else b"") + sos + bytes(body + bits.out)

    if interleaved:
        units = [[(c, mx * h + i, my * v + j) for c, (h, v) in enumerate(sampling) for j in range(v) for i in range(h)]
                 for my in range(mcus_y) for mx in range(mcus_x)]
        out += scan([0, 1, 2], units)
    else:
        for c, (h, v) in enumerate(sampling):
            blocks_x, blocks_y = -(-(-(-width * h // h_max)) // 8), -(-(-(-height * v // v_max)) // 8)
            out += scan([c], [[(c, bx, by)] for by in range(blocks_y) for bx in range(blocks_x)])
    return out + (b"\xFF\xFF" if fill else b"") + b"\xFF\xD9"


def main():
    colour = picture(24, 24)
    save("gradient-444", pillow(colour, quality=90, subsampling=0))
    save("gradient-422", pillow(colour, quality=90, subsampling=1))
    save("gradient-420", pillow(colour, quality=90, subsampling=2))
    save("grey", pillow(picture(24, 24, "L"), quality=90))
    save("odd-13x7-420", pillow(picture(13, 7), quality=85, subsampling=2))
    save("odd-17x11-422", pillow(picture(17, 11), quality=85, subsampling=1))
    save("odd-5x3-444", pillow(picture(5, 3), quality=95, subsampling=0))
    save("rgb", pillow(picture(16, 9), quality=90, subsampling=0, keep_rgb=True))  # Adobe APP14, transform 0
    save("restart-420", pillow(picture(24, 24), quality=90, subsampling=2, restart_marker_blocks=1))
    save("restart-grey", pillow(picture(21, 19, "L"), quality=90, restart_marker_blocks=3))
    save("progressive-420", pillow(colour, quality=90, subsampling=2, progressive=True))
    save("progressive-444", pillow(picture(23, 17), quality=80, subsampling=0, progressive=True))
    save("progressive-grey", pillow(picture(19, 13, "L"), quality=90, progressive=True))
    save("progressive-restart", pillow(picture(24, 16), quality=90, subsampling=2, progressive=True, restart_marker_blocks=2))
    save("ours-440", encode(picture(19, 13), [(1, 2), (1, 1), (1, 1)]))
    save("ours-411", encode(picture(21, 10), [(4, 1), (1, 1), (1, 1)]))
    save("ours-separate-scans", encode(picture(19, 13), [(2, 2), (1, 1), (1, 1)], interleaved=False, restart=3,
                                       sof=0xC1, wide_quant=True, fill=True))
    save("ours-restart-fill", encode(picture(20, 12), [(2, 1), (1, 1), (1, 1)], restart=1, fill=True))


if __name__ == "__main__":
    main()
