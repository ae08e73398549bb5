// The prompt's Swift host: a long-lived process into which each compiled input is loaded once, as a
// shared library, so that the values it binds keep living (docs/ARCHITECTURE.md, "The Swift host").
//
// It is C because only C can catch a trap and go on: Swift traps with SIGILL/SIGTRAP, and the
// host jumps back (siglongjmp) to where it called the input, so what earlier inputs bound stays.
// A runaway input is stopped the same way (STOP_INPUT_SIGNAL, host.h), when the signal finds the
// input's own code running. It links nothing of Swift: the inputs bring the runtime and
// WorkbenchKit with them.
//
// Commands, one per line on standard input:
//   env NAME HEX        set (or with no HEX, unset) an environment variable; the value in hex
//   run SYMBOL PATH     load the library at PATH (once; the rest of the line) and call its `int32_t SYMBOL(void)`
//   settle MILLISECONDS run the main run loop until the work the inputs left has ended (replay's end)
//   stop                end the timers, tasks and requests the inputs left running (work.c)
// Each `run` answers one line on descriptor 3, after the input's output was flushed:
//   ok STATUS | trap SIGNAL | stopped | load MESSAGE
// each `settle` one: ok REQUESTS-STILL-IN-FLIGHT (-1: none, but the page that set
// needsIndefiniteExecution had not called finishExecution()), and each `stop` one:
// ok TIMERS TASKS REQUESTS (how many of each it ended).
// Standard output and error are the inputs' own.
//
// Between commands, once an input has loaded WorkbenchKit, its `workbench_host_idle` runs the main
// run loop until the next command can be read, so work the inputs left (a Task, the main queue,
// timers, completion handlers) goes on as in a playground
// (Sources/WorkbenchKit/HostRuntime/HostRuntime+RunLoop.swift). What the inputs' URLSessions
// send passes through curl.c beside this file.
#define _GNU_SOURCE  // RTLD_DEFAULT
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "host.h"

static sigjmp_buf inputReturn;
static volatile sig_atomic_t callingInput = 0;
static pthread_t mainThread;
static FILE *answers;

int isCallingInput(void) { return callingInput; }

pthread_t inputThread(void) { return mainThread; }

void returnFromInput(int reason) {
    callingInput = 0;
    siglongjmp(inputReturn, reason);
}

// A trap on the thread that called the input returns there; anywhere else (a task on another
// thread, or between inputs) the host cannot go on safely, so it ends as the trap would end it.
static void onTrap(int signal, siginfo_t *info, void *context) {
    if (signal == SIGTRAP && handleSingleStep(info, context)) return;
    if (callingInput && pthread_equal(pthread_self(), mainThread)) returnFromInput(signal);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, NULL);
    raise(signal);
}

// Until the first input installs WorkbenchKit's own handler (a flag its requests poll), a Ctrl-C the
// REPL forwards must not end the host.
static void ignoreInterrupt(int signal) { (void)signal; }

#ifdef __GLIBC__
// A stream's lock in glibc (its stdio-lock.h, unchanged for many years): recursive, and it knows
// the thread that holds it.
struct StreamLock {
    int lock;
    int count;
    void *owner;
};
#endif

// Swift's `print` locks standard output around the whole call, also while it runs the input's
// code (a `description`, a value's copy): a jump out of there leaves the stream locked by this
// thread. Its own output goes on (the lock counts), but a task printing from another thread would
// wait forever. Nothing of the host holds a stream here, so every hold of this thread is undone.
static void releaseStreamsHeldByInput(void) {
#ifdef __GLIBC__
    FILE *streams[] = {stdout, stderr};
    for (size_t index = 0; index < sizeof streams / sizeof *streams; index++) {
        struct StreamLock *lock = (struct StreamLock *)streams[index]->_lock;
        for (int held = 0; lock && lock->owner == (void *)pthread_self() && held < 1000; held++) funlockfile(streams[index]);
    }
#endif
}

// The runtime's own ending of an input that was stopped (WorkbenchKit's
// `workbench_host_input_abandoned`: output back to live, the Ctrl-C flag cleared, `wb`'s request
// handed back). Stopped, the input was in its own code; that code may be a closure WorkbenchKit or
// Foundation called, whose frames (and any lock they held) are skipped as a trap skips them: if
// that hangs the next input, the REPL ends the host after a second and rebuilds it.
static void abandonInput(void) {
    void (*abandoned)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "workbench_host_input_abandoned");
    if (abandoned) abandoned();
}

