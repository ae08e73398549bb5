// Stopping a runaway input (Ctrl-C in a loop) without ending the host: the REPL sends
// STOP_INPUT_SIGNAL, and the host jumps back to where it called the input, as after a trap (main.c),
// with what the trap recovery accepts: the input's releases are skipped (a leak), and a lock its
// own code took stays taken.
//
// Only where a trap could have happened, though: while the input's own code runs (inputcode.c).
// Interrupted anywhere else (the Swift runtime, Foundation, libc), the thread may hold a lock the
// host needs next (the allocator's, the runtime's, standard output's, a queue's). A loop that
// prints spends nearly all its time there, blocked in `write`. So on x86-64 the thread then runs on
// one instruction at a time (the trap flag: a SIGTRAP after each) until it is back in an input's
// code, where the locks the calls took are released again, and stops there. Elsewhere the REPL
// asks again every few milliseconds until a request finds the input's code running. A thread that
// never gets back (blocked in a wait, or a second of work inside one call) is ended with the host
// by the REPL, which then rebuilds it.
#define _GNU_SOURCE  // REG_RIP, REG_EFL, TRAP_TRACE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>
#include "host.h"

// Whether the input's thread runs one instruction at a time, to stop at its own code.
static volatile sig_atomic_t stepping = 0;

enum { trapFlag = 0x100 };  // EFLAGS.TF

// Where the signal interrupted the thread (0 where not known: it is then never stopped here).
static uintptr_t interruptedAddress(void *context) {
    ucontext_t *state = context;
#if defined(__x86_64__)
    return (uintptr_t)state->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)state->uc_mcontext.pc;
#else
    (void)state;
    return 0;
#endif
}

// The trap flag in `context` alone: a thread other than the input's (one the input started while it
// was stepped inherits the flag) clears its own without ending the input's stepping.
static void setTrapFlag(void *context, int on) {
#if defined(__x86_64__)
    ucontext_t *state = context;
    if (on) state->uc_mcontext.gregs[REG_EFL] |= trapFlag;
    else state->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)trapFlag;
#else
    (void)context;
    (void)on;
#endif
}

static void setStepping(void *context, int on) {
    stepping = on;
    setTrapFlag(context, on);
}

static int canStep(void) {
#if defined(__x86_64__)
    return 1;
#else
    return 0;
#endif
}

void inputBegins(void) { stepping = 0; }

static void onStopRequest(int signal, siginfo_t *info, void *context) {
    (void)info;
    if (!isCallingInput()) return;
    // Sent to the process, it may reach another thread: it is for the one that runs the input.
    if (!pthread_equal(pthread_self(), inputThread())) {
        pthread_kill(inputThread(), signal);
        return;
    }
    if (isInputCode(interruptedAddress(context))) returnFromInput(STOP_INPUT_SIGNAL);
    // Armed again at each request: one that lands in another signal's handler (the runtime's for
    // SIGINT, sent just before) sets the flag of that handler only, and the handler's return puts
    // back the input's flags without it.
    if (canStep()) setStepping(context, 1);
}

int handleSingleStep(siginfo_t *info, void *context) {
    // Only this file sets the trap flag (a debugger steps through ptrace, without signals).
    if (info->si_code != TRAP_TRACE) return 0;
    // Another thread that inherited the flag runs at full speed again; the input's goes on stepping.
    if (!pthread_equal(pthread_self(), inputThread())) {
        setTrapFlag(context, 0);
        return 1;
    }
    // The input ended meanwhile, on its own or by a trap: the host runs at full speed again.
    if (!stepping || !isCallingInput()) {
        setStepping(context, 0);
        return 1;
    }
    if (isInputCode(interruptedAddress(context))) {
        stepping = 0;
        returnFromInput(STOP_INPUT_SIGNAL);
    }
    return 1;
}

void installStopRequests(void) {
    struct sigaction stop = {0};
    stop.sa_sigaction = onStopRequest;
    // SA_RESTART: a request that finds no input's code running lets the interrupted call go on.
    stop.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&stop.sa_mask);
    sigaction(STOP_INPUT_SIGNAL, &stop, NULL);
}
