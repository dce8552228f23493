// The memory calls with the result codes the console's kernel returns, and QueryMemory's view
// of every range after each step. Run twice: as an NRO (the console's defaults) and as an
// ExeFS under the test profile (small pool, mem_map_limit on, a system resource), told apart by
// the total memory GetInfo reports.

#include <stdint.h>
#include <string.h>

#include "check.h"
#include "svc.h"

enum {
    kPage = 0x1000,
    kRuntimeHeap = 64 << 20,  // what the runtime's malloc owns
    kExtraHeap = 8 << 20,     // grown past it for these tests
    kMiB = 1 << 20,
};

// The test profile (tests/integration/profiles/0100000000001000/game.tsv).
#define PROFILE_POOL 0x10000000ull
#define PROFILE_SYSTEM_RESOURCE 0x100000ull
#define PROFILE_ALIAS 0x40000000ull
#define PROFILE_STACK 0x10000000ull
#define PROFILE_HEAP 0x20000000ull

// svc::MemoryState, MemoryAttribute and MemoryPermission values.
enum {
    kFree = 0x00,
    kCode = 0x03,
    kNormal = 0x05,
    kShared = 0x06,
    kStack = 0x0b,
    kTransferred = 0x0d,
    kSharedTransferred = 0x0e,
    kAliasCode = 0x08,
    kSharedCode = 0x0f,
    kGeneratedCode = 0x14,
    kCodeOut = 0x15,
};
enum { kLocked = 1, kDeviceShared = 4, kUncached = 8, kPermissionLocked = 0x10 };
enum { kNone = 0, kRead = 1, kWrite = 2, kReadWrite = 3, kReadExecute = 5 };

// GetInfo ids.
enum {
    kAliasAddress = 2,
    kAliasSize = 3,
    kHeapAddress = 4,
    kHeapSize = 5,
    kTotalMemory = 6,
    kUsedMemory = 7,
    kIdleTicks = 10,
    kEntropy = 11,
    kAslrAddress = 12,
    kAslrSize = 13,
    kStackAddress = 14,
    kStackSize = 15,
    kSystemResourceTotal = 16,
    kSystemResourceUsed = 17,
    kProgramId = 18,
    kTotalNonSystem = 21,
    kUsedNonSystem = 22,
    kThreadTicks = 25,
};

static uint64_t Info(uint32_t id) {
    uint64_t value = 0;
    CHECK_RESULT(svcGetInfo(&value, id, CUR_PROCESS_HANDLE, 0), 0);
    return value;
}

static MemoryInfo Query(uint64_t address) {
    MemoryInfo info;
    uint32_t page_info = 0;
    memset(&info, 0xee, sizeof(info));
    CHECK_RESULT(svcQueryMemory(&info, &page_info, address), 0);
    return info;
}

// The block at `address`: its state, permission and attribute, and that it covers `size`
// bytes from there.
#define CHECK_BLOCK(address, size_, state_, permission_, attribute_)     \
    do {                                                                 \
        const MemoryInfo info_ = Query((uint64_t)(address));             \
        CHECK_RESULT(info_.type, state_);                                \
        CHECK_RESULT(info_.perm, permission_);                           \
        CHECK_RESULT(info_.attr, attribute_);                            \
        CHECK(info_.addr <= (uint64_t)(address) &&                       \
              info_.addr + info_.size >= (uint64_t)(address) + (size_)); \
        CHECK(info_.ipc_refcount == 0 && info_.device_refcount == 0);    \
    } while (0)

static uint64_t g_heap;         // heap region base (the runtime's heap starts there)
static uint64_t g_heap_region;  // heap region size
static uint64_t g_stack;        // stack region base
static uint64_t g_alias;        // alias region base
static uint64_t g_views;        // free addresses outside heap and alias for mapped views
static uint64_t g_system;       // system resource size
static int g_profile;           // running under the test profile
static char* g_work;            // the extra heap

