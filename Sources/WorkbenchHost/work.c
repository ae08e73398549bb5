// The work the inputs leave running, seen where it starts, so that `stop` (Ctrl-C at an empty
// prompt) can end it: neither Foundation nor Swift's concurrency runtime lists the timers of a
// run loop or the tasks that run. This program exports these functions (Package.swift), so the
// dynamic linker gives the calls to them first, and each goes on to the real one (RTLD_NEXT), as
// curl.c does for libcurl.
//
// - Timers: Foundation's `Timer` is added to a run loop through `CFRunLoopAddTimer`; those of the
//   main run loop (the one the host runs between inputs) are kept, retained, to be invalidated.
// - Tasks: `Task { }` and `Task.detached { }` create their task with `swift_task_create` from the
//   code that names them (the initializer is emitted into the caller); a task whose caller is an
//   input's code (inputcode.c) is kept, retained, to be cancelled. Child tasks (`async let`, a
//   group's) end with their parent and are left to it.
// - Requests: the transfers in flight end (curl.c).
#define _GNU_SOURCE  // RTLD_NEXT, RTLD_DEFAULT
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include "host.h"

// A list of retained objects, guarded by its lock. Those that ended are let go when it has grown
// to `pruneAt` (twice what was left the last time), so a loop that makes many costs no more than
// a constant for each.
struct Kept {
    void **items;
    size_t count, capacity, pruneAt;
    pthread_mutex_t lock;
};

static struct Kept timers = {NULL, 0, 0, 16, PTHREAD_MUTEX_INITIALIZER};
static struct Kept tasks = {NULL, 0, 0, 16, PTHREAD_MUTEX_INITIALIZER};

// Appends `item`, unless `once` and it is there; false when it was not kept (there, or no memory).
static int keep(struct Kept *kept, void *item, int once) {
    for (size_t index = 0; once && index < kept->count; index++) {
        if (kept->items[index] == item) return 0;
    }
    if (kept->count == kept->capacity) {
        size_t capacity = kept->capacity ? kept->capacity * 2 : 16;
        void **grown = realloc(kept->items, capacity * sizeof *grown);
        if (!grown) return 0;
        kept->items = grown;
        kept->capacity = capacity;
    }
    kept->items[kept->count++] = item;
    return 1;
}

// Once the list has grown, takes out the items `ended` says are over, into `over` (released by the
// caller after the lock: a release may run user code, a `deinit`); returns how many. Called with
// the lock held.
static size_t dropEnded(struct Kept *kept, int (*ended)(void *), void ***over) {
    *over = NULL;
    if (kept->count < kept->pruneAt) return 0;
    void **gone = malloc(kept->count * sizeof *gone);
    if (!gone) return 0;
    size_t remaining = 0, goneCount = 0;
    for (size_t index = 0; index < kept->count; index++) {
        if (ended(kept->items[index])) gone[goneCount++] = kept->items[index];
        else kept->items[remaining++] = kept->items[index];
    }
    kept->count = remaining;
    kept->pruneAt = remaining * 2 > 16 ? remaining * 2 : 16;
    *over = gone;
    return goneCount;
}

static void releaseAll(void **items, size_t count, void (*release)(void *)) {
    for (size_t index = 0; index < count; index++) release(items[index]);
    free(items);
}

// CoreFoundation's functions, from Foundation (loaded with the first input).
static void *(*cfRetain)(void *);
static void (*cfRelease)(void *);
static void *(*cfMainRunLoop)(void);
static unsigned char (*cfTimerIsValid)(void *);
static void (*cfTimerInvalidate)(void *);

static int foundCoreFoundation(void) {
    if (cfTimerInvalidate) return 1;
    cfRetain = (void *(*)(void *))dlsym(RTLD_DEFAULT, "CFRetain");
    cfRelease = (void (*)(void *))dlsym(RTLD_DEFAULT, "CFRelease");
    cfMainRunLoop = (void *(*)(void))dlsym(RTLD_DEFAULT, "CFRunLoopGetMain");
    cfTimerIsValid = (unsigned char (*)(void *))dlsym(RTLD_DEFAULT, "CFRunLoopTimerIsValid");
    void (*invalidate)(void *) = (void (*)(void *))dlsym(RTLD_DEFAULT, "CFRunLoopTimerInvalidate");
    if (!cfRetain || !cfRelease || !cfMainRunLoop || !cfTimerIsValid || !invalidate) return 0;
    __atomic_store_n(&cfTimerInvalidate, invalidate, __ATOMIC_RELEASE);
    return 1;
}

static int timerEnded(void *timer) { return !cfTimerIsValid(timer); }

