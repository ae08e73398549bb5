// What the host's C files share (main.c, stopinput.c, inputcode.c, work.c, curl.c). Nothing here is
// exported: the program exports its other functions, for the libraries it loads (Package.swift).
#ifndef WORKBENCH_HOST_H
#define WORKBENCH_HOST_H

#include <pthread.h>
#include <signal.h>
#include <stdint.h>

// The REPL's request to stop the input that is running (Ctrl-C in a loop): stopinput.c's handler jumps
// back where the host called the input, as for a trap, when the input's own code is what runs.
#define STOP_INPUT_SIGNAL SIGUSR1

#define HIDDEN __attribute__((visibility("hidden")))

// main.c: whether the calling thread is the one running an input now, that thread, and the jump
// back to where the host called the input (from a signal handler on that thread).
HIDDEN int isCallingInput(void);
HIDDEN pthread_t inputThread(void);
HIDDEN _Noreturn void returnFromInput(int reason);

// stopinput.c: the handler of STOP_INPUT_SIGNAL; a single step of the stopping input (SIGTRAP),
// false when the trap is not one; and the start of each input.
HIDDEN void installStopRequests(void);
HIDDEN int handleSingleStep(siginfo_t *info, void *context);
HIDDEN void inputBegins(void);

// inputcode.c: notes the executable code of the input library loaded as `library` (a dlopen
// handle); whether `address` lies in the code of an input's library (async-signal-safe).
HIDDEN void noteInputCode(void *library);
HIDDEN int isInputCode(uintptr_t address);

// What `stop` ended of the work the inputs left running.
struct StoppedWork {
    int timers;
    int tasks;
    int requests;
};
// work.c: invalidates the main run loop's timers, cancels the tasks the inputs' code created and
// ends the requests in flight.
HIDDEN struct StoppedWork stopWorkLeftRunning(void);
// curl.c: ends the requests in flight; returns how many there were.
HIDDEN int stopTransfers(void);

#endif
