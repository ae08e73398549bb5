"""Writes the PNG, GIF and zlib fixtures that PNGDecoderTests, GIFDecoderTests and InflateTests read.

Each image NAME.png or NAME.gif gets NAME.rgba beside it: the pixels Pillow decodes,
`Image.open(NAME).convert("RGBA").tobytes()`, which the Swift decoders must reproduce exactly.
One exception, grey16.png: Pillow clamps 16-bit grey to 8 bits (every value of 255 or more
turns white), so its reference keeps the high byte of the samples Pillow reads, as Pillow does
for 16-bit colour (Sources/TerminalImages/Decoding/PNGDecoder.swift says why).

Pillow cannot write 2- and 4-bit grey, 16-bit colour, Adam7 interlacing, chosen filters or
split IDAT chunks, and writes GIF local colour tables only for later frames, so those files are
put together here byte by byte (with Python's zlib, and a GIF LZW encoder below); Pillow still
decodes every one of them for the reference.

inflate.bin is compressed by Python's zlib at levels 0, 1 and 9 (inflate-0.zz, …); a short text
at level 9 gives a block with the fixed Huffman code (inflate-fixed.zz, of inflate-fixed.bin).

Run from anywhere (the files are written beside this script):

    python3 -m venv venv && venv/bin/pip install pillow
    venv/bin/python make_png_gif_fixtures.py
"""

import io
import os
import struct
import zlib

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, data, reference=None):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)
    if reference is None:
        reference = Image.open(io.BytesIO(data)).convert("RGBA").tobytes()
    with open(os.path.join(HERE, name.rsplit(".", 1)[0] + ".rgba"), "wb") as f:
        f.write(reference)


