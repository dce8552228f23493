#pragma once

// The LLVM CPU tier's interface: a CodeTier for one process (see README.md).

#include <filesystem>
#include <memory>
#include <string>

#include "cpu/code_tier.h"

namespace cpu {

class GuestMemory;

struct LlvmTierConfig {
    // Compile a hot region on the core's thread as soon as it is found, instead of on the
    // tier's background thread: every run then enters the same regions at the same guest
    // instruction (--deterministic).
    bool compile_in_foreground = false;
    // Instructions between two samples, and the samples at one block entry that make it hot:
    // code that runs for about slice * hot_samples instructions gets compiled.
    u64 sample_slice = 50'000;
    unsigned hot_samples = 4;
    // Drop a region that runs too few instructions per entry to pay for entering it. Off for
    // --cpu-tier2 always, whose point is that the tier runs as much of the program as it can.
    bool drop_short_regions = true;
    // Compile a region where a region leaves off at once (at the instruction after the one it
    // does not translate), as at its first entry, instead of waiting for samples there: for
    // --cpu-tier2 always, so that as much of a short program as possible runs in the tier.
    bool compile_at_exits = false;
    // Compiled regions kept on disk (region_cache.h); empty: none. build_id (nxhost's version)
    // is part of every entry's key.
    std::filesystem::path cache_folder;
    std::string build_id;
};

std::unique_ptr<CodeTier> CreateLlvmTier(GuestMemory& memory, const LlvmTierConfig& config);

}  // namespace cpu
