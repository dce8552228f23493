#pragma once

#include <span>
#include <string>

#include "ipc/service_object.h"

namespace services::fatal {

// fatal:u (nn::fatalsrv::IService): the program gives up; nxhost ends the run with a report
// naming the result code, the policy and, when sent, the program's CPU context. Command ids
// and argument layouts from the public homebrew documentation (switchbrew "Fatal services",
// libnx's fatal.h): the result in the first raw u64, the policy in the second.
class FatalService final : public ipc::Interface<FatalService> {
public:
    static constexpr auto kName = "fatal:u";

    base::Result ThrowFatal(u64 error, ipc::ClientProcessId pid);
    base::Result ThrowFatalWithPolicy(u64 error, u64 policy);
    base::Result ThrowFatalWithCpuContext(u64 error, u64 policy,
                                          ipc::InBuffer<ipc::kMapAlias> context);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, FatalService::ThrowFatal),
        NX_COMMAND(1, FatalService::ThrowFatalWithPolicy),
        NX_COMMAND(2, FatalService::ThrowFatalWithCpuContext),
    };

    // The report's first lines, for a result, a policy and an optional CPU context (libnx's
    // FatalCpuContext, 0x250 bytes).
    static std::string Describe(u64 error, u64 policy, std::span<const u8> context);

    // Keeps the requesting process at hand for the command, which ends it.
    bool Invoke(u32 command, ipc::RequestContext& context, base::Result& result) override;

private:
    base::Result Throw(std::string headline);

    kernel::IpcEnvironment* environment_ = nullptr;  // during a request only
};

}  // namespace services::fatal
