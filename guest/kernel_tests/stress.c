// 16 threads on the emulated cores hammer a mutex, a condition variable and the address
// arbiter for a bounded number of rounds; every count must come out exact, with no deadlock
// and no lost wake-up.

#include <stdint.h>

#include "check.h"
#include "svc.h"
#include "thread.h"

enum { kThreads = 16, kRounds = 400, kStack = 0x8000 };

static GuestMutex g_mutex;
static GuestCondition g_turn_changed;
static uint64_t g_protected_counter;  // only touched with g_mutex held
static int g_turn;                    // which thread may pass the condition next
static int32_t g_semaphore;           // a counting semaphore on the address arbiter
static uint64_t g_arbitrated_counter;

static void SemaphoreAcquire(void) {
    for (;;) {
        int32_t value = __atomic_load_n(&g_semaphore, __ATOMIC_ACQUIRE);
        if (value > 0) {
            if (__atomic_compare_exchange_n(&g_semaphore, &value, value - 1, 0, __ATOMIC_ACQUIRE,
                                            __ATOMIC_RELAXED)) {
                return;
            }
            continue;
        }
        svcWaitForAddress(&g_semaphore, 0, 1, -1);  // wait while the value is below 1
    }
}

static void SemaphoreRelease(void) {
    __atomic_fetch_add(&g_semaphore, 1, __ATOMIC_RELEASE);
    svcSignalToAddress(&g_semaphore, 0, 0, 1);
}

static void Worker(void* argument) {
    const int index = (int)(uintptr_t)argument;
    for (int round = 0; round < kRounds; ++round) {
        guest_mutex_lock(&g_mutex);
        ++g_protected_counter;
        guest_mutex_unlock(&g_mutex);

        SemaphoreAcquire();
        g_arbitrated_counter += 1;  // the semaphore holds one token: a critical section
        SemaphoreRelease();

        if (round % 40 == 0) {
            // Take turns in index order through the condition variable.
            guest_mutex_lock(&g_mutex);
            while (g_turn % kThreads != index) {
                guest_condition_wait(&g_turn_changed, &g_mutex, -1);
            }
            ++g_turn;
            guest_condition_signal(&g_turn_changed, -1);
            guest_mutex_unlock(&g_mutex);
        }
    }
}

int main(void) {
    g_semaphore = 1;
    GuestThread threads[kThreads];
    for (int i = 0; i < kThreads; ++i) {
        CHECK_RESULT(guest_thread_create(&threads[i], Worker, (void*)(uintptr_t)i, kStack,
                                         40 + (i % 8), i % 3),
                     0);
    }
    for (int i = 0; i < kThreads; ++i) {
        CHECK_RESULT(guest_thread_start(&threads[i]), 0);
    }
    for (int i = 0; i < kThreads; ++i) {
        CHECK_RESULT(guest_thread_join(&threads[i]), 0);
        guest_thread_close(&threads[i]);
    }
    CHECK(g_protected_counter == (uint64_t)kThreads * kRounds);
    CHECK(g_arbitrated_counter == (uint64_t)kThreads * kRounds);
    CHECK(g_turn == kThreads * (kRounds / 40));
    CHECK(g_mutex.word == 0);
    CHECK(g_semaphore == 1);
    printf("counters %llu %llu, turns %d\n", (unsigned long long)g_protected_counter,
           (unsigned long long)g_arbitrated_counter, g_turn);
    return check_summary("stress");
}