// The page holding a function of this program (state Code).
static void* CodePage(void (*function)(void)) {
    return (void*)((uintptr_t)function & ~(uintptr_t)(kPage - 1));
}

static void Fill(void* address, uint32_t seed, uint64_t size) {
    uint32_t* words = address;
    for (uint64_t i = 0; i < size / 4; ++i) {
        words[i] = seed + (uint32_t)i;
    }
}

static int Holds(const void* address, uint32_t seed, uint64_t size) {
    const uint32_t* words = address;
    for (uint64_t i = 0; i < size / 4; ++i) {
        if (words[i] != seed + (uint32_t)i) {
            return 0;
        }
    }
    return 1;
}

static void TestLayout(void) {
    const uint64_t alias = Info(kAliasAddress), alias_size = Info(kAliasSize);
    const uint64_t heap = Info(kHeapAddress), heap_size = Info(kHeapSize);
    const uint64_t stack = Info(kStackAddress), stack_size = Info(kStackSize);
    const uint64_t aslr = Info(kAslrAddress), aslr_size = Info(kAslrSize);
    CHECK(aslr == 0x8000000 && aslr + aslr_size == 1ull << 39);
    // Horizon's order with no random offsets: stack, alias, heap, each 2 MiB aligned, inside
    // the map region.
    CHECK(stack + stack_size <= alias && alias + alias_size <= heap);
    CHECK(heap + heap_size <= aslr + aslr_size && stack >= aslr);
    CHECK(((stack | alias | heap | stack_size | alias_size | heap_size) & 0x1fffff) == 0);
    if (g_profile) {
        CHECK(alias_size == PROFILE_ALIAS && stack_size == PROFILE_STACK &&
              heap_size == PROFILE_HEAP);
        CHECK(Info(kSystemResourceTotal) == PROFILE_SYSTEM_RESOURCE);
        CHECK(Info(kProgramId) == 0x0100000000001000ull);
    } else {
        CHECK(alias_size == 64ull << 30 && stack_size == 2ull << 30 && heap_size == 6ull << 30);
        CHECK(Info(kTotalMemory) == 3285ull << 20);  // a Switch 1 program: the 4 GB pool
        CHECK(Info(kSystemResourceTotal) == 0 && Info(kSystemResourceUsed) == 0);
    }
    g_heap = heap;
    g_heap_region = heap_size;
    g_stack = stack;
    g_alias = alias;
    g_views = heap + heap_size + 0x40000000;
    g_system = Info(kSystemResourceTotal);
    CHECK(Info(kTotalNonSystem) == Info(kTotalMemory) - g_system);
    CHECK(Info(kUsedNonSystem) == Info(kUsedMemory) - g_system);
    CHECK_BLOCK(g_views, 0x100000, kFree, kNone, 0);
}

static void TestHeap(void) {
    void* heap = NULL;
    const uint64_t used = Info(kUsedMemory);
    CHECK_RESULT(svcSetHeapSize(&heap, kRuntimeHeap + kExtraHeap), 0);
    CHECK((uint64_t)heap == g_heap);
    CHECK(Info(kUsedMemory) == used + kExtraHeap);
    g_work = (char*)heap + kRuntimeHeap;
    CHECK_BLOCK(g_work, kExtraHeap, kNormal, kReadWrite, 0);
    CHECK_BLOCK(g_work + kExtraHeap, kPage, kFree, kNone, 0);
    CHECK_RESULT(svcSetHeapSize(&heap, kRuntimeHeap + 0x1000), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcSetHeapSize(&heap, g_heap_region + 0x200000), RESULT_OUT_OF_MEMORY);
    CHECK(Info(kUsedMemory) == used + kExtraHeap);
}

