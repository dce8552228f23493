#pragma once

// The 3D class's semaphores and counter reports (OGD classes/3d/clb197.h):
// SET_REPORT_SEMAPHORE_A/B (0x1B00: the address), _C (the payload) and _D (0x1B0C: OPERATION
// 1:0 RELEASE 0 / ACQUIRE 1 / REPORT_ONLY 2 / TRAP 3, REPORT 27:23 the counter, STRUCTURE_SIZE
// 28: one word, or four: the 64-bit value and the GPU timer's timestamp). A RELEASE writes the
// payload; a REPORT_ONLY writes the counter REPORT names (deko3d's dkCmdBufReportCounter and
// ReportValue): NONE (0) the payload, ZPASS_PIXEL_CNT (2) and ZPASS_PIXEL_CNT64 (0x15) the
// samples that passed the depth and stencil tests in draws made with SET_ZPASS_PIXEL_COUNT on
// since its last CLEAR_REPORT_VALUE (0x1530, TYPE 4:0: ZPASS_PIXEL_CNT 1), counted by the host
// GPU. The other counters, acquires and traps are named in the log once and write nothing.

#include <optional>
#include <set>
#include <string>

#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class Reports {
public:
    explicit Reports(EngineContext& context) : context_(context) {}

    static bool Handles(u32 method);
    // After the register file holds the write.
    void Execute(const RegisterFile& registers, u32 method, u32 argument);

private:
    void Report(const RegisterFile& registers, u32 operation);
    void ResetCounter(u32 type);
    // The samples passed since the last reset, or nothing (named) where the host cannot count.
    std::optional<u64> SamplesPassed();
    void NameOnce(const std::string& what);

    EngineContext& context_;
    u64 samples_at_reset_ = 0;
    std::set<std::string> named_;
};

// The name of SET_REPORT_SEMAPHORE_D's REPORT value `report` (clb197.h), or nothing.
std::optional<std::string_view> ReportCounterName(u32 report);

}  // namespace gpu::engines
