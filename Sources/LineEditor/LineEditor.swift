// libedit face.
