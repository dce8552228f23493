// Kernel benchmark: the costs a game pays for its threads' kernel work, timed by the same code
// under nxhost (an AArch64 guest) and natively (host pthreads); bench/kernel/run.sh puts them
// side by side. Each measurement prints "bench NAME NANOSECONDS", the median of a few runs.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "platform.h"

enum {
    kRepetitions = 5,
    kHandOffRounds = 5000,  // each round is two hand-offs
    kWakeRounds = 1000,
};
static const uint64_t kMinimumBatchTime = 200 * 1000 * 1000;  // ns per timed repetition

static int CompareU64(const void* a, const void* b) {
    const uint64_t x = *(const uint64_t*)a;
    const uint64_t y = *(const uint64_t*)b;
    return (x > y) - (x < y);
}

static uint64_t Median(uint64_t* values, int count) {
    qsort(values, (size_t)count, sizeof(values[0]), CompareU64);
    return values[count / 2];
}

// Values are hundredths of a nanosecond: picolibc's printf may lack floating point.
static void Print(const char* name, uint64_t centi_ns) {
    printf("bench %s %llu.%02llu\n", name, (unsigned long long)(centi_ns / 100),
           (unsigned long long)(centi_ns % 100));
}

// Runs `operation` `batch` times at a go until kMinimumBatchTime passed; hundredths of a ns/op.
static uint64_t TimeLoop(void (*operation)(void*), void* argument, uint64_t batch) {
    uint64_t operations = 0;
    const uint64_t start = bench_now_ns();
    uint64_t elapsed = 0;
    while (elapsed < kMinimumBatchTime) {
        for (uint64_t i = 0; i < batch; ++i) {
            operation(argument);
        }
        operations += batch;
        elapsed = bench_now_ns() - start;
    }
    return elapsed * 100 / operations;
}

static void MeasureLoop(const char* name, void (*operation)(void*), void* argument,
                        uint64_t batch) {
    uint64_t results[kRepetitions];
    for (int i = 0; i < kRepetitions; ++i) {
        results[i] = TimeLoop(operation, argument, batch);
    }
    Print(name, Median(results, kRepetitions));
}

// (a) One kernel round trip with no side effects.
static void KernelCall(void* unused) {
    (void)unused;
    bench_kernel_call();
}

// (b) Lock and unlock with nobody else about: the fast path that never enters the kernel.
static void LockUnlock(void* mutex) {
    bench_mutex_lock(mutex);
    bench_mutex_unlock(mutex);
}

// (c) Two threads on different cores pass a turn back and forth through a mutex and a
// condition variable; every pass is a hand-off of the mutex and a wake-up of the other.
typedef struct {
    BenchMutex* mutex;
    BenchCondition* turn_changed;
    int turn;
} PingPong;

static void Play(PingPong* game, int me) {
    bench_mutex_lock(game->mutex);
    for (int round = 0; round < kHandOffRounds; ++round) {
        while (game->turn != me) {
            bench_condition_wait(game->turn_changed, game->mutex);
        }
        game->turn = 1 - me;
        bench_condition_signal(game->turn_changed);
    }
    bench_mutex_unlock(game->mutex);
}

static void PlayOne(void* game) {
    Play(game, 1);
}

static uint64_t TimeHandOff(void) {
    PingPong game = {bench_mutex_create(), bench_condition_create(), 0};
    const uint64_t start = bench_now_ns();
    BenchThread* other = bench_thread_start(PlayOne, &game, 1);
    Play(&game, 0);
    bench_thread_join(other);
    const uint64_t elapsed = bench_now_ns() - start;
    free(game.mutex);
    free(game.turn_changed);
    return elapsed * 100 / (2 * kHandOffRounds);
}

// (d) From an event's signal on one core to its waiter running on another. The signaller
// sleeps first so that the waiter is surely blocked (and its core idle) when the signal comes.
typedef struct {
    BenchEvent* ping;
    BenchEvent* pong;
    uint64_t sent_at;
    uint64_t latencies[kWakeRounds];
} WakeUp;

static void Waiter(void* raw) {
    WakeUp* wake = raw;
    for (int round = 0; round < kWakeRounds; ++round) {
        bench_event_wait(wake->ping);
        const uint64_t now = bench_now_ns();
        wake->latencies[round] = now - __atomic_load_n(&wake->sent_at, __ATOMIC_ACQUIRE);
        bench_event_signal(wake->pong);
    }
}

static uint64_t TimeWakeUp(void) {
    static WakeUp wake;
    wake.ping = bench_event_create();
    wake.pong = bench_event_create();
    BenchThread* waiter = bench_thread_start(Waiter, &wake, 1);
    for (int round = 0; round < kWakeRounds; ++round) {
        bench_sleep_ns(50 * 1000);
        __atomic_store_n(&wake.sent_at, bench_now_ns(), __ATOMIC_RELEASE);
        bench_event_signal(wake.ping);
        bench_event_wait(wake.pong);
    }
    bench_thread_join(waiter);
    bench_event_destroy(wake.ping);
    bench_event_destroy(wake.pong);
    return Median(wake.latencies, kWakeRounds) * 100;
}

int main(void) {
    bench_pin_self(0);
    if (bench_kernel_call() != 0) {
        printf("the kernel call failed: its timing would be meaningless\n");
        return 1;
    }
    MeasureLoop("kernel_call", KernelCall, NULL, 1000);
    BenchMutex* mutex = bench_mutex_create();
    MeasureLoop("mutex_uncontended", LockUnlock, mutex, 10000);
    free(mutex);

    uint64_t results[kRepetitions];
    for (int i = 0; i < kRepetitions; ++i) {
        results[i] = TimeHandOff();
    }
    Print("mutex_hand_off", Median(results, kRepetitions));
    for (int i = 0; i < kRepetitions; ++i) {
        results[i] = TimeWakeUp();
    }
    Print("wake_up_latency", Median(results, kRepetitions));
    return 0;
}