static void TestPermission(void) {
    char* page = g_work;
    CHECK_RESULT(svcSetMemoryPermission(page + 1, kPage, kRead), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcSetMemoryPermission(page, 0, kRead), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcSetMemoryPermission(page, 0x800, kRead), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcSetMemoryPermission(page, kPage, kReadExecute),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcSetMemoryPermission(page, kPage, kWrite), RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcSetMemoryPermission((void*)(1ull << 39), kPage, kRead),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryPermission(page, kPage, kRead), 0);
    CHECK_BLOCK(page, kPage, kNormal, kRead, 0);
    CHECK_BLOCK(page + kPage, kPage, kNormal, kReadWrite, 0);
    CHECK(Query((uint64_t)page).size == kPage);
    // A range over blocks that differ is refused whole.
    CHECK_RESULT(svcSetMemoryPermission(page, 2 * kPage, kReadWrite),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryPermission(page, kPage, kNone), 0);
    CHECK_BLOCK(page, kPage, kNormal, kNone, 0);
    CHECK_RESULT(svcSetMemoryPermission(page, kPage, kReadWrite), 0);
    CHECK_BLOCK(page, kExtraHeap, kNormal, kReadWrite, 0);
    // Code, the stack and free memory cannot be reprotected.
    CHECK_RESULT(svcSetMemoryPermission(CodePage(TestPermission), kPage, kRead),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryPermission((void*)g_stack, kPage, kRead),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryPermission((void*)g_views, kPage, kRead),
                 RESULT_INVALID_CURRENT_MEMORY);
}

static void TestAttribute(void) {
    char* page = g_work;
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, kUncached, kUncached), 0);
    CHECK_BLOCK(page, kPage, kNormal, kReadWrite, kUncached);
    page[0] = 5;  // uncached memory stays usable
    CHECK(page[0] == 5);
    // Memory with an attribute cannot be reprotected.
    CHECK_RESULT(svcSetMemoryPermission(page, kPage, kRead), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, kUncached, 0), 0);
    CHECK_BLOCK(page, kExtraHeap, kNormal, kReadWrite, 0);
    CHECK_RESULT(svcSetMemoryAttribute(page + 8, kPage, kUncached, kUncached),
                 RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcSetMemoryAttribute(page, 0, kUncached, kUncached), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, 0, kUncached), RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, kDeviceShared, kDeviceShared),
                 RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, kLocked, kLocked), RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, kPermissionLocked, 0),
                 RESULT_INVALID_COMBINATION);
    // Only module data may be permission-locked; heap and code refuse.
    CHECK_RESULT(svcSetMemoryAttribute(page, kPage, kPermissionLocked, kPermissionLocked),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryAttribute(CodePage(TestAttribute), kPage, kUncached, kUncached),
                 RESULT_INVALID_CURRENT_MEMORY);
}

static void TestMapMemory(void) {
    char* source = g_work;
    char* second = g_work + 0x20000;
    char* destination = (char*)(g_stack + 16 * kMiB);
    char* destination2 = destination + kMiB;
    const uint64_t size = 0x10000;
    const uint64_t used = Info(kUsedMemory);
    Fill(source, 0x1000, size);
    CHECK_RESULT(svcMapMemory(destination + 1, source, size), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcMapMemory(destination, source, 0x1800), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcMapMemory(g_work + kMiB, source, size), RESULT_INVALID_MEMORY_REGION);
    CHECK_RESULT(svcMapMemory(destination, CodePage(TestMapMemory), size),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcMapMemory(destination, (void*)g_views, size), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcMapMemory(destination, source, size), 0);
    CHECK_BLOCK(source, size, kNormal, kNone, kLocked);
    CHECK(Query((uint64_t)source).size == size);
    CHECK_BLOCK(destination, size, kStack, kReadWrite, 0);
    CHECK(Info(kUsedMemory) == used);  // the same pages, no new memory
    CHECK(Holds(destination, 0x1000, size));
    Fill(destination, 0x2000, size);
    // The source is locked, the destination taken.
    CHECK_RESULT(svcMapMemory(destination2, source, size), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcMapMemory(destination, second, size), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcMapMemory(destination2, second, size), 0);
    // Unmapping needs the pages the destination shows.
    CHECK_RESULT(svcUnmapMemory(destination, second, size), RESULT_INVALID_MEMORY_REGION);
    CHECK_RESULT(svcUnmapMemory(destination, source + kPage, size), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcUnmapMemory(g_work + kMiB, source, size), RESULT_INVALID_MEMORY_REGION);
    CHECK_RESULT(svcUnmapMemory(destination, source, size), 0);
    CHECK_BLOCK(source, size, kNormal, kReadWrite, 0);
    CHECK_BLOCK(destination, size, kFree, kNone, 0);
    CHECK(Holds(source, 0x2000, size));  // what the destination wrote
    CHECK_RESULT(svcUnmapMemory(destination, source, size), RESULT_INVALID_CURRENT_MEMORY);
    // Half of an alias, then the other half.
    CHECK_RESULT(svcUnmapMemory(destination2, second, size / 2), 0);
    CHECK_BLOCK(second, size / 2, kNormal, kReadWrite, 0);
    CHECK_BLOCK(second + size / 2, size / 2, kNormal, kNone, kLocked);
    CHECK_RESULT(svcUnmapMemory(destination2 + size / 2, second + size / 2, size / 2), 0);
    CHECK_BLOCK(g_work, kExtraHeap, kNormal, kReadWrite, 0);
}

