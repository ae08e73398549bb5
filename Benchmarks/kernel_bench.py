"""Figure 17, `workbench kernel`: run by the virtual environment's Python (`make bench-kernel`
makes it), which has jupyter_client, as a notebook frontend drives the kernel.

    kernel_bench.py WORKBENCH FOLDER RUNS CELLS

prints one JSON object:
- "start": for each of RUNS kernels, the seconds from starting the kernel process (as a frontend
  does on opening a notebook) to the first cell's result, `get sandbox/jsonplaceholder/posts/1`;
- "cells": the seconds CELLS cells of `get /posts/N` take through one kernel, each timed from its
  execute request until the kernel is idle again (its reply and all its output received), after a
  warm-up of 20 cells;
- "in_kernel": of those, the seconds the kernel itself took, from its `busy` status to its `idle`
  status (the dates in their headers, the kernel's clock): what is left is jupyter_client's own
  work (its messages signed, parsed and checked in Python) and the sockets between;
- "interrupt": for each of RUNS interrupts of a cell running `while true {}` (sent a second after
  the cell), the seconds from the interrupt request to the cell's reply.
"""
import json
import os
import subprocess
import sys
import threading
import time

from jupyter_client.manager import KernelManager

workbench, folder, runs, cells = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
prefix = os.path.join(folder, "jupyter")
subprocess.run([workbench, "kernel", "install", "--prefix", prefix], check=True, capture_output=True)
os.environ["JUPYTER_PATH"] = os.path.join(prefix, "share", "jupyter")
os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(folder, "jupyter-runtime")


def execute(client, code):
    """Runs `code`; the seconds from the kernel's busy status to its idle one."""
    states = {}

    def hook(message):
        if message["msg_type"] == "status":
            states[message["content"]["execution_state"]] = message["header"]["date"]
    reply = client.execute_interactive(code, timeout=60, output_hook=hook)
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"{code!r} failed in the kernel: {reply['content']}")
    return (states["idle"] - states["busy"]).total_seconds()


def started():
    manager = KernelManager(kernel_name="workbench")
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    return manager, client


results = {"start": []}
for _ in range(runs):
    begun = time.monotonic()
    manager, client = started()
    execute(client, "get sandbox/jsonplaceholder/posts/1")
    results["start"].append(time.monotonic() - begun)
    client.stop_channels()
    manager.shutdown_kernel(now=False)

manager, client = started()
execute(client, "base sandbox/jsonplaceholder")
for index in range(20):
    execute(client, f"get /posts/{index % 100 + 1}")
begun = time.monotonic()
results["in_kernel"] = sum(execute(client, f"get /posts/{index % 100 + 1}") for index in range(cells))
results["cells"] = time.monotonic() - begun
client.stop_channels()
manager.shutdown_kernel(now=False)

# Interrupts in a kernel of their own: after 1000 request cells, the Swift host's first compiled
# input catches up on all their steps first (seconds; Benchmarks/README.md, figure 17).
manager, client = started()
execute(client, "var count = 1")
results["interrupt"] = []
for _ in range(runs):
    sent = []

    def interrupt():
        time.sleep(1)
        sent.append(time.monotonic())
        manager.interrupt_kernel()
    threading.Thread(target=interrupt).start()
    client.execute_interactive("while true {}", timeout=60, output_hook=lambda message: None)
    results["interrupt"].append(time.monotonic() - sent[0])
client.stop_channels()
manager.shutdown_kernel(now=False)
print(json.dumps(results))
