// The C side of the guest runtime: relocation, TLS, heap, argv, stdio and exit.

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime_internal.h"
#include "svc.h"

extern int main(int argc, char** argv);
extern void __libc_init_array(void);
extern char __tdata_start[], __tdata_end[], __tbss_start[], __tbss_end[];
_Noreturn void __nx_return_to_loader(uint64_t result, uint64_t stack, uint64_t address);

enum {
    kHeapSize = 64 << 20,
    kMaxArguments = 32,
    kConfigArgv = 5,
    kConfigMainThreadHandle = 1,
    kConfigEnd = 0
};

struct LoaderConfigEntry {
    uint32_t key;
    uint32_t flags;
    uint64_t value[2];
};

static int g_is_nro;
static uint64_t g_return_address;
static uint64_t g_entry_stack;
static char* g_heap_start;
static char* g_heap_next;
static char* g_heap_end;
static _Alignas(64) char g_tls_block[4096];
static char* g_argv[kMaxArguments + 1];

// Runs before relocation: it must not read a pointer stored in data.
void __nx_relocate(uintptr_t base, const Elf64_Dyn* dynamic) {
    const Elf64_Rela* rela = NULL;
    uint64_t rela_size = 0;
    for (; dynamic->d_tag != DT_NULL; ++dynamic) {
        if (dynamic->d_tag == DT_RELA) {
            rela = (const Elf64_Rela*)(base + dynamic->d_un.d_ptr);
        } else if (dynamic->d_tag == DT_RELASZ) {
            rela_size = dynamic->d_un.d_val;
        }
    }
    for (uint64_t i = 0; rela && i < rela_size / sizeof(Elf64_Rela); ++i) {
        if (ELF64_R_TYPE(rela[i].r_info) == R_AARCH64_RELATIVE) {
            *(uint64_t*)(base + rela[i].r_offset) = base + rela[i].r_addend;
        }
    }
}

void* sbrk(ptrdiff_t increment) {
    if (g_heap_next == NULL || increment > g_heap_end - g_heap_next ||
        -increment > g_heap_next - g_heap_start) {
        return (void*)-1;
    }
    char* previous = g_heap_next;
    g_heap_next += increment;
    return previous;
}

// stdout: lines collected and handed to svcOutputDebugString.
static char g_line[512];
static size_t g_line_length;

static int FlushLine(FILE* file) {
    (void)file;
    if (g_line_length > 0) {
        svcOutputDebugString(g_line, g_line_length);
        g_line_length = 0;
    }
    return 0;
}

static int PutCharacter(char c, FILE* file) {
    g_line[g_line_length++] = c;
    if (c == '\n' || g_line_length == sizeof(g_line)) {
        FlushLine(file);
    }
    return (unsigned char)c;
}

static FILE g_stdout = FDEV_SETUP_STREAM(PutCharacter, NULL, FlushLine, _FDEV_SETUP_WRITE);
FILE* const stdout = &g_stdout;
FILE* const stderr = &g_stdout;
FILE* const stdin = NULL;

static int SplitArguments(char* line) {
    int count = 0;
    while (*line && count < kMaxArguments) {
        while (*line == ' ') {
            ++line;
        }
        if (!*line) {
            break;
        }
        const char end = *line == '"' ? '"' : ' ';
        if (end == '"') {
            ++line;
        }
        g_argv[count++] = line;
        while (*line && *line != end) {
            ++line;
        }
        if (*line) {
            *line++ = '\0';
        }
    }
    g_argv[count] = NULL;
    return count;
}

static int ReadArguments(const struct LoaderConfigEntry* entry) {
    for (const struct LoaderConfigEntry* e = entry; e && e->key != kConfigEnd; ++e) {
        if (e->key == kConfigMainThreadHandle) {
            __nx_set_thread_handle((Handle)e->value[0]);
        }
    }
    static char line[2048];
    for (; entry && entry->key != kConfigEnd; ++entry) {
        if (entry->key == kConfigArgv && entry->value[1] != 0) {
            strncpy(line, (const char*)entry->value[1], sizeof(line) - 1);
            return SplitArguments(line);
        }
    }
    return 0;
}

// AArch64 local-exec TLS: TPIDR_EL0 points at a 16-byte control block, the thread's copy of
// .tdata and .tbss follows it.
void __nx_set_up_thread_local_storage(char* block) {
    const size_t data_size = (size_t)(__tdata_end - __tdata_start);
    const size_t bss_size = (size_t)(__tbss_end - __tbss_start);
    if (16 + data_size + bss_size > 4096) {
        static const char message[] = "guest runtime: thread-local data too large\n";
        svcOutputDebugString(message, sizeof(message) - 1);
        svcBreak(0, 0, 0);
    }
    memcpy(block + 16, __tdata_start, data_size);
    memset(block + 16 + data_size, 0, bss_size);
    __asm__ volatile("msr tpidr_el0, %0" ::"r"(block));
}

_Noreturn void _exit(int status) {
    FlushLine(stdout);
    if (g_is_nro) {
        __nx_return_to_loader((uint64_t)(uint32_t)status, g_entry_stack, g_return_address);
    }
    svcExitProcess();
}

_Noreturn void __nx_start(uint64_t loader_config, uint64_t main_thread, uint64_t return_address,
                          uint64_t entry_stack) {
    g_is_nro = main_thread == ~0ull;
    g_return_address = return_address;
    g_entry_stack = entry_stack;

    __nx_set_up_thread_local_storage(g_tls_block);

    void* heap = NULL;
    if (svcSetHeapSize(&heap, kHeapSize) != 0) {
        static const char message[] = "guest runtime: svcSetHeapSize failed\n";
        svcOutputDebugString(message, sizeof(message) - 1);
        svcBreak(0, 0, 0);
    }
    g_heap_start = heap;
    g_heap_next = heap;
    g_heap_end = (char*)heap + kHeapSize;

    if (!g_is_nro) {
        __nx_set_thread_handle((Handle)main_thread);
    }
    const int argc = g_is_nro ? ReadArguments((const struct LoaderConfigEntry*)loader_config) : 0;
    __libc_init_array();
    exit(main(argc, g_argv));
}