static void TestPhysicalMemory(void) {
    char* alias = (char*)g_alias;
    CHECK_RESULT(svcMapPhysicalMemory(alias + 1, 0x200000), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcMapPhysicalMemory(alias, 0), RESULT_INVALID_SIZE);
    if (g_system == 0) {
        // Without a system resource there is nothing to build the page tables from.
        CHECK_RESULT(svcMapPhysicalMemory(alias, 0x200000), RESULT_INVALID_STATE);
        CHECK_RESULT(svcUnmapPhysicalMemory(alias, 0x200000), RESULT_INVALID_STATE);
        return;
    }
    const uint64_t used = Info(kUsedMemory);
    CHECK_RESULT(svcMapPhysicalMemory(g_work, 0x200000), RESULT_INVALID_MEMORY_REGION);
    CHECK_RESULT(svcMapPhysicalMemory(alias, 2 * kMiB), 0);
    CHECK_BLOCK(alias, 2 * kMiB, kNormal, kReadWrite, 0);
    CHECK(Info(kUsedMemory) == used + 2 * kMiB);
    CHECK(Info(kSystemResourceUsed) > 0 && Info(kSystemResourceUsed) <= g_system);
    alias[0] = 1;
    // Mapping over what is mapped takes only the rest.
    CHECK_RESULT(svcMapPhysicalMemory(alias + kMiB, 2 * kMiB), 0);
    CHECK(Info(kUsedMemory) == used + 3 * kMiB);
    CHECK(alias[0] == 1);
    CHECK_BLOCK(alias, 3 * kMiB, kNormal, kReadWrite, 0);
    CHECK_RESULT(svcUnmapPhysicalMemory(alias, 4 * kMiB), 0);
    CHECK_BLOCK(alias, 4 * kMiB, kFree, kNone, 0);
    CHECK(Info(kUsedMemory) == used);
}

static void TestLimit(void) {
    if (!g_profile) {
        return;
    }
    CHECK(Info(kTotalMemory) == PROFILE_POOL);
    const uint64_t used = Info(kUsedMemory);
    void* heap = NULL;
    // Past the pool: refused, and nothing mapped.
    CHECK_RESULT(svcSetHeapSize(&heap, PROFILE_POOL), RESULT_LIMIT_REACHED);
    CHECK_BLOCK(g_work + kExtraHeap, kPage, kFree, kNone, 0);
    CHECK(Info(kUsedMemory) == used);
    char* alias = (char*)g_alias;
    CHECK_RESULT(svcMapPhysicalMemory(alias, PROFILE_POOL), RESULT_LIMIT_REACHED);
    CHECK_BLOCK(alias, PROFILE_POOL, kFree, kNone, 0);
    CHECK(Info(kUsedMemory) == used);
    // Exactly what is left fits; one page more does not.
    const uint64_t left = PROFILE_POOL - used;
    CHECK_RESULT(svcMapPhysicalMemory(alias, left), 0);
    CHECK(Info(kUsedMemory) == PROFILE_POOL);
    CHECK_RESULT(svcMapPhysicalMemory(alias + left, kPage), RESULT_LIMIT_REACHED);
    CHECK_BLOCK(alias + left, kPage, kFree, kNone, 0);
    CHECK_RESULT(svcSetHeapSize(&heap, kRuntimeHeap + kExtraHeap + 0x200000), RESULT_LIMIT_REACHED);
    CHECK_RESULT(svcUnmapPhysicalMemory(alias, left), 0);
    CHECK(Info(kUsedMemory) == used);
}

