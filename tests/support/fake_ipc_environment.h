#pragma once

// The requesting process as service tests see it: 64 KiB of guest memory at 0x100000, a
// handle table that only grows (handle n is the n-th object added), a clock the test sets, and
// the periodic work and process ends a service asked for, kept for the test to look at.
// `stop_requested` plays the run ending, for requests that wait on the host.

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "cpu/guest_memory.h"
#include "kernel/event.h"
#include "kernel/ipc_session.h"

namespace test_support {

class FakeIpcEnvironment final : public kernel::IpcEnvironment {
public:
    static constexpr u64 kMemoryBase = 0x100000;
    static constexpr u64 kMemorySize = 0x10000;

    // `handle_limit`: AddHandle answers 0 (a full table) past this many objects.
    explicit FakeIpcEnvironment(std::size_t handle_limit = ~std::size_t{0})
        : handle_limit_(handle_limit) {
        memory_.Map(kMemoryBase, kMemorySize, cpu::Permission::ReadWrite);
    }
    cpu::GuestMemory& Memory() override { return memory_; }
    u32 AddHandle(std::shared_ptr<kernel::KernelObject> object) override {
        if (objects.size() >= handle_limit_) {
            return 0;
        }
        objects.push_back(std::move(object));
        return static_cast<u32>(objects.size());
    }
    std::shared_ptr<kernel::KernelObject> GetHandle(u32 handle) override {
        return handle - 1 < objects.size() ? objects[handle - 1] : nullptr;
    }
    bool RemoveHandle(u32) override { return false; }
    u64 ProcessId() const override { return 0x51; }
    u64 ProgramId() const override { return 0x0100000000001000; }
    u64 Ticks() const override { return ticks; }
    void EndProcess(std::string) override { ended = true; }
    void ExitProcess() override { exited = true; }
    void SetEventSignal(kernel::ReadableEvent& event, bool signaled) override {
        event.signaled = signaled;
    }
    // No guest clock runs here: the test runs the work itself when it wants to.
    void StartPeriodicWork(std::weak_ptr<kernel::PeriodicWork> work) override {
        works.push_back(std::move(work));
    }
    bool StopRequested() const override { return stop_requested; }

    std::vector<std::shared_ptr<kernel::KernelObject>> objects;
    std::vector<std::weak_ptr<kernel::PeriodicWork>> works;
    u64 ticks = 19'200'000;
    bool ended = false;                       // as a fatal error
    bool exited = false;                      // as the program's own exit
    std::atomic<bool> stop_requested{false};  // a test may set it from another thread

private:
    std::size_t handle_limit_;
    cpu::GuestMemory memory_{32};
};

}  // namespace test_support
