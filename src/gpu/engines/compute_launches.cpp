#include "gpu/engines/compute_launches.h"

#include <fmt/format.h>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/class_ids.h"
#include "gpu/engines/shader_programs.h"
#include "gpu/gpu_timer.h"

namespace gpu::engines {
namespace {

constexpr u32 kProgramRegionA = 0x1608 / 4;
constexpr u32 kSchedule = 1u << 1;  // SEND_SIGNALING_PCAS_B_SCHEDULE

// Whether SEND_SIGNALING_PCAS2_B's PCAS_ACTION (3:0) schedules the QMD (clc6c0.h: SCHEDULE 2,
// INVALIDATE_COPY_SCHEDULE 3, PREFETCH_SCHEDULE 9; the others invalidate, prefetch or count).
bool Pcas2Schedules(u32 argument) {
    const u32 action = argument & 0xF;
    return action == 2 || action == 3 || action == 9;
}
// The most threads a block may have (the hardware's 1024; Vulkan guarantees no more either).
constexpr u32 kLargestBlock = 1024;

}  // namespace

bool ComputeLaunches::Ampere() const {
    return class_number_ >= 0xC000;
}

void ComputeLaunches::Refuse(u64 qmd_address, const std::string& why) {
    if (named_.insert(why).second) {
        LOG_WARNING("gpu",
                    "channel {}: {} SEND_SIGNALING_PCAS_B or PCAS2_B: the compute launch of the "
                    "QMD at {:#x} is not made: {}; named once",
                    context_.channel_id, ClassName(class_number_).value_or("compute class"),
                    qmd_address, why);
    }
}

void ComputeLaunches::Release(const QmdRelease& release) {
    if (release.reduction) {
        Refuse(0, "a QMD release semaphore with a reduction is not made");
        return;
    }
    MemoryManager& memory = *context_.memory;
    if (release.payload64) {
        memory.WriteValue<u64>(release.address, release.payload, "a QMD release semaphore");
    } else {
        memory.WriteValue<u32>(release.address, static_cast<u32>(release.payload),
                               "a QMD release semaphore");
    }
    if (!release.one_word) {
        // Four words: the payload, then the GPU timer at +8 (as the class's semaphores).
        memory.WriteValue<u64>(release.address + 8, GpuTimerNanoseconds(),
                               "a QMD release semaphore's timestamp");
    }
}

void ComputeLaunches::Execute(const RegisterFile& registers, u32 method, u32 argument) {
    const bool schedules =
        method == kSendSignalingPcas2B ? Pcas2Schedules(argument) : (argument & kSchedule) != 0;
    if (!schedules) {
        return;  // an invalidation alone starts nothing
    }
    const u64 qmd_address = u64{registers.Get(kSendPcasA)} << 8;
    std::array<u32, kQmdWords> words{};
    if (!context_.memory->Read(qmd_address,
                               std::span<u8>(reinterpret_cast<u8*>(words.data()), sizeof(words)),
                               "a compute launch's QMD")) {
        Refuse(qmd_address, "the QMD is not mapped");
        return;
    }
    const Qmd qmd = Ampere() ? DecodeAmpereQmd(words) : DecodeMaxwellQmd(words);
    const u32 expected_major = Ampere() ? 3 : 1;
    if (qmd.major_version != expected_major) {
        Refuse(qmd_address,
               fmt::format("its QMD version is {}.{} (nxhost reads {}.x on this class)",
                           qmd.major_version, qmd.version, expected_major));
        return;
    }
    ComputeCall call;
    call.memory = context_.memory;
    call.class_number = class_number_;
    call.architecture = Ampere() ? ShaderArchitecture::Ampere : ShaderArchitecture::Maxwell;
    call.program_address =
        Ampere() ? qmd.program : registers.Address(kProgramRegionA) + qmd.program;
    call.grid = qmd.grid;
    call.block = qmd.block;
    call.shared_bytes = qmd.shared_bytes;
    call.local_bytes = qmd.local_low_bytes + qmd.local_high_bytes;
    call.barriers = qmd.barriers;
    for (u32 i = 0; i < 8; ++i) {
        const Qmd::ConstantBuffer& buffer = qmd.constant_buffers[i];
        if (buffer.valid) {
            call.constant_buffers[i] = ComputeConstantBuffer{buffer.address, buffer.size};
        }
    }
    const u64 threads = u64{call.block[0]} * call.block[1] * call.block[2];
    const bool empty_grid = call.grid[0] == 0 || call.grid[1] == 0 || call.grid[2] == 0;
    if (context_.dump) {
        context_.dump->Note(
            context_.channel_id,
            fmt::format("# compute launch: QMD {:#x}, program {:#x}, grid {}x{}x{}, block "
                        "{}x{}x{}, shared {} bytes, local {} bytes a thread",
                        qmd_address, call.program_address, call.grid[0], call.grid[1], call.grid[2],
                        call.block[0], call.block[1], call.block[2], call.shared_bytes,
                        call.local_bytes));
    }
    if (threads == 0 || threads > kLargestBlock) {
        Refuse(qmd_address, fmt::format("its block of {}x{}x{} threads is not one the GPU runs",
                                        call.block[0], call.block[1], call.block[2]));
        return;
    }
    if (!empty_grid) {
        std::string why_not;
        auto code =
            ReadProgramCode(*context_.memory, call.program_address, call.architecture, why_not);
        if (!code) {
            Refuse(qmd_address, why_not);
            return;
        }
        call.code = std::move(*code);
        context_.host_gpu->Synchronize();  // the launch reads what the host GPU wrote
        if (!context_.host_gpu->Dispatch(call)) {
            return;  // named by the host GPU; its releases stay unwritten, as its work is
        }
    }
    context_.host_gpu->Synchronize();
    for (const auto& release : qmd.releases) {
        if (release) {
            Release(*release);
        }
    }
}

}  // namespace gpu::engines
