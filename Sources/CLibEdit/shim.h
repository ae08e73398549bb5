// Swift cannot call C variadic functions (el_set, el_get, history) nor use the
// C global `stdin` in Swift 6, so each use we need gets a typed inline wrapper.
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
