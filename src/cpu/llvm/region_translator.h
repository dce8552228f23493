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

// Where compiled code finds guest memory: the host base of the guest's address space (fastmem)
// and the permission table (GuestMemory::PermissionRoot), both fixed for a process's life.
struct MemoryLayout {
    const u8* base = nullptr;
    unsigned address_bits = 39;
    const void* permission_root = nullptr;
};

// Guest registers and NZCV live in allocas that LLVM's SROA turns into SSA values across the
// whole region: loaded once at the entry, stored at every exit.
llvm::Function* TranslateRegion(const Region& region, const MemoryLayout& memory,
                                llvm::Module& module, const std::string& name);

}  // namespace cpu::llvm_tier