static void TestTransferMemory(void) {
    char* source = g_work;
    char* view = (char*)g_views;
    const uint64_t size = 0x10000;
    Handle transfer = 0;
    Fill(source, 0x3000, size);
    CHECK_RESULT(svcCreateTransferMemory(&transfer, source + 4, size, kNone),
                 RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcCreateTransferMemory(&transfer, source, 0, kNone), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcCreateTransferMemory(&transfer, source, size, kReadExecute),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcCreateTransferMemory(&transfer, view, size, kNone),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcCreateTransferMemory(&transfer, source, size, kNone), 0);
    CHECK_BLOCK(source, size, kNormal, kNone, kLocked);
    Handle again = 0;
    CHECK_RESULT(svcCreateTransferMemory(&again, source, size, kNone),
                 RESULT_INVALID_CURRENT_MEMORY);

    CHECK_RESULT(svcMapTransferMemory(transfer, view, size, kReadWrite), RESULT_INVALID_STATE);
    CHECK_RESULT(svcMapTransferMemory(transfer, view, size, kReadExecute), RESULT_INVALID_STATE);
    CHECK_RESULT(svcMapTransferMemory(transfer, view, 2 * size, kNone), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcMapTransferMemory(transfer, g_work + kMiB, size, kNone),
                 RESULT_INVALID_MEMORY_REGION);
    CHECK_RESULT(svcMapTransferMemory(0x1234, view, size, kNone), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcMapTransferMemory(CUR_THREAD_HANDLE, view, size, kNone), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcMapTransferMemory(transfer, view, size, kNone), 0);
    CHECK_BLOCK(view, size, kTransferred, kReadWrite, 0);
    CHECK(Holds(view, 0x3000, size));
    Fill(view, 0x4000, size);
    CHECK_RESULT(svcMapTransferMemory(transfer, view + kMiB, size, kNone), RESULT_INVALID_STATE);
    CHECK_RESULT(svcUnmapTransferMemory(transfer, view + kMiB, size),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcUnmapTransferMemory(transfer, view, size / 2), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcUnmapTransferMemory(transfer, view, size), 0);
    CHECK_BLOCK(view, size, kFree, kNone, 0);
    // Closing the handle gives the memory back with what the view wrote.
    CHECK_RESULT(svcCloseHandle(transfer), 0);
    CHECK_BLOCK(source, size, kNormal, kReadWrite, 0);
    CHECK(Holds(source, 0x4000, size));

    // An owner that keeps read access sees the view's writes at once: the same pages.
    CHECK_RESULT(svcCreateTransferMemory(&transfer, source, size, kRead), 0);
    CHECK_BLOCK(source, size, kNormal, kRead, kLocked);
    CHECK(Holds(source, 0x4000, size));
    CHECK_RESULT(svcMapTransferMemory(transfer, view, size, kRead), 0);
    CHECK_BLOCK(view, size, kSharedTransferred, kReadWrite, 0);
    Fill(view, 0x5000, size);
    CHECK(Holds(source, 0x5000, size));
    CHECK_RESULT(svcUnmapTransferMemory(transfer, view, size), 0);
    CHECK_RESULT(svcCloseHandle(transfer), 0);
    CHECK_BLOCK(g_work, kExtraHeap, kNormal, kReadWrite, 0);
}

