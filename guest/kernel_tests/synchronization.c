// Mutexes (ArbitrateLock / ArbitrateUnlock), condition variables (WaitProcessWideKeyAtomic /
// SignalProcessWideKey) and the address arbiter (WaitForAddress / SignalToAddress).

#include <stdint.h>

#include "check.h"
#include "svc.h"
#include "thread.h"

enum { kStack = 0x10000 };

static GuestMutex g_mutex;
static GuestCondition g_condition;
static volatile int g_ready;
static volatile int g_consumed;

static void Consumer(void* argument) {
    (void)argument;
    guest_mutex_lock(&g_mutex);
    while (!g_ready) {
        guest_condition_wait(&g_condition, &g_mutex, -1);
    }
    g_consumed = 1;
    guest_mutex_unlock(&g_mutex);
}

static void TestMutexAndCondition(void) {
    GuestThread consumer;
    CHECK_RESULT(guest_thread_create(&consumer, Consumer, 0, kStack, 44, 1), 0);
    CHECK_RESULT(guest_thread_start(&consumer), 0);
    svcSleepThread(2000000);
    guest_mutex_lock(&g_mutex);
    CHECK(g_consumed == 0);
    g_ready = 1;
    guest_condition_signal(&g_condition, 1);
    guest_mutex_unlock(&g_mutex);
    CHECK_RESULT(guest_thread_join(&consumer), 0);
    CHECK(g_consumed == 1);
    CHECK(g_mutex.word == 0);
    CHECK(g_condition.key == 0);
    guest_thread_close(&consumer);

    // A timed wait gives the mutex back and takes it again.
    guest_mutex_lock(&g_mutex);
    CHECK_RESULT(guest_condition_wait(&g_condition, &g_mutex, 1000000), RESULT_TIMED_OUT);
    CHECK(g_mutex.word == guest_thread_self());
    guest_mutex_unlock(&g_mutex);
    CHECK_RESULT(svcArbitrateUnlock((uint32_t*)3), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcArbitrateLock(0x1234, (uint32_t*)0x10, guest_thread_self()),
                 RESULT_INVALID_CURRENT_MEMORY);
}

static int32_t g_arbiter_word;
static volatile Result g_arbiter_result = 1;

static volatile int g_arbiter_waiter_started;

static void ArbiterWaiter(void* argument) {
    (void)argument;
    g_arbiter_waiter_started = 1;
    g_arbiter_result = svcWaitForAddress(&g_arbiter_word, 2, 5, -1);  // WaitIfEqual 5
}

static void TestAddressArbiter(void) {
    g_arbiter_word = 5;
    CHECK_RESULT(svcWaitForAddress(&g_arbiter_word, 2, 4, -1), RESULT_INVALID_STATE);
    CHECK_RESULT(svcWaitForAddress(&g_arbiter_word, 0, 5, -1), RESULT_INVALID_STATE);
    CHECK_RESULT(svcWaitForAddress(&g_arbiter_word, 0, 6, 0), RESULT_TIMED_OUT);
    CHECK_RESULT(svcWaitForAddress(&g_arbiter_word, 1, 6, 0), RESULT_TIMED_OUT);
    CHECK(g_arbiter_word == 4);  // decremented before the timeout
    CHECK_RESULT(svcWaitForAddress(&g_arbiter_word, 9, 0, 0), RESULT_INVALID_ENUM_VALUE);
    CHECK_RESULT(svcWaitForAddress((char*)&g_arbiter_word + 1, 2, 0, 0), RESULT_INVALID_ADDRESS);

    g_arbiter_word = 5;
    GuestThread waiter;
    CHECK_RESULT(guest_thread_create(&waiter, ArbiterWaiter, 0, kStack, 44, 2), 0);
    CHECK_RESULT(guest_thread_start(&waiter), 0);
    // The waiter's first run compiles its code, which can take longer than the sleep below on
    // a loaded machine or under ThreadSanitizer: wait until it runs, then give it time to block.
    while (!g_arbiter_waiter_started) {
        svcSleepThread(1000000);
    }
    svcSleepThread(2000000);
    CHECK(g_arbiter_result == 1);
    CHECK_RESULT(svcSignalToAddress(&g_arbiter_word, 1, 4, 1), RESULT_INVALID_STATE);
    CHECK_RESULT(svcSignalToAddress(&g_arbiter_word, 1, 5, 1), 0);  // increment if equal
    CHECK(g_arbiter_word == 6);
    CHECK_RESULT(guest_thread_join(&waiter), 0);
    CHECK_RESULT(g_arbiter_result, 0);
    guest_thread_close(&waiter);

    // With no waiters, modify-by-waiting-count adds one.
    CHECK_RESULT(svcSignalToAddress(&g_arbiter_word, 2, 6, 1), 0);
    CHECK(g_arbiter_word == 7);
    CHECK_RESULT(svcSignalToAddress(&g_arbiter_word, 0, 0, -1), 0);
}

int main(void) {
    TestMutexAndCondition();
    TestAddressArbiter();
    return check_summary("synchronization");
}