void CFRunLoopAddTimer(void *runLoop, void *timer, void *mode) {
    static void (*real)(void *, void *, void *) = NULL;
    if (!real) real = (void (*)(void *, void *, void *))dlsym(RTLD_NEXT, "CFRunLoopAddTimer");
    if (!real) return;
    real(runLoop, timer, mode);
    if (!timer || !foundCoreFoundation() || runLoop != cfMainRunLoop()) return;
    void **over;
    pthread_mutex_lock(&timers.lock);
    // Timers that fired for the last time, or were invalidated, are let go here.
    size_t overCount = dropEnded(&timers, timerEnded, &over);
    // Added to several modes (the common ones), a timer is still one.
    if (keep(&timers, timer, 1)) cfRetain(timer);
    pthread_mutex_unlock(&timers.lock);
    releaseAll(over, overCount, cfRelease);
}

// Swift's concurrency runtime (libswift_Concurrency, libswiftCore), found once a task is made.
typedef struct {
    void *task;
    void *context;
} TaskAndContext;
typedef TaskAndContext (*TaskCreate)(size_t, void *, const void *, void *, void *) __attribute__((swiftcall));
typedef void (*TaskCancel)(void *) __attribute__((swiftcall));
typedef _Bool (*TaskIsCancelled)(void *) __attribute__((swiftcall));
static void *(*swiftRetain)(void *);
static void (*swiftRelease)(void *);
static size_t (*swiftRetainCount)(void *);
static TaskCancel taskCancel;
static TaskIsCancelled taskIsCancelled;

// TaskCreateFlags: bit 8 marks a child task.
enum { childTaskFlag = 1 << 8 };

static int foundConcurrency(void) {
    if (taskCancel) return 1;
    swiftRetain = (void *(*)(void *))dlsym(RTLD_DEFAULT, "swift_retain");
    swiftRelease = (void (*)(void *))dlsym(RTLD_DEFAULT, "swift_release");
    swiftRetainCount = (size_t (*)(void *))dlsym(RTLD_DEFAULT, "swift_retainCount");
    taskIsCancelled = (TaskIsCancelled)dlsym(RTLD_DEFAULT, "swift_task_isCancelled");
    TaskCancel cancel = (TaskCancel)dlsym(RTLD_DEFAULT, "swift_task_cancel");
    if (!swiftRetain || !swiftRelease || !swiftRetainCount || !taskIsCancelled || !cancel) return 0;
    __atomic_store_n(&taskCancel, cancel, __ATOMIC_RELEASE);
    return 1;
}

// A task holds a reference to itself from its start until it completes, and its `Task` value
// holds one while it is kept: with only the reference kept here left, the task has ended.
static int taskEnded(void *task) { return swiftRetainCount(task) <= 1; }

__attribute__((swiftcall)) TaskAndContext swift_task_create(size_t flags, void *options, const void *resultType,
                                                            void *closureEntry, void *closureContext) {
    static TaskCreate real = NULL;
    if (!real) real = (TaskCreate)dlsym(RTLD_NEXT, "swift_task_create");
    TaskAndContext made = real(flags, options, resultType, closureEntry, closureContext);
    if (!made.task || (flags & childTaskFlag) || !isInputCode((uintptr_t)__builtin_return_address(0))) return made;
    if (!foundConcurrency()) return made;
    void **over;
    pthread_mutex_lock(&tasks.lock);
    size_t overCount = dropEnded(&tasks, taskEnded, &over);
    // Kept tasks stay allocated, so a new one is never one of them.
    if (keep(&tasks, made.task, 0)) swiftRetain(made.task);
    pthread_mutex_unlock(&tasks.lock);
    releaseAll(over, overCount, swiftRelease);
    return made;
}

// Takes the items out of the list: what is done with them then runs without its lock (a timer's
// release, a task's cancellation handler, run user code, which may start a timer or a task).
static void **takeAll(struct Kept *kept, size_t *count) {
    pthread_mutex_lock(&kept->lock);
    void **items = kept->items;
    *count = kept->count;
    kept->items = NULL;
    kept->count = 0;
    kept->capacity = 0;
    kept->pruneAt = 16;
    pthread_mutex_unlock(&kept->lock);
    return items;
}

struct StoppedWork stopWorkLeftRunning(void) {
    struct StoppedWork stopped = {0, 0, 0};
    size_t count = 0;
    void **taken = takeAll(&timers, &count);
    for (size_t index = 0; index < count; index++) {
        if (cfTimerIsValid(taken[index])) {
            cfTimerInvalidate(taken[index]);
            stopped.timers += 1;
        }
        cfRelease(taken[index]);
    }
    free(taken);
    taken = takeAll(&tasks, &count);
    for (size_t index = 0; index < count; index++) {
        // A `Task` value still bound keeps a task that has ended alive too: it may be counted.
        if (!taskEnded(taken[index]) && !taskIsCancelled(taken[index])) {
            taskCancel(taken[index]);
            stopped.tasks += 1;
        }
        swiftRelease(taken[index]);
    }
    free(taken);
    stopped.requests = stopTransfers();
    return stopped;
}
