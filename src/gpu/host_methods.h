#pragma once

// The host class (MAXWELL_CHANNEL_GPFIFO_A 0xB06F; AMPERE_CHANNEL_GPFIFO_A/B 0xC56F/0xC76F):
// the methods of index below 0x40 that the channel's PBDMA executes itself whatever the
// subchannel (OGD classes/host/clb06f.h, clc56f.h, clc76f.h; SYNCPOINTA/B are Tegra's, from
// yuzu, Ryujinx and deko3d). Semaphore acquires and syncpoint waits that are not satisfied yet
// answer Stall: the channel keeps the method and asks again later, while other channels run.
// Flushes and wait-for-idle have nothing to wait for here (the engines finish each method
// before the next and write guest memory directly), so they complete at once.

#include <string>

#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"
#include "gpu/syncpoint_manager.h"

namespace gpu {

enum class HostOutcome { Done, Stall, Yield };

class HostMethods {
public:
    static constexpr u32 kSetObject = 0x00;
    static constexpr u32 kCount = 0x40;  // host methods are indices 0x00-0x3F

    HostMethods(engines::EngineContext& context, SyncpointManager& syncpoints, u32 gpfifo_class)
        : context_(context), syncpoints_(syncpoints), gpfifo_class_(gpfifo_class) {}

    // Any host method but SET_OBJECT, which binds a subchannel (the channel's business).
    HostOutcome CallMethod(u32 method, u32 argument);
    // What the last Stall waits for, for the log line when it lasts too long.
    std::string DescribeStall() const;
    u32 Reference() const { return registers_.Get(kSetReference); }

private:
    static constexpr u32 kSetReference = 0x50 / 4;

    HostOutcome SemaphoreB06f(u32 operation);
    HostOutcome SemaphoreExecute(u32 operation);
    HostOutcome SyncpointOperation(u32 operation);
    HostOutcome Acquire(u64 address, bool satisfied, std::string_view form, u64 payload);
    void NameOnce(u32 method, std::string_view what);

    engines::EngineContext& context_;
    SyncpointManager& syncpoints_;
    u32 gpfifo_class_;
    engines::RegisterFile registers_;
    std::string stall_;
    u64 named_ = 0;  // one bit per host method already named in the log
};

}  // namespace gpu
