#include "services/fatal/fatal_service.h"

#include <cstring>

#include <fmt/format.h>

namespace services::fatal {
namespace {

// nn::fatalsrv::FatalPolicy (libnx's FatalPolicy).
std::string_view PolicyName(u64 policy) {
    switch (policy) {
        case 0:
            return "error report and error screen";
        case 1:
            return "error report";
        case 2:
            return "error screen";
        default:
            return "unknown policy";
    }
}

// Offsets in libnx's FatalCpuContext (its 64-bit form): x0..x28, fp, lr, sp, pc, then pstate,
// afsr0, afsr1, esr, far, a 32-entry stack trace, the start address, the register set flags,
// the stack trace size; after the union, is_aarch32.
constexpr std::size_t kContextSize = 0x250;
constexpr std::size_t kFp = 0xe8, kLr = 0xf0, kSp = 0xf8, kPc = 0x100, kEsr = 0x120, kFar = 0x128,
                      kStackTrace = 0x130, kStartAddress = 0x230, kStackTraceSize = 0x240,
                      kIsAarch32 = 0x248;
constexpr u32 kStackTraceCapacity = 32;

template <typename T>
T Read(std::span<const u8> bytes, std::size_t offset) {
    T value{};
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

}  // namespace

std::string FatalService::Describe(u64 error, u64 policy, std::span<const u8> context) {
    const base::Result result(static_cast<u32>(error));
    std::string report = fmt::format("the program threw fatal error {} through fatal:u ({})",
                                     result.ToString(), PolicyName(policy));
    if (context.size() < kContextSize) {
        return report;
    }
    if (context[kIsAarch32] != 0) {
        return report + "\n  its CPU context is a 32-bit one";
    }
    report += fmt::format(
        "\n  its CPU context: pc {:#x}  lr {:#x}  sp {:#x}  fp {:#x}  esr {:#x}  far {:#x}"
        "\n  start address {:#x}",
        Read<u64>(context, kPc), Read<u64>(context, kLr), Read<u64>(context, kSp),
        Read<u64>(context, kFp), Read<u64>(context, kEsr), Read<u64>(context, kFar),
        Read<u64>(context, kStartAddress));
    const u32 frames = std::min(Read<u32>(context, kStackTraceSize), kStackTraceCapacity);
    for (u32 i = 0; i < frames; ++i) {
        report += fmt::format("\n  its stack trace #{}: {:#x}", i,
                              Read<u64>(context, kStackTrace + i * 8));
    }
    return report;
}

bool FatalService::Invoke(u32 command, ipc::RequestContext& context, base::Result& result) {
    environment_ = &context.Environment();
    const bool found = Interface::Invoke(command, context, result);
    environment_ = nullptr;
    return found;
}

base::Result FatalService::Throw(std::string headline) {
    environment_->EndProcess(std::move(headline));
    return base::ResultSuccess;
}

base::Result FatalService::ThrowFatal(u64 error, ipc::ClientProcessId) {
    return Throw(Describe(error, 0, {}));
}

base::Result FatalService::ThrowFatalWithPolicy(u64 error, u64 policy) {
    return Throw(Describe(error, policy, {}));
}

base::Result FatalService::ThrowFatalWithCpuContext(u64 error, u64 policy,
                                                    ipc::InBuffer<ipc::kMapAlias> context) {
    return Throw(Describe(error, policy, context.data));
}

}  // namespace services::fatal
