#pragma once

// Regions to host code: IR from region_translator, LLVM's O2 pipeline, ORC's LLJIT. Not
// thread-safe: one thread compiles (the tier's own, or the core's under --deterministic).

#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/types.h"
#include "cpu/llvm/region_translator.h"

namespace llvm {
class TargetMachine;
namespace orc {
class LLJIT;
}
}  // namespace llvm

namespace cpu {
struct RegionState;
}

namespace cpu::llvm_tier {

using RegionFunction = void (*)(RegionState*);

// Where compile time goes, summed over the regions compiled: wall time of each phase and the
// size of the IR before and after LLVM's optimiser.
struct CompileStats {
    u64 regions = 0;
    u64 guest_instructions = 0;
    double translate_seconds = 0;
    double optimize_seconds = 0;
    double codegen_seconds = 0;
    u64 ir_instructions_before = 0;
    u64 ir_instructions_after = 0;
    double TotalSeconds() const { return translate_seconds + optimize_seconds + codegen_seconds; }
};

class RegionCompiler {
public:
    explicit RegionCompiler(const MemoryLayout& memory);
    ~RegionCompiler();
    RegionCompiler(const RegionCompiler&) = delete;
    RegionCompiler& operator=(const RegionCompiler&) = delete;

    // The region as a relocatable host object defining `void name(RegionState*)`: what the disk
    // cache keeps (region_cache.h).
    std::vector<u8> CompileToObject(const Region& region, const std::string& name);
    // Links an object from CompileToObject into the JIT; its machine code lives as long as this
    // compiler. Loading a name again gives the function already linked.
    RegionFunction Load(std::span<const u8> object, const std::string& name);
    const CompileStats& Stats() const { return stats_; }

private:
    MemoryLayout memory_;
    std::unique_ptr<llvm::orc::LLJIT> jit_;
    // Position-independent code for the host CPU, as the JIT links it.
    std::unique_ptr<llvm::TargetMachine> target_;
    std::unordered_map<std::string, RegionFunction> loaded_;
    CompileStats stats_;
};

}  // namespace cpu::llvm_tier
