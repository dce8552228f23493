// Threads, priorities, core masks, events, WaitSynchronization, sleeping and cancellation,
// with the result codes the console's kernel returns.

#include <stdint.h>

#include "check.h"
#include "svc.h"
#include "thread.h"

enum { kStack = 0x10000 };

static volatile uint64_t g_counters[4];
static volatile uint32_t g_processor[4];

static void Count(void* argument) {
    const uintptr_t index = (uintptr_t)argument;
    for (int i = 0; i < 1000; ++i) {
        g_counters[index] += 1;
    }
    g_processor[index] = svcGetCurrentProcessorNumber();
}

static void TestCreateStartJoin(void) {
    GuestThread threads[4];
    for (uintptr_t i = 0; i < 4; ++i) {
        CHECK_RESULT(guest_thread_create(&threads[i], Count, (void*)i, kStack, 44, (int)(i % 3)),
                     0);
    }
    uint64_t first_id = 0, second_id = 0;
    CHECK_RESULT(svcGetThreadId(&first_id, threads[0].handle), 0);
    CHECK_RESULT(svcGetThreadId(&second_id, threads[1].handle), 0);
    CHECK(first_id != second_id);
    for (int i = 0; i < 4; ++i) {
        CHECK_RESULT(guest_thread_start(&threads[i]), 0);
    }
    CHECK_RESULT(svcStartThread(threads[0].handle), RESULT_INVALID_STATE);
    for (int i = 0; i < 4; ++i) {
        CHECK_RESULT(guest_thread_join(&threads[i]), 0);
        CHECK(g_counters[i] == 1000);
        guest_thread_close(&threads[i]);
    }
}

static void TestPriorityAndCoreMask(void) {
    int32_t priority = 0;
    CHECK_RESULT(svcGetThreadPriority(&priority, CUR_THREAD_HANDLE), 0);
    CHECK(priority == 44);
    CHECK_RESULT(svcSetThreadPriority(CUR_THREAD_HANDLE, 70), RESULT_INVALID_PRIORITY);
    CHECK_RESULT(svcSetThreadPriority(CUR_THREAD_HANDLE, 40), 0);
    CHECK_RESULT(svcGetThreadPriority(&priority, CUR_THREAD_HANDLE), 0);
    CHECK(priority == 40);
    CHECK_RESULT(svcSetThreadPriority(CUR_THREAD_HANDLE, 44), 0);

    int32_t core = -5;
    uint64_t mask = 0;
    CHECK_RESULT(svcGetThreadCoreMask(&core, &mask, CUR_THREAD_HANDLE), 0);
    CHECK(core == 0 && mask == 1);
    CHECK_RESULT(svcSetThreadCoreMask(CUR_THREAD_HANDLE, 0, 0x8), RESULT_INVALID_CORE_ID);
    CHECK_RESULT(svcSetThreadCoreMask(CUR_THREAD_HANDLE, 0, 0x2), RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcSetThreadCoreMask(CUR_THREAD_HANDLE, 0, 0x3), 0);
    CHECK_RESULT(svcGetThreadCoreMask(&core, &mask, CUR_THREAD_HANDLE), 0);
    CHECK(core == 0 && mask == 3);
    CHECK_RESULT(svcSetThreadCoreMask(CUR_THREAD_HANDLE, 0, 0x1), 0);
    CHECK_RESULT(svcGetThreadPriority(&priority, 0x1234), RESULT_INVALID_HANDLE);
    CHECK_RESULT(guest_thread_create(&(GuestThread){0}, Count, 0, kStack, 10, 0),
                 RESULT_INVALID_PRIORITY);
    CHECK_RESULT(guest_thread_create(&(GuestThread){0}, Count, 0, kStack, 44, 3),
                 RESULT_INVALID_CORE_ID);
}

static Handle g_readable;
static volatile int g_woken;

static void WaitForEvent(void* argument) {
    (void)argument;
    int32_t index = -1;
    const Result result = svcWaitSynchronization(&index, &g_readable, 1, UINT64_MAX);
    g_woken = result == 0 && index == 0 ? 1 : -1;
}

static void TestEvents(void) {
    Handle writable = 0;
    CHECK_RESULT(svcCreateEvent(&writable, &g_readable), 0);
    int32_t index = -1;
    CHECK_RESULT(svcWaitSynchronization(&index, &g_readable, 1, 0), RESULT_TIMED_OUT);
    CHECK_RESULT(svcResetSignal(g_readable), RESULT_INVALID_STATE);

    GuestThread waiter;
    CHECK_RESULT(guest_thread_create(&waiter, WaitForEvent, 0, kStack, 44, 1), 0);
    CHECK_RESULT(guest_thread_start(&waiter), 0);
    svcSleepThread(2000000);
    CHECK(g_woken == 0);
    CHECK_RESULT(svcSignalEvent(writable), 0);
    CHECK_RESULT(guest_thread_join(&waiter), 0);
    CHECK(g_woken == 1);
    guest_thread_close(&waiter);

    Handle both[2] = {writable == 0 ? 0 : 0x7fff, g_readable};
    CHECK_RESULT(svcWaitSynchronization(&index, both, 2, 0), RESULT_INVALID_HANDLE);
    both[0] = g_readable;
    CHECK_RESULT(svcWaitSynchronization(&index, both, 2, 0), 0);
    CHECK(index == 0);
    CHECK_RESULT(svcResetSignal(g_readable), 0);
    CHECK_RESULT(svcResetSignal(g_readable), RESULT_INVALID_STATE);
    CHECK_RESULT(svcSignalEvent(g_readable), RESULT_INVALID_HANDLE);  // not the writable half
    Handle many[65] = {0};
    CHECK_RESULT(svcWaitSynchronization(&index, many, 65, 0), RESULT_OUT_OF_RANGE);
    CHECK_RESULT(svcCloseHandle(writable), 0);
    CHECK_RESULT(svcCloseHandle(writable), RESULT_INVALID_HANDLE);
}

