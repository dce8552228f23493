#pragma once

// The compute classes' launches (MAXWELL_COMPUTE_B 0xB1C0, AMPERE_COMPUTE_A/B 0xC6C0/0xC7C0;
// OGD classes/compute clb1c0.h, clc7c0.h; deko3d's gpu_compute.cpp): SEND_PCAS_A (0x2B4) holds
// the QMD's address >> 8, SEND_SIGNALING_PCAS_B (0x2BC) with SCHEDULE (bit 1) launches it, or
// on Ampere SEND_SIGNALING_PCAS2_B (0x2C0) with a PCAS_ACTION (3:0) that schedules (SCHEDULE 2,
// INVALIDATE_COPY_SCHEDULE 3, PREFETCH_SCHEDULE 9; clc6c0.h; NVK launches so). The
// QMD (qmd.h) is read from GPU memory; the program is at SET_PROGRAM_REGION (0x1608) + its
// PROGRAM_OFFSET on Maxwell, at its 64-bit PROGRAM_ADDRESS on Ampere, and read up to its branch
// to itself; the grid, block, shared and local memory and the valid constant buffers go to the
// host GPU's Dispatch (host_gpu.h), then the QMD's release semaphores are written.

#include <set>
#include <string>

#include "gpu/engines/engine.h"
#include "gpu/engines/qmd.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class ComputeLaunches {
public:
    static constexpr u32 kSendPcasA = 0x02B4 / 4;
    static constexpr u32 kSendSignalingPcasB = 0x02BC / 4;
    static constexpr u32 kSendSignalingPcas2B = 0x02C0 / 4;

    ComputeLaunches(EngineContext& context, u32 class_number)
        : context_(context), class_number_(class_number) {}

    bool Handles(u32 method) const {
        return method == kSendSignalingPcasB || (Ampere() && method == kSendSignalingPcas2B);
    }
    // `registers` already holds the write of `method` (one Handles takes).
    void Execute(const RegisterFile& registers, u32 method, u32 argument);

private:
    bool Ampere() const;
    void Refuse(u64 qmd_address, const std::string& why);
    void Release(const QmdRelease& release);

    EngineContext& context_;
    u32 class_number_;
    std::set<std::string> named_;
};

}  // namespace gpu::engines
