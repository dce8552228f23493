#include <algorithm>
#include <functional>
#include <set>

#include "base/error.h"
#include "shader/passes/address_sources.h"
#include "shader/passes/module_data.h"
#include "shader/passes/passes.h"
#include "shader/resource_layout.h"

namespace shader::passes {
namespace {

using ir::Inst;
using ir::Op;

// The constant bank 0 words an address is computed from (through any arithmetic and phis), for
// an access that runs only under `guard` (if any).
std::set<u32> SourceWords(const ir::Value& address, const ir::Value& guard) {
    std::set<u32> words;
    WalkAddressSources(
        address,
        [&](const Inst& inst) {
            if (inst.op != Op::ConstBank) {
                return WalkStep::Follow;
            }
            const ir::Value bank = inst.Arg(0);
            const ir::Value offset = inst.Arg(1);
            if (bank.IsImmediate() && bank.Bits() == 0 && offset.IsImmediate()) {
                words.insert(static_cast<u32>(offset.Bits()));
            }
            return WalkStep::Skip;
        },
        guard);
    return words;
}

// Each global access of `program` to the buffer of the one address in `address_offsets` its
// address derives from; `module` handles (and returns true for) what the cubin's module data
// serves.
void Lower(ir::Program& program, std::span<const u32> address_offsets, std::string_view what,
           const std::function<bool(Inst&)>& module) {
    for (const auto& block : program.Blocks()) {
        for (Inst* inst : block->insts) {
            if (inst->op != Op::LoadGlobal && inst->op != Op::StoreGlobal &&
                inst->op != Op::AtomicGlobal) {
                continue;
            }
            std::vector<u32> candidates;
            const std::set<u32> words = SourceWords(inst->Arg(0), block->TakenGuard());
            // A generic pointer that may point into shared memory: CUDA forms it from the shared
            // window's address at c[0x0][0x18] (cvta.shared).
            inst->generic = module != nullptr && words.contains(kCbank0SharedWindow);
            for (u32 word : words) {
                if (std::find(address_offsets.begin(), address_offsets.end(), word) !=
                    address_offsets.end()) {
                    candidates.push_back(word);
                }
            }
            if (candidates.empty() && module != nullptr && module(*inst)) {
                continue;  // module global memory (passes/module_data.cpp)
            }
            if (candidates.empty() && inst->generic) {
                inst->resource = ir::kNoGlobalBuffer;
                continue;
            }
            if (candidates.size() != 1) {
                base::Fail(
                    "{}: the global memory access at SASS offset {:#06x} uses an address "
                    "derived from {} {}; only addresses based on exactly one are supported",
                    what, inst->sass_offset, candidates.size(),
                    module != nullptr ? "pointer parameters" : "storage buffer addresses");
            }
            auto& buffers = program.info.global_buffers;
            auto it = std::find(buffers.begin(), buffers.end(), candidates.front());
            if (it == buffers.end()) {
                buffers.push_back(candidates.front());
                it = buffers.end() - 1;
            }
            inst->resource = static_cast<u32>(it - buffers.begin());
        }
    }
}

}  // namespace

void LowerGlobalMemory(ir::Program& program, const sass::CubinKernel& kernel) {
    std::vector<u32> pointer_offsets;
    for (const sass::KernelParameter& parameter : kernel.parameters) {
        if (parameter.size == 8) {
            pointer_offsets.push_back(kernel.param_base + parameter.offset);
        }
    }
    Lower(program, pointer_offsets, "kernel " + kernel.name,
          [&](Inst& inst) { return LowerModuleGlobalAccess(program, kernel, inst); });
}

void LowerGlobalMemory(ir::Program& program, std::span<const u32> address_offsets,
                       std::string_view name) {
    Lower(program, address_offsets, name, nullptr);
}

}  // namespace shader::passes
