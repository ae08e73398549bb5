"""Writes the sandbox's JPEG and WebP images (httpbin's /image/jpeg and /image/webp).

They are the same landscape the sandbox draws itself as PNG and SVG
(Sources/Sandbox/APIs/HTTPBin/HTTPBinImages.swift, `colour(x:y:)`, computed the same way here),
encoded by Pillow, which Swift on Linux has nothing of its own for. Run it again after changing
the picture:

    python3 -m venv /tmp/pillow && /tmp/pillow/bin/pip install pillow
    /tmp/pillow/bin/python scripts/make_sandbox_images.py && rm -rf /tmp/pillow
"""
import math
import pathlib

from PIL import Image

WIDTH, HEIGHT = 128, 96
FOLDER = pathlib.Path(__file__).resolve().parent.parent / "Sources/Sandbox/Data/images"


def colour(x, y):
    if (x - 92) ** 2 + (y - 28) ** 2 <= 14 * 14:
        return (0xFF, 0xC8, 0x3D)  # the sun
    if y >= 70 + 14 * math.cos((x - 30) / 20):
        return (0x3C, 0x8D, 0x2F)  # the near hill
    if y >= 58 + 10 * math.cos((x - 90) / 16):
        return (0x6B, 0xAF, 0x4F)  # the far hill
    t = y / HEIGHT  # the sky, lighter towards the horizon; Swift's UInt8(_:) truncates
    return (int(0x4A + 0x70 * t), int(0x90 + 0x50 * t), int(0xE2 + 0x1A * t))


def main():
    image = Image.new("RGB", (WIDTH, HEIGHT))
    image.putdata([colour(x, y) for y in range(HEIGHT) for x in range(WIDTH)])
    FOLDER.mkdir(parents=True, exist_ok=True)
    # Baseline, 4:2:0 and without EXIF: what most JPEGs served on the web are.
    image.save(FOLDER / "landscape.jpg", "JPEG", quality=85, subsampling="4:2:0", optimize=False, progressive=False)
    image.save(FOLDER / "landscape.webp", "WEBP", quality=80, method=6)


if __name__ == "__main__":
    main()
