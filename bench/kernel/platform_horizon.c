// The kernel benchmark's platform layer under nxhost: Horizon's SVCs and the guest runtime.

#include <stdlib.h>

#include "platform.h"
#include "svc.h"
#include "thread.h"

enum { kStackSize = 0x10000, kPriority = 44 };

struct BenchThread {
    GuestThread thread;
};
struct BenchMutex {
    GuestMutex mutex;
};
struct BenchCondition {
    GuestCondition condition;
};
struct BenchEvent {
    Handle writable;
    Handle readable;
};

static void Fail(const char* what, Result result) {
    svcBreak(0, (uint64_t)what, result);
}

uint64_t bench_now_ns(void) {
    uint64_t ticks;
    __asm__ volatile("isb; mrs %0, cntpct_el0" : "=r"(ticks));
    return ticks * 625 / 12;  // 19.2 MHz: 1e9 / 19.2e6 = 625 / 12 ns a tick
}

void bench_sleep_ns(int64_t nanoseconds) {
    svcSleepThread(nanoseconds);
}

int bench_kernel_call(void) {
    int32_t priority;
    return svcGetThreadPriority(&priority, CUR_THREAD_HANDLE) == 0 ? 0 : -1;
}

BenchThread* bench_thread_start(void (*entry)(void*), void* argument, int core) {
    BenchThread* thread = malloc(sizeof(*thread));
    Result result =
        guest_thread_create(&thread->thread, entry, argument, kStackSize, kPriority, core);
    if (result == 0) {
        result = guest_thread_start(&thread->thread);
    }
    if (result != 0) {
        Fail("bench_thread_start", result);
    }
    return thread;
}

void bench_thread_join(BenchThread* thread) {
    guest_thread_join(&thread->thread);
    guest_thread_close(&thread->thread);
    free(thread);
}

void bench_pin_self(int core) {
    const Result result = svcSetThreadCoreMask(CUR_THREAD_HANDLE, core, 1ull << core);
    if (result != 0) {
        Fail("bench_pin_self", result);
    }
    svcSleepThread(-1);  // yield with migration: leave a core the new mask forbids
}

BenchMutex* bench_mutex_create(void) {
    return calloc(1, sizeof(BenchMutex));
}
void bench_mutex_lock(BenchMutex* mutex) {
    guest_mutex_lock(&mutex->mutex);
}
void bench_mutex_unlock(BenchMutex* mutex) {
    guest_mutex_unlock(&mutex->mutex);
}

BenchCondition* bench_condition_create(void) {
    return calloc(1, sizeof(BenchCondition));
}
void bench_condition_wait(BenchCondition* condition, BenchMutex* mutex) {
    guest_condition_wait(&condition->condition, &mutex->mutex, -1);
}
void bench_condition_signal(BenchCondition* condition) {
    guest_condition_signal(&condition->condition, 1);
}

BenchEvent* bench_event_create(void) {
    BenchEvent* event = malloc(sizeof(*event));
    const Result result = svcCreateEvent(&event->writable, &event->readable);
    if (result != 0) {
        Fail("bench_event_create", result);
    }
    return event;
}

void bench_event_signal(BenchEvent* event) {
    svcSignalEvent(event->writable);
}

void bench_event_wait(BenchEvent* event) {
    int32_t index;
    svcWaitSynchronization(&index, &event->readable, 1, UINT64_MAX);
    svcResetSignal(event->readable);  // Horizon's events stay signalled until reset
}

void bench_event_destroy(BenchEvent* event) {
    svcCloseHandle(event->writable);
    svcCloseHandle(event->readable);
    free(event);
}