static void TestSharedMemory(void) {
    // Only host services make shared memory; a guest can only be refused here.
    char* view = (char*)g_views;
    Handle transfer = 0;
    CHECK_RESULT(svcMapSharedMemory(0x1234, view + 4, kPage, kRead), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcMapSharedMemory(0x1234, view, 0, kRead), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcMapSharedMemory(0x1234, view, kPage, kReadExecute),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcMapSharedMemory(0x1234, view, kPage, kRead), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcCreateTransferMemory(&transfer, g_work, kPage, kNone), 0);
    CHECK_RESULT(svcMapSharedMemory(transfer, view, kPage, kRead), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcUnmapSharedMemory(transfer, view, kPage), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcCloseHandle(transfer), 0);
    CHECK_BLOCK(view, kPage, kFree, kNone, 0);
}

typedef int (*Function)(void);

static void SyncCode(volatile uint32_t* written, uint64_t executed, uint64_t size) {
    for (uint64_t offset = 0; offset < size; offset += 64) {
        __asm__ volatile("dc cvau, %0" ::"r"((uintptr_t)written + offset) : "memory");
    }
    __asm__ volatile("dsb ish" ::: "memory");
    for (uint64_t offset = 0; offset < size; offset += 64) {
        __asm__ volatile("ic ivau, %0" ::"r"(executed + offset) : "memory");
    }
    __asm__ volatile("dsb ish\n\tisb" ::: "memory");
}

static void WriteReturn(volatile uint32_t* code, uint32_t value) {
    code[0] = 0x52800000u | (value << 5);  // movz w0, #value
    code[1] = 0xd65f03c0u;                 // ret
}

