#pragma once

// A second CPU tier: hot guest code compiled ahead of the core's own JIT (src/cpu/llvm is one).
// The core keeps running guest code itself and hands a region's entry to the tier once the tier
// has compiled it (see dynarmic_core.cpp for how the core finds those entries).

#include <array>
#include <atomic>
#include <optional>
#include <vector>

#include "base/types.h"

namespace cpu {

// The guest state a compiled region reads at its entry and writes back, exactly, at its exit:
// the integer registers, NZCV, the SIMD&FP registers, FPCR and FPSR.
struct RegionState {
    std::array<u64, 31> x{};
    alignas(16) std::array<std::array<u64, 2>, 32> v{};  // V0-V31, low doubleword first
    u32 fpcr = 0;                                        // in only: a region cannot change it
    // In and out: the cumulative exception flags the region's FP instructions raised are ORed in.
    u32 fpsr = 0;
    u64 sp = 0;
    u64 pc = 0;    // in: the region's entry; out: the next instruction to run
    u32 nzcv = 0;  // PSTATE.NZCV in bits 31..28
    u32 exit = 0;  // out: a RegionExit
    // In: the region returns at the first block boundary at or past this many instructions.
    u64 instruction_budget = 0;
    u64 instructions = 0;  // out: guest instructions the region ran
    // Polled at every block boundary: set by Core::Halt from any thread.
    const std::atomic<bool>* halt_requested = nullptr;
    u64 fault_address = 0;  // out, for a fault: the data address
    // In: where guest memory is on the host (GuestMemory::Base, PermissionTable). Regions read
    // them here rather than holding them as constants, so that their machine code does not
    // depend on this process's addresses and can be kept on disk (region_cache.h).
    const u8* memory_base = nullptr;
    const void* permission_table = nullptr;
};

// Why a region returned. For a fault, pc is the faulting instruction, not executed, and every
// register holds what it held before that instruction.
// FpcrUnsupported (the region's own, turned into Continue by the tier): the region has FP or SIMD
// instructions and FPCR asks for a mode it does not translate; it ran nothing, pc is its entry.
enum class RegionExit : u32 { Continue = 0, ReadFault = 1, WriteFault = 2, FpcrUnsupported = 3 };

class CodeTier {
public:
    virtual ~CodeTier() = default;
    // How many instructions the core runs between two samples.
    virtual u64 SampleSlice() const = 0;
    // A block entry where the core stopped at the end of a sampling slice: how the tier finds
    // hot code. May start compiling a region there (on the tier's thread, or at once).
    virtual void Sample(u64 pc) = 0;
    // The entries of regions made ready after `seen` (a count the tier returns): the core drops
    // its own translations of those addresses so that it enters the regions from then on.
    virtual u64 ReadySince(u64 seen, std::vector<u64>& entries) const = 0;
    virtual bool IsReady(u64 pc) const = 0;
    // Runs the region entered at state.pc; nullopt when none is ready there (any more).
    virtual std::optional<RegionExit> Run(RegionState& state) = 0;
    // Code in [address, address + size) changed: regions made from it are dropped.
    virtual void Invalidate(u64 address, u64 size) = 0;
    // Guest instructions run in the tier's regions so far, on every core.
    virtual u64 InstructionsRun() const = 0;
};

}  // namespace cpu