static int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static void setVariable(char *arguments) {
    char *name = strtok(arguments, " ");
    char *hex = strtok(NULL, " ");
    if (!name) return;
    if (!hex) { unsetenv(name); return; }
    size_t length = strlen(hex) / 2;
    char *value = malloc(length + 1);
    if (!value) return;
    for (size_t index = 0; index < length; index++) {
        int high = hexValue(hex[2 * index]), low = hexValue(hex[2 * index + 1]);
        value[index] = (char)((high < 0 || low < 0) ? '?' : high * 16 + low);
    }
    value[length] = 0;
    setenv(name, value, 1);
    free(value);
}

static void runInput(char *arguments) {
    char *symbol = strtok(arguments, " ");
    char *path = strtok(NULL, "");
    if (!path || !symbol) { fprintf(answers, "load malformed run command\n"); return; }
    void *library = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!library) { fprintf(answers, "load %s\n", dlerror()); return; }
    int (*entry)(void) = (int (*)(void))dlsym(library, symbol);
    if (!entry) { fprintf(answers, "load no symbol %s\n", symbol); return; }
    noteInputCode(library);
    int jumped = sigsetjmp(inputReturn, 1);
    if (jumped == 0) {
        inputBegins();
        callingInput = 1;
        int status = entry();
        callingInput = 0;
        fflush(NULL);
        fprintf(answers, "ok %d\n", status);
    } else if (jumped == STOP_INPUT_SIGNAL) {
        releaseStreamsHeldByInput();
        abandonInput();
        fflush(NULL);
        fprintf(answers, "stopped\n");
    } else {
        // Not the runtime's ending here: a trap may come from inside WorkbenchKit, holding a lock
        // that ending would take. The next input's start puts output back (HostRuntime+Host.swift).
        releaseStreamsHeldByInput();
        fflush(NULL);
        fprintf(answers, "trap %d\n", jumped);
    }
}

static void stopWork(void) {
    struct StoppedWork stopped = stopWorkLeftRunning();
    fflush(NULL);
    fprintf(answers, "ok %d %d %d\n", stopped.timers, stopped.tasks, stopped.requests);
}

static void settleWork(char *arguments) {
    int (*settle)(int) = (int (*)(int))dlsym(RTLD_DEFAULT, "workbench_host_settle");
    int pending = settle ? settle(atoi(arguments)) : 0;
    fflush(NULL);
    fprintf(answers, "ok %d\n", pending);
}

int main(void) {
    mainThread = pthread_self();
    answers = fdopen(3, "w");
    if (!answers) return 70;
    setvbuf(answers, NULL, _IOLBF, 0);
    // Printed output arrives as it is printed, and what was printed before a trap is not lost.
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct sigaction trap;
    memset(&trap, 0, sizeof trap);
    trap.sa_sigaction = onTrap;
    // SA_NODEFER: the handler leaves by siglongjmp, and the next trap must reach it again.
    trap.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGILL, &trap, NULL);
    sigaction(SIGTRAP, &trap, NULL);
    struct sigaction interrupt;
    memset(&interrupt, 0, sizeof interrupt);
    interrupt.sa_handler = ignoreInterrupt;
    interrupt.sa_flags = SA_RESTART;
    sigaction(SIGINT, &interrupt, NULL);
    installStopRequests();
    // WorkbenchKit, and Foundation with it, loaded now rather than by the first input: the REPL
    // starts this program while it compiles that input (a first dlopen costs about 17 ms).
    const char *preload = getenv("WORKBENCH_HOST_PRELOAD");
    if (preload && *preload) dlopen(preload, RTLD_NOW | RTLD_GLOBAL);
    unsetenv("WORKBENCH_HOST_PRELOAD");  // the inputs' own environment is the session's

    // Unbuffered: a command read ahead into stdio's buffer would not wake the idle loop's poll.
    setvbuf(stdin, NULL, _IONBF, 0);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    void (*idle)(void) = NULL;
    while (1) {
        if (!idle) idle = (void (*)(void))dlsym(RTLD_DEFAULT, "workbench_host_idle");
        if (idle) idle();
        errno = 0;
        length = getline(&line, &capacity, stdin);
        // A Ctrl-C the REPL forwards between inputs interrupts the read: read again.
        if (length < 0 && errno == EINTR) { clearerr(stdin); continue; }
        if (length <= 0) break;
        if (line[length - 1] == '\n') line[length - 1] = 0;
        if (strncmp(line, "env ", 4) == 0) setVariable(line + 4);
        else if (strncmp(line, "run ", 4) == 0) runInput(line + 4);
        else if (strncmp(line, "settle ", 7) == 0) settleWork(line + 7);
        else if (strcmp(line, "stop") == 0) stopWork();
        else fprintf(answers, "load unknown command\n");
    }
    free(line);
    return 0;
}