static void TestSleepAndTimeouts(void) {
    const uint64_t before = svcGetSystemTick();
    svcSleepThread(10000000);  // 10 ms
    const uint64_t elapsed = svcGetSystemTick() - before;
    CHECK(elapsed >= 192000);  // 10 ms of the 19.2 MHz counter

    Handle writable, readable;
    CHECK_RESULT(svcCreateEvent(&writable, &readable), 0);
    int32_t index;
    const uint64_t start = svcGetSystemTick();
    CHECK_RESULT(svcWaitSynchronization(&index, &readable, 1, 5000000), RESULT_TIMED_OUT);
    CHECK(svcGetSystemTick() - start >= 96000);
    svcCloseHandle(writable);
    svcCloseHandle(readable);

    // While this thread slept its core had nothing to run; the thread itself has run a while.
    uint64_t idle = 0, busy = 0, busy_later = 0;
    CHECK_RESULT(svcGetInfo(&idle, 10, 0, UINT64_MAX), 0);
    CHECK(idle >= 96000);
    CHECK_RESULT(svcGetInfo(&idle, 10, 0, 3), RESULT_INVALID_COMBINATION);
    CHECK_RESULT(svcGetInfo(&busy, 25, CUR_THREAD_HANDLE, UINT64_MAX), 0);
    for (volatile int i = 0; i < 1000000; ++i) {
    }
    CHECK_RESULT(svcGetInfo(&busy_later, 25, CUR_THREAD_HANDLE, UINT64_MAX), 0);
    CHECK(busy > 0 && busy_later > busy);
    CHECK_RESULT(svcGetInfo(&busy, 25, 0x7777, UINT64_MAX), RESULT_INVALID_HANDLE);

    // Yields return at once with one runnable thread.
    svcSleepThread(0);
    svcSleepThread(-1);
    svcSleepThread(-2);
}

static Handle g_cancel_event;
static volatile Result g_cancel_result;

static void WaitToBeCancelled(void* argument) {
    (void)argument;
    int32_t index;
    g_cancel_result = svcWaitSynchronization(&index, &g_cancel_event, 1, UINT64_MAX);
}

static void TestCancel(void) {
    Handle writable;
    CHECK_RESULT(svcCreateEvent(&writable, &g_cancel_event), 0);
    GuestThread waiter;
    g_cancel_result = 1;
    CHECK_RESULT(guest_thread_create(&waiter, WaitToBeCancelled, 0, kStack, 44, 0), 0);
    CHECK_RESULT(guest_thread_start(&waiter), 0);
    svcSleepThread(2000000);
    CHECK_RESULT(svcCancelSynchronization(waiter.handle), 0);
    CHECK_RESULT(guest_thread_join(&waiter), 0);
    CHECK_RESULT(g_cancel_result, RESULT_CANCELLED);
    guest_thread_close(&waiter);
    // A cancel aimed at a thread that is not waiting makes its next wait return at once.
    CHECK_RESULT(svcCancelSynchronization(CUR_THREAD_HANDLE), 0);
    int32_t index;
    CHECK_RESULT(svcWaitSynchronization(&index, &g_cancel_event, 1, UINT64_MAX), RESULT_CANCELLED);
    svcCloseHandle(writable);
    svcCloseHandle(g_cancel_event);
}

static void Spin(void* argument) {
    volatile int* stop = argument;
    while (!*stop) {
        svcSleepThread(100000);
    }
}

static void TestActivityAndContext(void) {
    static volatile int stop;
    GuestThread thread;
    CHECK_RESULT(guest_thread_create(&thread, Spin, (void*)&stop, kStack, 44, 0), 0);
    CHECK_RESULT(guest_thread_start(&thread), 0);
    static uint8_t context[0x320];
    CHECK_RESULT(svcGetThreadContext3(context, thread.handle), RESULT_INVALID_STATE);
    CHECK_RESULT(svcSetThreadActivity(thread.handle, 1), 0);
    svcSleepThread(1000000);
    CHECK_RESULT(svcGetThreadContext3(context, thread.handle), 0);
    uint64_t pc;
    __builtin_memcpy(&pc, context + 0x100, sizeof(pc));
    CHECK(pc != 0);
    CHECK_RESULT(svcGetThreadContext3(context, CUR_THREAD_HANDLE), RESULT_BUSY);
    CHECK_RESULT(svcSetThreadActivity(thread.handle, 1), RESULT_INVALID_STATE);
    CHECK_RESULT(svcSetThreadActivity(thread.handle, 0), 0);
    stop = 1;
    CHECK_RESULT(guest_thread_join(&thread), 0);
    guest_thread_close(&thread);
}

int main(void) {
    TestCreateStartJoin();
    TestPriorityAndCoreMask();
    TestEvents();
    TestSleepAndTimeouts();
    TestCancel();
    TestActivityAndContext();
    return check_summary("threads");
}
