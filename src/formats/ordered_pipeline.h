#pragma once

// Work on numbered items spread over threads, with the results handed back in order: how NUP
// chunks are compressed, decompressed and checked in parallel while files are written (and
// hashed) in sequence by one thread.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace formats {

unsigned WorkerThreads();

// `produce(item)` runs on up to `threads` workers, at most `window` items ahead of the
// consumer; `consume(item, result)` runs on the calling thread in the order of `items`. An
// exception from either stops the work and is rethrown here.
template <typename Result>
void RunOrdered(const std::vector<std::size_t>& items,
                const std::function<Result(std::size_t)>& produce,
                const std::function<void(std::size_t, Result&)>& consume, unsigned threads,
                std::size_t window) {
    threads = std::max(1u, threads);
    window = std::max<std::size_t>(window, threads);
    std::mutex mutex;
    std::condition_variable ready;          // a result arrived
    std::condition_variable has_room;       // the consumer moved on
    std::map<std::size_t, Result> results;  // by position in `items`
    std::size_t next_to_take = 0;
    std::size_t next_to_consume = 0;
    bool stop = false;
    std::exception_ptr failure;

    auto worker = [&] {
        for (;;) {
            std::size_t position;
            {
                std::unique_lock lock(mutex);
                has_room.wait(lock, [&] {
                    return stop || next_to_take >= items.size() ||
                           next_to_take < next_to_consume + window;
                });
                if (stop || next_to_take >= items.size()) {
                    return;
                }
                position = next_to_take++;
            }
            try {
                Result result = produce(items[position]);
                std::lock_guard lock(mutex);
                results.emplace(position, std::move(result));
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure) {
                    failure = std::current_exception();
                }
                stop = true;
            }
            ready.notify_all();
            has_room.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned i = 0; i < threads; ++i) {
        pool.emplace_back(worker);
    }
    try {
        while (next_to_consume < items.size()) {
            std::optional<Result> result;
            {
                std::unique_lock lock(mutex);
                ready.wait(lock, [&] { return stop || results.count(next_to_consume) != 0; });
                if (stop) {
                    break;
                }
                auto it = results.find(next_to_consume);
                result.emplace(std::move(it->second));
                results.erase(it);
            }
            consume(items[next_to_consume], *result);
            {
                std::lock_guard lock(mutex);
                ++next_to_consume;
            }
            has_room.notify_all();
        }
    } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) {
            failure = std::current_exception();
        }
        stop = true;
    }
    {
        std::lock_guard lock(mutex);
        stop = true;
    }
    has_room.notify_all();
    for (std::thread& thread : pool) {
        thread.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
}

}  // namespace formats
