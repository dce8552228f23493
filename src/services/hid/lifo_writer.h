#pragma once

// Appends a state to a RingLifo in the shared memory the way a reader expects: the entry
// after the tail is written whole (the state, then its storage's sampling number), then the
// tail moves to it and the count grows to the ring's size.

#include <atomic>

#include "services/hid/shared_memory_layout.h"

namespace services::hid {

inline void ResetLifo(LifoHeader& header) {
    header.buffer_count = kLifoEntries;
    header.tail = 0;
    header.count = 0;
}

template <typename State>
void PushLifo(Lifo<State>& lifo, const State& state, u64 sampling_number) {
    const u64 tail = std::atomic_ref(lifo.header.tail).load(std::memory_order_relaxed);
    const u64 count = std::atomic_ref(lifo.header.count).load(std::memory_order_relaxed);
    const u64 next = count == 0 ? tail : (tail + 1) % kLifoEntries;
    AtomicStorage<State>& entry = lifo.storage[next];
    entry.state = state;
    entry.state.sampling_number = sampling_number;
    std::atomic_ref(entry.sampling_number).store(sampling_number, std::memory_order_release);
    std::atomic_ref(lifo.header.tail).store(next, std::memory_order_release);
    if (count < kLifoEntries) {
        std::atomic_ref(lifo.header.count).store(count + 1, std::memory_order_release);
    }
}

}  // namespace services::hid
