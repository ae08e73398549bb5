"""Figure 18: a 1 MB photo-like JPEG (2000×1500, 4:2:0, made by Pillow in a virtual environment of
the benchmarks' own) decoded and drawn for a 100×40 terminal by Benchmarks/ImageTimes (release), in
each protocol; Pillow decoding the same file, and decoding and shrinking it to the half blocks'
size, are the peers."""
import os
import shutil
import subprocess
import sys

from bench_report import log

HERE = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(HERE, ".build", "image-venv")
PYTHON = os.path.join(VENV, "bin", "python")

# Drawn in the venv: a gradient with noise and shapes (a photograph has both), at the best quality
# that keeps the file within 1.05 MB.
MAKE_JPEG = r"""
import random, sys
from PIL import Image, ImageDraw
random.seed(7)
w, h = 2000, 1500
image = Image.linear_gradient("L").resize((w, h)).convert("RGB")
noise = Image.effect_noise((w, h), 60).convert("RGB")
image = Image.blend(image, noise, 0.6)
draw = ImageDraw.Draw(image)
for _ in range(400):
    x, y, r = random.randrange(w), random.randrange(h), random.randrange(8, 120)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(random.randrange(256) for _ in range(3)))
for quality in range(100, 40, -2):
    image.save(sys.argv[1], "JPEG", quality=quality, subsampling="4:2:0")
    import os
    if os.path.getsize(sys.argv[1]) <= 1_050_000:
        break
print(os.path.getsize(sys.argv[1]))
"""

PILLOW_TIMES = r"""
import sys, time
from PIL import Image
path, runs = sys.argv[1], int(sys.argv[2])
decode, shrink = [], []
for _ in range(runs):
    start = time.perf_counter()
    image = Image.open(path); image.load()
    decode.append(time.perf_counter() - start)
    start = time.perf_counter()
    image = Image.open(path).convert("RGB"); image = image.resize((99, 74), Image.BOX)
    shrink.append(time.perf_counter() - start)
print("decode", *decode)
print("shrink", *shrink)
"""


def venv():
    if not os.path.exists(PYTHON):
        log("making Benchmarks/.build/image-venv with Pillow")
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        # pip's own temporary folders go beside the venv, not in /tmp, and are removed after.
        scratch = os.path.join(HERE, ".build", "image-venv-tmp")
        os.makedirs(scratch, exist_ok=True)
        try:
            subprocess.run([PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "pillow"], check=True,
                           env={**os.environ, "TMPDIR": scratch})
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return PYTHON


def build():
    log("building Benchmarks/ImageTimes (release)")
    subprocess.run(["swift", "build", "-c", "release", "--product", "ImageTimes"], cwd=HERE, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(HERE, ".build", "release", "ImageTimes")


def photo(folder):
    """The JPEG, written to `folder`; its size in bytes."""
    path = os.path.join(folder, "photo.jpg")
    size = int(subprocess.run([venv(), "-c", MAKE_JPEG, path], capture_output=True, text=True, check=True).stdout)
    return path, size


def fields(output):
    return {line.split()[0]: line.split()[1:] for line in output.splitlines() if line.strip()}


def measure(program, path, runs):
    ours = fields(subprocess.run([program, path, str(runs)], capture_output=True, text=True, check=True).stdout)
    theirs = fields(subprocess.run([venv(), "-c", PILLOW_TIMES, path, str(runs)], capture_output=True, text=True, check=True).stdout)
    times = {name: sorted(float(x) for x in values) for name, values in ours.items() if not name.startswith(("bytes", "pixels"))}
    written = {name[len("bytes-"):]: int(values[0]) for name, values in ours.items() if name.startswith("bytes-")}
    peers = {name: sorted(float(x) for x in values) for name, values in theirs.items()}
    return times, written, peers