def saved(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def scene(size):
    """A gradient with a circle, a rectangle and a line: smooth areas and hard edges."""
    w, h = size
    image = Image.new("RGBA", size)
    image.putdata([(x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), (x + y) * 8 % 256, 255)
                   for y in range(h) for x in range(w)])
    draw = ImageDraw.Draw(image)
    draw.ellipse((w // 4, h // 4, w * 3 // 4, h * 3 // 4), fill=(250, 220, 40, 160))
    draw.rectangle((1, h - 5, w // 2, h - 2), fill=(20, 30, 200, 0))
    draw.line((0, 0, w - 1, h // 2), fill=(255, 255, 255, 255))
    return image


# PNG put together by hand: rows of samples, a filter per row, optional Adam7.

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def pack_row(samples, depth):
    """Samples of one row to bytes: big-endian 16-bit, or sub-byte samples packed high bits first."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, bits, count = bytearray(), 0, 0
    for s in samples:
        bits, count = bits << depth | s, count + depth
        if count == 8:
            out.append(bits)
            bits, count = 0, 0
    if count:
        out.append(bits << (8 - count))
    return bytes(out)


def filter_row(kind, row, above, bpp):
    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c
    out = bytearray([kind])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = above[i]
        c = above[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) % 256)
    return bytes(out)


def png(width, height, depth, colour_type, pixels, interlaced=False, extra_chunks=(), idat_size=None):
    """pixels[y][x] is a tuple of samples; filters cycle through all five, row by row."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    bpp = max(1, channels * depth // 8)
    raw = bytearray()
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if not xs or not ys:
            continue
        above = None
        for n, y in enumerate(ys):
            row = pack_row([s for x in xs for s in pixels[y][x]], depth)
            above = above or bytes(len(row))
            raw += filter_row(n % 5, row, above, bpp)
            above = row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    compressed = zlib.compress(bytes(raw), 9)
    size = idat_size or len(compressed)
    idats = b"".join(chunk(b"IDAT", compressed[i:i + size]) for i in range(0, len(compressed), size))
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1 if interlaced else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + b"".join(chunk(k, d) for k, d in extra_chunks) + idats + chunk(b"IEND", b""))


# GIF put together by hand.

def lzw(indices, minimum):
    clear, end = 1 << minimum, (1 << minimum) + 1
    out, bits, count, size = bytearray(), 0, 0, minimum + 1

    def emit(code):
        nonlocal bits, count
        bits |= code << count
        count += size
        while count >= 8:
            out.append(bits & 255)
            bits, count = bits >> 8, count - 8
    table, following = {(i,): i for i in range(clear)}, end + 1

    def grow():
        # The decoder defines each string one code later than the encoder, so the width grows
        # once the code just defined here reaches the next power of two.
        nonlocal following, size
        if following < 4096:
            following += 1
            if following - 1 == 1 << size and size < 12:
                size += 1
    emit(clear)
    current = ()
    for k in indices:
        if current + (k,) in table:
            current += (k,)
            continue
        emit(table[current])
        if following < 4096:
            table[current + (k,)] = following
        grow()
        current = (k,)
    emit(table[current])
    grow()
    emit(end)
    if count:
        out.append(bits & 255)
    return bytes(out)


def gif(width, height, global_table, frame, interlaced=False, local_table=None, transparent=None):
    """One frame: (left, top, w, h, indices row by row). Tables are padded to a power of two."""
    def table(colours):
        bits = max(1, (len(colours) - 1).bit_length())
        return bits, b"".join(bytes(c) for c in colours) + bytes(3 * ((1 << bits) - len(colours)))
    out = b"GIF89a"
    if global_table:
        bits, data = table(global_table)
        out += struct.pack("<HHBBB", width, height, 0xF0 | (bits - 1), 1, 0) + data
    else:
        out += struct.pack("<HHBBB", width, height, 0, 0, 0)
    out += b"!\xfe\x05hello\x00"  # a comment extension, to be skipped
    if transparent is not None:
        out += b"!\xf9\x04\x01\x00\x00" + bytes([transparent]) + b"\x00"
    left, top, w, h, indices = frame
    flags, local = 0x40 if interlaced else 0, b""
    if local_table:
        bits, local = table(local_table)
        flags |= 0x80 | (bits - 1)
    if interlaced:
        rows = [indices[r * w:(r + 1) * w] for r in range(h)]
        order = [r for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for r in range(start, h, step)]
        indices = [v for r in order for v in rows[r]]
    minimum = max(2, max(indices).bit_length())
    data = lzw(indices, minimum)
    blocks = b"".join(bytes([len(data[i:i + 200])]) + data[i:i + 200] for i in range(0, len(data), 200))
    return (out + b"," + struct.pack("<HHHHB", left, top, w, h, flags) + local
            + bytes([minimum]) + blocks + b"\x00;")


def main():
    picture = scene((20, 16))
    write("rgb8.png", saved(picture.convert("RGB"), "PNG"))
    write("rgba8.png", saved(picture, "PNG"))
    write("grey8.png", saved(picture.convert("L"), "PNG"))
    write("grey1.png", saved(picture.convert("1"), "PNG"))
    write("greyalpha8.png", saved(picture.convert("LA"), "PNG"))
    write("grey8-trns.png", saved(picture.convert("L"), "PNG", transparency=255))
    write("rgb8-trns.png", saved(picture.convert("RGB"), "PNG", transparency=(255, 255, 255)))
    quantized = picture.convert("RGB").quantize(colors=12)
    alphas = bytes([0, 64, 128, 200]) + b"\xff" * 2
    write("palette8-trns.png", saved(quantized, "PNG", transparency=alphas))
    write("palette4-trns.png", saved(quantized, "PNG", transparency=alphas, bits=4))

    grey = [[(x * 3 + y) % 4 for x in range(11)] for y in range(9)]
    write("grey2.png", png(11, 9, 2, 0, [[(v,) for v in row] for row in grey]))
    write("grey4.png", png(13, 7, 4, 0, [[((x + 2 * y) % 16,) for x in range(13)] for y in range(7)]))
    rgba = [[picture.getpixel((x, y)) for x in range(13)] for y in range(7)]
    write("odd-13x7-filters.png", png(13, 7, 8, 2, [[p[:3] for p in row] for row in rgba]))
    write("adam7-rgba.png", png(13, 7, 8, 6, rgba, interlaced=True))
    write("adam7-grey2.png", png(11, 9, 2, 0, [[(v,) for v in row] for row in grey], interlaced=True))
    write("adam7-palette1.png", png(
        9, 10, 1, 3, [[((x * y + x) % 2,) for x in range(9)] for y in range(10)], interlaced=True,
        extra_chunks=[(b"PLTE", bytes([200, 0, 0, 0, 0, 220])), (b"tRNS", bytes([128]))]))
    wide = [[(x * 4000 + y * 37, 65535 - x * 3000, y * 4369 + x) for x in range(12)] for y in range(10)]
    write("rgb16.png", png(12, 10, 16, 2, wide))
    write("rgba16.png", png(12, 10, 16, 6, [[p + (x * 5000,) for x, p in enumerate(row)] for row in wide]))
    write("greyalpha16.png", png(12, 10, 16, 4, [[(p[0], p[1]) for p in row] for row in wide]))
    write("split-idat.png", png(13, 7, 8, 2, [[p[:3] for p in row] for row in rgba], idat_size=20,
                                extra_chunks=[(b"gAMA", struct.pack(">I", 45455)), (b"tEXt", b"Comment\x00hi")]))
    grey16 = Image.new("I;16", (12, 10))
    grey16.putdata([x * 5000 + y * 400 for y in range(10) for x in range(12)])
    data = saved(grey16, "PNG")
    high = Image.open(io.BytesIO(data)).tobytes()[1::2]  # I;16 is little-endian: the high bytes
    write("grey16.png", data, reference=b"".join(bytes([v, v, v, 255]) for v in high))

    # GIF: a global palette, written by Pillow (not interlaced: Pillow interlaces by default).
    write("global.gif", saved(picture.convert("RGB").quantize(colors=32), "GIF", interlace=False))
    colours = [(x * 40 % 256, x * 90 % 256, 255 - x * 16) for x in range(16)]
    indices = [(x // 3 + y // 2) % 16 for y in range(10) for x in range(14)]
    write("local-transparent.gif", gif(24, 18, [(255, 0, 0), (0, 255, 0)], (6, 4, 14, 10, indices),
                                       local_table=colours, transparent=5))
    tall = [(x + y * 3) % 7 for y in range(21) for x in range(9)]
    write("interlaced.gif", gif(9, 21, colours[:7], (0, 0, 9, 21, tall), interlaced=True))
    # No transparency and a frame smaller than the screen: the rest is colour 0, opaque.
    write("uncovered.gif", gif(16, 12, colours, (3, 2, 9, 21 // 3, tall[:63])))

    source = scene((24, 24)).tobytes()
    seed = 12345
    for i in range(6000):
        seed = (seed * 1103515245 + 12345) % 2 ** 31
        # Skewed over all 256 values, so some Huffman codes are longer than ten bits.
        source += bytes([(seed >> 16) % (1 + (seed >> 8) % 256)])
    source += b"a far repeat: " + source[:3000]
    with open(os.path.join(HERE, "inflate.bin"), "wb") as f:
        f.write(source)
    for level in (0, 1, 9):
        with open(os.path.join(HERE, f"inflate-{level}.zz"), "wb") as f:
            f.write(zlib.compress(source, level))
    text = b"a short text, a short text, compressed with the fixed code"
    fixed = zlib.compress(text, 9)
    assert (fixed[2] >> 1) & 3 == 1, "expected a block with the fixed Huffman code"
    with open(os.path.join(HERE, "inflate-fixed.bin"), "wb") as f:
        f.write(text)
    with open(os.path.join(HERE, "inflate-fixed.zz"), "wb") as f:
        f.write(fixed)


if __name__ == "__main__":
    main()
