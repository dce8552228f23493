#pragma once

// A64 → LLVM IR for one region: `void <name>(RegionState*)`.

#include <string>

#include "base/types.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace cpu::llvm_tier {

struct Region;

// What compiled code knows of guest memory: the width of its addresses. The host base (fastmem)
// and the permission table come in RegionState at every entry.
struct MemoryLayout {
    unsigned address_bits = 39;
};

// Guest registers and NZCV live in allocas that LLVM's SROA turns into SSA values across the
// whole region: loaded once at the entry, stored at every exit.
llvm::Function* TranslateRegion(const Region& region, const MemoryLayout& memory,
                                llvm::Module& module, const std::string& name);

}  // namespace cpu::llvm_tier
