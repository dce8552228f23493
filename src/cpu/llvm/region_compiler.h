#pragma once

// Regions to host code: IR from region_translator, LLVM's O2 pipeline, ORC's LLJIT. Not
// thread-safe: one thread compiles (the tier's own, or the core's under --deterministic).

#include <memory>

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

class RegionCompiler {
public:
    explicit RegionCompiler(const MemoryLayout& memory);
    ~RegionCompiler();
    RegionCompiler(const RegionCompiler&) = delete;
    RegionCompiler& operator=(const RegionCompiler&) = delete;

    // Host code of the region. Its machine code lives as long as this compiler.
    RegionFunction Compile(const Region& region);

private:
    MemoryLayout memory_;
    std::unique_ptr<llvm::orc::LLJIT> jit_;
    std::unique_ptr<llvm::TargetMachine> target_;  // what the optimizer tunes for
    u64 compiled_ = 0;
};

}  // namespace cpu::llvm_tier
