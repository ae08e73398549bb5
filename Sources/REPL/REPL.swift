import LineEditor
