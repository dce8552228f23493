#include "thread.h"

#include <stdlib.h>
#include <string.h>

#include "runtime_internal.h"

enum { kHandleWaitMask = 0x40000000, kTlsBlockSize = 4096 };

static _Thread_local Handle t_self;

Handle guest_thread_self(void) {
    return t_self;
}

void __nx_set_thread_handle(Handle handle) {
    t_self = handle;
}

static void ThreadEntry(void* raw) {
    GuestThread* thread = raw;
    __nx_set_up_thread_local_storage(thread->tls);
    t_self = thread->handle;
    thread->entry(thread->argument);
    svcExitThread();
}

Result guest_thread_create(GuestThread* thread, void (*entry)(void*), void* argument,
                           size_t stack_size, int priority, int core) {
    memset(thread, 0, sizeof(*thread));
    thread->entry = entry;
    thread->argument = argument;
    thread->stack = aligned_alloc(16, stack_size);
    thread->tls = aligned_alloc(64, kTlsBlockSize);
    if (thread->stack == NULL || thread->tls == NULL) {
        free(thread->stack);
        free(thread->tls);
        return RESULT_INVALID_SIZE;
    }
    const Result result = svcCreateThread(&thread->handle, ThreadEntry, thread,
                                          thread->stack + stack_size, priority, core);
    if (result != 0) {
        free(thread->stack);
        free(thread->tls);
        thread->stack = thread->tls = NULL;
    }
    return result;
}

Result guest_thread_start(GuestThread* thread) {
    return svcStartThread(thread->handle);
}

Result guest_thread_join(GuestThread* thread) {
    int32_t index;
    return svcWaitSynchronization(&index, &thread->handle, 1, UINT64_MAX);
}

void guest_thread_close(GuestThread* thread) {
    svcCloseHandle(thread->handle);
    free(thread->stack);
    free(thread->tls);
    thread->stack = thread->tls = NULL;
}

void guest_mutex_lock(GuestMutex* mutex) {
    const Handle self = t_self;
    for (;;) {
        uint32_t value = 0;
        if (__atomic_compare_exchange_n(&mutex->word, &value, self, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            return;
        }
        if ((value & kHandleWaitMask) == 0 &&
            !__atomic_compare_exchange_n(&mutex->word, &value, value | kHandleWaitMask, 0,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            continue;
        }
        svcArbitrateLock(value & ~kHandleWaitMask, &mutex->word, self);
        if ((__atomic_load_n(&mutex->word, __ATOMIC_ACQUIRE) & ~kHandleWaitMask) == self) {
            return;  // the kernel handed it over
        }
    }
}

void guest_mutex_unlock(GuestMutex* mutex) {
    uint32_t value = t_self;
    if (__atomic_compare_exchange_n(&mutex->word, &value, 0, 0, __ATOMIC_RELEASE,
                                    __ATOMIC_RELAXED)) {
        return;
    }
    svcArbitrateUnlock(&mutex->word);  // others wait: the kernel picks the next owner
}

Result guest_condition_wait(GuestCondition* condition, GuestMutex* mutex, int64_t timeout_ns) {
    const Result result =
        svcWaitProcessWideKeyAtomic(&mutex->word, &condition->key, t_self, (uint64_t)timeout_ns);
    if (result == RESULT_TIMED_OUT) {
        guest_mutex_lock(mutex);  // on a timeout the kernel leaves the mutex to us
    }
    return result;
}

void guest_condition_signal(GuestCondition* condition, int count) {
    svcSignalProcessWideKey(&condition->key, count);
}
