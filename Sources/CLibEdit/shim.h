// Swift cannot call C variadic functions (el_set, el_get, history) and Swift 6
// rejects the C global `stdin`, so each libedit call we need gets a typed
// inline wrapper here. Nothing else belongs in this header, but for wcwidth below.
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <stdio.h>
#include <histedit.h>

typedef char *(*wb_prompt_fn)(EditLine *);
typedef unsigned char (*wb_command_fn)(EditLine *, int);

// The columns a character takes, as libedit measures them when it lays out a line. Glibc's module
// leaves wcwidth out (wchar.h declares it only for X/Open).
extern int wcwidth(wchar_t c);

// Standard streams (Swift 6 rejects the C globals)
static inline FILE *wb_stdout(void) { return stdout; }
static inline FILE *wb_stdin(void) { return stdin; }

// Line editor
static inline EditLine *wb_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}
static inline int wb_el_set_prompt_esc(EditLine *el, wb_prompt_fn fn, char delimiter) {
    return el_set(el, EL_PROMPT_ESC, fn, delimiter);
}
static inline int wb_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int wb_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}
static inline int wb_el_add_function(EditLine *el, const char *name, const char *help, wb_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int wb_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}
// While editing, Ctrl-C is a key (so it acts in order with type-ahead) rather than a signal.
static inline int wb_el_disable_isig_while_editing(EditLine *el) {
    return el_set(el, EL_SETTY, "-d", "-isig", NULL);
}
// EL_GETCFN: the function libedit reads each key with; NULL (EL_BUILTIN_GETCFN) puts its own back.
static inline int wb_el_set_read_function(EditLine *el, el_rfunc_t fn) {
    return el_set(el, EL_GETCFN, fn);
}
// EL_REFRESH: draws the prompt and the line again, taking the cursor to be at the start of a row.
static inline int wb_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}
static inline int wb_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *wb_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

// History
static inline int wb_history_set_size(History *h, HistEvent *ev, int size) {
    return history(h, ev, H_SETSIZE, size);
}
static inline int wb_history_set_unique(History *h, HistEvent *ev, int unique) {
    return history(h, ev, H_SETUNIQUE, unique);
}
static inline int wb_history_enter(History *h, HistEvent *ev, const char *line) {
    return history(h, ev, H_ENTER, line);
}
static inline int wb_history_load(History *h, HistEvent *ev, const char *path) {
    return history(h, ev, H_LOAD, path);
}
static inline int wb_history_save(History *h, HistEvent *ev, const char *path) {
    return history(h, ev, H_SAVE, path);
}
// Writes the cookie line when the stream is at offset 0, then one line per entry, oldest first.
static inline int wb_history_save_fp(History *h, HistEvent *ev, FILE *fp) {
    return history(h, ev, H_SAVE_FP, fp);
}
static inline int wb_history_clear(History *h, HistEvent *ev) {
    return history(h, ev, H_CLEAR);
}
static inline int wb_history_first(History *h, HistEvent *ev) {
    return history(h, ev, H_FIRST);
}
static inline int wb_history_next(History *h, HistEvent *ev) {
    return history(h, ev, H_NEXT);
}
static inline int wb_history_last(History *h, HistEvent *ev) {
    return history(h, ev, H_LAST);
}
static inline int wb_history_prev(History *h, HistEvent *ev) {
    return history(h, ev, H_PREV);
}

#endif
