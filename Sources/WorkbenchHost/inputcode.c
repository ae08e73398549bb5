// Where the inputs' own code lies in memory: the executable segments of each library `run` loaded.
// stopinput.c stops a runaway input only when the signal interrupted that code (not the Swift runtime,
// Foundation or libc, which may hold a lock the host needs next), and work.c keeps only the tasks
// that code created.
//
// Read from a signal handler and from any thread, written only by the main thread: the list grows
// into a new block that is then published, and an old block is never freed (a reader may still
// be scanning it; the blocks of a whole session are a few kilobytes).
#define _GNU_SOURCE  // dlinfo, RTLD_DI_LINKMAP
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"

struct CodeRange {
    uintptr_t start, end;
};

struct CodeRanges {
    size_t capacity;
    size_t count;
    struct CodeRange ranges[];
};

static struct CodeRanges *published = NULL;

static void addRange(uintptr_t start, uintptr_t end) {
    struct CodeRanges *current = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
    size_t count = current ? __atomic_load_n(&current->count, __ATOMIC_ACQUIRE) : 0;
    // A library's catch-up and live parts are two `run`s of one load.
    for (size_t index = 0; index < count; index++) {
        if (current->ranges[index].start == start) return;
    }
    if (!current || count == current->capacity) {
        size_t capacity = current ? current->capacity * 2 : 64;
        struct CodeRanges *grown = malloc(sizeof *grown + capacity * sizeof(struct CodeRange));
        if (!grown) return;
        grown->capacity = capacity;
        grown->count = count;
        if (count) memcpy(grown->ranges, current->ranges, count * sizeof(struct CodeRange));
        __atomic_store_n(&published, grown, __ATOMIC_RELEASE);
        current = grown;
    }
    current->ranges[count] = (struct CodeRange){start, end};
    __atomic_store_n(&current->count, count + 1, __ATOMIC_RELEASE);
}

static int noteSegments(struct dl_phdr_info *info, size_t size, void *loaded) {
    (void)size;
    if (info->dlpi_addr != ((struct link_map *)loaded)->l_addr) return 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type == PT_LOAD && (segment->p_flags & PF_X)) {
            uintptr_t start = info->dlpi_addr + segment->p_vaddr;
            addRange(start, start + segment->p_memsz);
        }
    }
    return 1;
}

void noteInputCode(void *library) {
    struct link_map *loaded = NULL;
    if (dlinfo(library, RTLD_DI_LINKMAP, &loaded) != 0 || !loaded) return;
    dl_iterate_phdr(noteSegments, loaded);
}

int isInputCode(uintptr_t address) {
    struct CodeRanges *current = __atomic_load_n(&published, __ATOMIC_ACQUIRE);
    if (!current) return 0;
    size_t count = __atomic_load_n(&current->count, __ATOMIC_ACQUIRE);
    for (size_t index = 0; index < count; index++) {
        if (address >= current->ranges[index].start && address < current->ranges[index].end) return 1;
    }
    return 0;
}
