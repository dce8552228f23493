// The kernel benchmark's platform layer on the host: Linux system calls and pthreads.

#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "platform.h"

struct BenchThread {
    pthread_t thread;
    void (*entry)(void*);
    void* argument;
    int core;
};
struct BenchMutex {
    pthread_mutex_t mutex;
};
struct BenchCondition {
    pthread_cond_t condition;
};
// pthreads has no event object; this is the usual mutex + condition + flag one.
struct BenchEvent {
    pthread_mutex_t mutex;
    pthread_cond_t condition;
    int signaled;
};

uint64_t bench_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

void bench_sleep_ns(int64_t nanoseconds) {
    const struct timespec duration = {nanoseconds / 1000000000, nanoseconds % 1000000000};
    nanosleep(&duration, NULL);
}

int bench_kernel_call(void) {
    // A real system call every time (the C library's getpriority could be cached or vDSO).
    return syscall(SYS_getpriority, PRIO_PROCESS, 0) < 0 ? -1 : 0;
}

static void Pin(pthread_t thread, int core) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core % sysconf(_SC_NPROCESSORS_ONLN), &set);
    if (pthread_setaffinity_np(thread, sizeof(set), &set) != 0) {
        perror("pthread_setaffinity_np");
    }
}

static void* ThreadEntry(void* raw) {
    BenchThread* thread = raw;
    thread->entry(thread->argument);
    return NULL;
}

BenchThread* bench_thread_start(void (*entry)(void*), void* argument, int core) {
    BenchThread* thread = malloc(sizeof(*thread));
    thread->entry = entry;
    thread->argument = argument;
    thread->core = core;
    if (pthread_create(&thread->thread, NULL, ThreadEntry, thread) != 0) {
        perror("pthread_create");
        exit(1);
    }
    Pin(thread->thread, core);
    return thread;
}

void bench_thread_join(BenchThread* thread) {
    pthread_join(thread->thread, NULL);
    free(thread);
}

void bench_pin_self(int core) {
    Pin(pthread_self(), core);
}

BenchMutex* bench_mutex_create(void) {
    BenchMutex* mutex = malloc(sizeof(*mutex));
    pthread_mutex_init(&mutex->mutex, NULL);
    return mutex;
}
void bench_mutex_lock(BenchMutex* mutex) {
    pthread_mutex_lock(&mutex->mutex);
}
void bench_mutex_unlock(BenchMutex* mutex) {
    pthread_mutex_unlock(&mutex->mutex);
}

BenchCondition* bench_condition_create(void) {
    BenchCondition* condition = malloc(sizeof(*condition));
    pthread_cond_init(&condition->condition, NULL);
    return condition;
}
void bench_condition_wait(BenchCondition* condition, BenchMutex* mutex) {
    pthread_cond_wait(&condition->condition, &mutex->mutex);
}
void bench_condition_signal(BenchCondition* condition) {
    pthread_cond_signal(&condition->condition);
}

BenchEvent* bench_event_create(void) {
    BenchEvent* event = malloc(sizeof(*event));
    pthread_mutex_init(&event->mutex, NULL);
    pthread_cond_init(&event->condition, NULL);
    event->signaled = 0;
    return event;
}

void bench_event_signal(BenchEvent* event) {
    pthread_mutex_lock(&event->mutex);
    event->signaled = 1;
    pthread_cond_signal(&event->condition);
    pthread_mutex_unlock(&event->mutex);
}

void bench_event_wait(BenchEvent* event) {
    pthread_mutex_lock(&event->mutex);
    while (!event->signaled) {
        pthread_cond_wait(&event->condition, &event->mutex);
    }
    event->signaled = 0;
    pthread_mutex_unlock(&event->mutex);
}

void bench_event_destroy(BenchEvent* event) {
    pthread_cond_destroy(&event->condition);
    pthread_mutex_destroy(&event->mutex);
    free(event);
}
