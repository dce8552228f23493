#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "ipc/service_object.h"

namespace services::apm {

// The performance configuration chosen for each performance mode (0 normal / handheld,
// 1 boost / docked), shared by every session of one manager.
class PerformanceState {
public:
    u32 Get(u32 mode) const;
    void Set(u32 mode, u32 configuration);

private:
    mutable std::mutex mutex_;
    std::map<u32, u32> configurations_;
};

// nn::apm::ISession. Command ids from the public homebrew documentation (switchbrew "PTM
// services", apm).
class Session final : public ipc::Interface<Session> {
public:
    static constexpr auto kName = "nn::apm::ISession";

    explicit Session(std::shared_ptr<PerformanceState> state) : state_(std::move(state)) {}

    base::Result SetPerformanceConfiguration(u32 mode, u32 configuration);
    base::Result GetPerformanceConfiguration(u32 mode, ipc::Out<u32> configuration);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, Session::SetPerformanceConfiguration),
        NX_COMMAND(1, Session::GetPerformanceConfiguration),
        NX_NOT_BUILT(2, "SetCpuOverclockEnabled"),
    };

private:
    std::shared_ptr<PerformanceState> state_;
};

// apm (nn::apm::IManager): sessions and the current performance mode, which is normal
// (handheld) until nxhost has a docked mode.
class Manager final : public ipc::Interface<Manager> {
public:
    static constexpr auto kName = "apm";

    base::Result OpenSession(ipc::OutObject session);
    base::Result GetPerformanceMode(ipc::Out<u32> mode);
    base::Result IsCpuOverclockEnabled(ipc::Out<bool> enabled);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, Manager::OpenSession),
        NX_COMMAND(1, Manager::GetPerformanceMode),
        NX_COMMAND(6, Manager::IsCpuOverclockEnabled),
    };

private:
    std::shared_ptr<PerformanceState> state_ = std::make_shared<PerformanceState>();
};

}  // namespace services::apm
