#pragma once

// Guest threads, mutexes and condition variables on top of the kernel's calls, in the way the
// console's runtime builds them (the mutex word holds the owner's handle).

#include <stddef.h>
#include <stdint.h>

#include "svc.h"

typedef struct {
    Handle handle;
    void (*entry)(void*);
    void* argument;
    char* stack;
    char* tls;
} GuestThread;

// Allocates the stack and thread-local block with malloc (call from one thread at a time).
Result guest_thread_create(GuestThread* thread, void (*entry)(void*), void* argument,
                           size_t stack_size, int priority, int core);
Result guest_thread_start(GuestThread* thread);
Result guest_thread_join(GuestThread* thread);
void guest_thread_close(GuestThread* thread);
Handle guest_thread_self(void);

typedef struct {
    uint32_t word;
} GuestMutex;
void guest_mutex_lock(GuestMutex* mutex);
void guest_mutex_unlock(GuestMutex* mutex);

typedef struct {
    uint32_t key;
} GuestCondition;
// timeout_ns < 0 waits forever; returns 0 or RESULT_TIMED_OUT (the mutex is held either way).
Result guest_condition_wait(GuestCondition* condition, GuestMutex* mutex, int64_t timeout_ns);
void guest_condition_signal(GuestCondition* condition, int count);
