"""Executes notebooks with nbclient, as `jupyter nbconvert --execute` does, on the kernel named
`workbench` (JUPYTER_PATH points at its kernelspec), and prints each code cell's source, execution
count and outputs as JSON: {"NOTEBOOK": [{"source", "execution_count", "outputs"}]}."""
import json
import os
import sys

import nbformat
from nbclient import NotebookClient

results = {}
for path in sys.argv[1:]:
    notebook = nbformat.read(path, as_version=4)
    # The kernel runs in the notebook's folder, as JupyterLab and nbconvert start it.
    folder = os.path.dirname(os.path.abspath(path))
    NotebookClient(notebook, kernel_name="workbench", timeout=120, resources={"metadata": {"path": folder}}).execute()
    nbformat.validate(notebook)
    results[path] = [
        {"source": cell.source, "execution_count": cell.execution_count, "outputs": [dict(output) for output in cell.outputs]}
        for cell in notebook.cells if cell.cell_type == "code"
    ]
print(json.dumps(results))
