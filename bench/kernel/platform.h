#pragma once

// What the kernel benchmark needs from the system it runs on. kernel_bench.c is built twice
// from one source: as an nxhost guest (platform_horizon.c: Horizon's SVCs and the guest
// runtime's GuestMutex / GuestCondition) and as a native host program (platform_native.c:
// Linux system calls and pthreads), so that both sides time the same loops.

#include <stdint.h>

// Monotonic time in nanoseconds (the guest reads the 19.2 MHz counter, CNTPCT_EL0).
uint64_t bench_now_ns(void);
void bench_sleep_ns(int64_t nanoseconds);

// One kernel round trip that changes nothing: the calling thread's priority. 0 on success.
int bench_kernel_call(void);

typedef struct BenchThread BenchThread;
typedef struct BenchMutex BenchMutex;
typedef struct BenchCondition BenchCondition;
typedef struct BenchEvent BenchEvent;

// Starts `entry(argument)` on its own thread, held to one (emulated or host) core.
BenchThread* bench_thread_start(void (*entry)(void*), void* argument, int core);
void bench_thread_join(BenchThread* thread);
// Holds the calling (main) thread to `core`.
void bench_pin_self(int core);

BenchMutex* bench_mutex_create(void);
void bench_mutex_lock(BenchMutex* mutex);
void bench_mutex_unlock(BenchMutex* mutex);

BenchCondition* bench_condition_create(void);
void bench_condition_wait(BenchCondition* condition, BenchMutex* mutex);
void bench_condition_signal(BenchCondition* condition);

// An auto-reset event: wait returns once the event is signalled, and un-signals it.
BenchEvent* bench_event_create(void);
void bench_event_signal(BenchEvent* event);
void bench_event_wait(BenchEvent* event);
void bench_event_destroy(BenchEvent* event);