// libnx's JIT of the SetProcessMemoryPermission kind (jit.c): heap made code at another
// address (MapProcessCodeMemory), executable there, and shown once more read-write
// (MapProcessMemory) to write code through: both views are the same bytes.
static void TestProcessMemory(void) {
    const Handle self = 0xFFFF8001;
    char* source = g_work;
    const uint64_t size = 0x10000;
    const uint64_t executable = g_views;
    const uint64_t writable = g_views + kMiB;
    WriteReturn((volatile uint32_t*)source, 5);
    CHECK_RESULT(svcMapProcessCodeMemory(self, executable, (uint64_t)source, size), 0);
    CHECK_RESULT(svcSetProcessMemoryPermission(self, executable, size, kReadExecute), 0);
    CHECK_BLOCK(executable, size, kAliasCode, kReadExecute, 0);
    const Function function = (Function)executable;
    CHECK(function() == 5);

    CHECK_RESULT(svcMapProcessMemory(writable + 4, self, executable, size), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcMapProcessMemory(writable, self, executable, 0), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcMapProcessMemory(writable, 0x1234, executable, size), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcMapProcessMemory(writable, self, (uint64_t)g_work + kMiB, size),
                 RESULT_INVALID_CURRENT_MEMORY);  // heap is not code
    CHECK_RESULT(svcMapProcessMemory(writable, self, executable, size), 0);
    CHECK_BLOCK(writable, size, kSharedCode, kReadWrite, 0);
    volatile uint32_t* words = (volatile uint32_t*)writable;
    CHECK(words[0] == (0x52800000u | (5u << 5)));
    WriteReturn(words, 11);
    SyncCode(words, executable, 8);
    CHECK(function() == 11);

    CHECK_RESULT(svcUnmapProcessMemory(writable, self, executable + kPage, size - kPage),
                 RESULT_INVALID_MEMORY_REGION);  // not the source the view shows
    CHECK_RESULT(svcUnmapProcessMemory(writable, self, executable, size), 0);
    CHECK_BLOCK(writable, size, kFree, kNone, 0);
    CHECK_RESULT(svcUnmapProcessMemory(writable, self, executable, size),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK(function() == 11);
    CHECK_RESULT(svcUnmapProcessCodeMemory(self, executable, (uint64_t)source, size), 0);
    CHECK_BLOCK(source, size, kNormal, kReadWrite, 0);
    CHECK(((volatile uint32_t*)source)[0] == (0x52800000u | (11u << 5)));
}

static void TestCodeMemory(void) {
    char* source = g_work;
    const uint64_t size = 0x10000;
    const uint64_t writable = g_views;
    const uint64_t executable = g_views + kMiB;
    Handle code = 0;
    CHECK_RESULT(svcCreateCodeMemory(&code, source + 4, size), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcCreateCodeMemory(&code, source, 0), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcCreateCodeMemory(&code, (void*)g_views, size), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcCreateCodeMemory(&code, source, size), 0);
    CHECK_BLOCK(source, size, kNormal, kNone, kLocked);

    CHECK_RESULT(svcControlCodeMemory(code, 0, (void*)writable, size, kRead),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcControlCodeMemory(code, 0, g_work + kMiB, size, kReadWrite),
                 RESULT_INVALID_MEMORY_REGION);
    CHECK_RESULT(svcControlCodeMemory(code, 0, (void*)writable, size / 2, kReadWrite),
                 RESULT_INVALID_SIZE);
    CHECK_RESULT(svcControlCodeMemory(code, 7, (void*)writable, size, kReadWrite),
                 RESULT_INVALID_ENUM_VALUE);
    CHECK_RESULT(svcControlCodeMemory(0x1234, 0, (void*)writable, size, kReadWrite),
                 RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcControlCodeMemory(code, 0, (void*)writable, size, kReadWrite), 0);
    CHECK_BLOCK(writable, size, kCodeOut, kReadWrite, 0);
    volatile uint32_t* words = (volatile uint32_t*)writable;
    CHECK(words[0] == 0xffffffffu && words[size / 4 - 1] == 0xffffffffu);  // Horizon's fill
    CHECK_RESULT(svcControlCodeMemory(code, 0, (void*)(writable + kMiB * 2), size, kReadWrite),
                 RESULT_INVALID_STATE);

    WriteReturn(words, 42);
    CHECK_RESULT(svcControlCodeMemory(code, 2, (void*)executable, size, kReadWrite),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcControlCodeMemory(code, 2, (void*)executable, size, kReadExecute), 0);
    CHECK_BLOCK(executable, size, kGeneratedCode, kReadExecute, 0);
    const Function function = (Function)executable;
    CHECK(function() == 42);

    // Rewritten through the writable view, with the cache maintenance a JIT does.
    WriteReturn(words, 7);
    SyncCode(words, executable, 8);
    CHECK(function() == 7);

    // Rewritten while unmapped: mapping again drops what was compiled.
    CHECK_RESULT(svcControlCodeMemory(code, 3, (void*)executable, size, kRead),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcControlCodeMemory(code, 3, (void*)executable, size, kNone), 0);
    CHECK_BLOCK(executable, size, kFree, kNone, 0);
    WriteReturn(words, 9);
    CHECK_RESULT(svcControlCodeMemory(code, 2, (void*)executable, size, kRead), 0);
    CHECK_BLOCK(executable, size, kGeneratedCode, kRead, 0);
    CHECK_RESULT(svcControlCodeMemory(code, 3, (void*)executable, size, kNone), 0);
    CHECK_RESULT(svcControlCodeMemory(code, 2, (void*)executable, size, kReadExecute), 0);
    CHECK(function() == 9);

    CHECK_RESULT(svcControlCodeMemory(code, 1, (void*)(writable + kMiB * 2), size, kNone),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcControlCodeMemory(code, 1, (void*)writable, size, kRead),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcControlCodeMemory(code, 1, (void*)writable, size, kNone), 0);
    CHECK_BLOCK(writable, size, kFree, kNone, 0);
    CHECK_RESULT(svcControlCodeMemory(code, 3, (void*)executable, size, kNone), 0);
    CHECK_RESULT(svcCloseHandle(code), 0);
    CHECK_BLOCK(source, size, kNormal, kReadWrite, 0);
    CHECK(((volatile uint32_t*)source)[0] == (0x52800000u | (9u << 5)));
    CHECK_BLOCK(g_work, kExtraHeap, kNormal, kReadWrite, 0);
}

static void TestQueryAndInfo(void) {
    MemoryInfo info, process_info;
    uint32_t page_info = 1;
    CHECK_RESULT(svcQueryMemory((MemoryInfo*)(uintptr_t)&TestQueryAndInfo, &page_info, g_heap),
                 RESULT_INVALID_POINTER);
    CHECK_RESULT(svcQueryMemory(&info, &page_info, (uint64_t)g_work), 0);
    CHECK(page_info == 0);
    CHECK_RESULT(
        svcQueryProcessMemory(&process_info, &page_info, CUR_PROCESS_HANDLE, (uint64_t)g_work), 0);
    CHECK(memcmp(&info, &process_info, sizeof(info)) == 0);
    CHECK_RESULT(svcQueryProcessMemory(&process_info, &page_info, 0x1234, (uint64_t)g_work),
                 RESULT_INVALID_HANDLE);
    CHECK_BLOCK((uint64_t)&TestQueryAndInfo, 4, kCode, kReadExecute, 0);
    const MemoryInfo top = Query(1ull << 39);
    CHECK(top.addr == 1ull << 39 && top.type == 0x10);

    uint64_t first = 0, second = 0, value = 0;
    CHECK_RESULT(svcGetInfo(&first, kEntropy, 0, 2), 0);
    CHECK_RESULT(svcGetInfo(&second, kEntropy, 0, 2), 0);
    CHECK(first == second);  // fixed per process
    CHECK_RESULT(svcGetInfo(&value, kEntropy, 0, 4), RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcGetInfo(&value, kEntropy, CUR_PROCESS_HANDLE, 0), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcGetInfo(&value, kIdleTicks, 0, UINT64_MAX), 0);
    CHECK_RESULT(svcGetInfo(&value, kIdleTicks, CUR_PROCESS_HANDLE, UINT64_MAX),
                 RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcGetInfo(&value, kIdleTicks, 0, 7), RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcGetInfo(&value, kThreadTicks, CUR_THREAD_HANDLE, UINT64_MAX), 0);
    CHECK_RESULT(svcGetInfo(&value, kThreadTicks, 0x1234, UINT64_MAX), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcGetInfo(&value, kThreadTicks, CUR_THREAD_HANDLE, 9),
                 RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcGetInfo(&value, kHeapAddress, CUR_PROCESS_HANDLE, 1),
                 RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcGetInfo(&value, kHeapAddress, 0x1234, 0), RESULT_INVALID_HANDLE);
}

static void TestHeapShrink(void) {
    void* heap = NULL;
    const uint64_t used = Info(kUsedMemory);
    // Heap that is lent out cannot be freed.
    CHECK_RESULT(svcSetMemoryPermission(g_work + kExtraHeap - kPage, kPage, kRead), 0);
    CHECK_RESULT(svcSetHeapSize(&heap, kRuntimeHeap), RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetMemoryPermission(g_work + kExtraHeap - kPage, kPage, kReadWrite), 0);
    CHECK_RESULT(svcSetHeapSize(&heap, kRuntimeHeap), 0);
    CHECK_BLOCK(g_work, kExtraHeap, kFree, kNone, 0);
    CHECK(Info(kUsedMemory) == used - kExtraHeap);
}

int main(void) {
    g_profile = Info(kTotalMemory) == PROFILE_POOL;
    TestLayout();
    TestHeap();
    TestPermission();
    TestAttribute();
    TestMapMemory();
    TestPhysicalMemory();
    TestLimit();
    TestTransferMemory();
    TestSharedMemory();
    TestCodeMemory();
    TestProcessMemory();
    TestQueryAndInfo();
    TestHeapShrink();
    printf("memory (%s): ", g_profile ? "test profile" : "defaults");
    return check_summary("memory");
}
