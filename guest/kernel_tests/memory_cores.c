// Memory calls from several cores at once: one thread grows and shrinks the heap while
// another asks how much memory is used and queries the heap's pages, and a third waits on an
// address arbiter word (whose page the kernel looks up). Every answer must be one of the
// states the heap passes through. Run under ThreadSanitizer (`make tsan`) it checks that the
// kernel guards its memory bookkeeping.

#include <stdint.h>

#include "check.h"
#include "svc.h"
#include "thread.h"

enum { kStack = 0x10000, kRounds = 300, kHeapStep = 0x200000 };

static volatile int g_done;
static uint64_t g_heap;
static int g_bad_sizes;
static int g_bad_states;

static void Resizer(void* argument) {
    (void)argument;
    for (int round = 0; round < kRounds; ++round) {
        void* heap;
        svcSetHeapSize(&heap, 2 * kHeapStep);
        svcSetHeapSize(&heap, kHeapStep);
        svcSleepThread(-2);  // yield to any thread: --deterministic runs all on one core
    }
    g_done = 1;
}

static void Reader(void* argument) {
    (void)argument;
    uint64_t first = 0;
    svcGetInfo(&first, 7, CUR_PROCESS_HANDLE, 0);
    while (!g_done) {
        uint64_t used = 0;
        svcGetInfo(&used, 7, CUR_PROCESS_HANDLE, 0);
        // The heap is one or two steps at any moment; everything else is fixed.
        if (used != first && used != first + kHeapStep && used + kHeapStep != first) {
            ++g_bad_sizes;
        }
        MemoryInfo info;
        uint32_t page_info;
        svcQueryMemory(&info, &page_info, g_heap + kHeapStep);
        if (info.type != 0 && info.type != 5) {  // free, or normal (heap) memory
            ++g_bad_states;
        }
        svcSleepThread(-2);
    }
}

int main(void) {
    void* heap;
    CHECK_RESULT(svcSetHeapSize(&heap, kHeapStep), 0);
    g_heap = (uint64_t)heap;
    GuestThread resizer;
    GuestThread reader;
    CHECK_RESULT(guest_thread_create(&resizer, Resizer, 0, kStack, 44, 1), 0);
    CHECK_RESULT(guest_thread_create(&reader, Reader, 0, kStack, 44, 2), 0);
    CHECK_RESULT(guest_thread_start(&reader), 0);
    CHECK_RESULT(guest_thread_start(&resizer), 0);
    // Meanwhile this core's arbiter calls look up pages in the heap the other core changes.
    int32_t* word = (int32_t*)heap;
    while (!g_done) {
        *word = 1;
        svcWaitForAddress(word, 2, 0, 0);  // not equal: returns at once
        svcSignalToAddress(word, 0, 0, 1);
        svcSleepThread(-2);
    }
    CHECK_RESULT(guest_thread_join(&resizer), 0);
    CHECK_RESULT(guest_thread_join(&reader), 0);
    guest_thread_close(&resizer);
    guest_thread_close(&reader);
    CHECK(g_bad_sizes == 0);
    CHECK(g_bad_states == 0);
    return check_summary("memory_cores");
}
