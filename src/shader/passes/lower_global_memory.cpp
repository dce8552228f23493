#include <algorithm>
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

// The constant bank 0 words an address is computed from (through any arithmetic and phis).
std::set<u32> SourceWords(const ir::Value& address) {
    std::set<u32> words;
    WalkAddressSources(address, [&](const Inst& inst) {
        if (inst.op != Op::ConstBank) {
            return WalkStep::Follow;
        }
        const ir::Value bank = inst.Arg(0);
        const ir::Value offset = inst.Arg(1);
        if (bank.IsImmediate() && bank.Bits() == 0 && offset.IsImmediate()) {
            words.insert(static_cast<u32>(offset.Bits()));
        }
        return WalkStep::Skip;
    });
    return words;
}

}  // namespace

void LowerGlobalMemory(ir::Program& program, const sass::CubinKernel& kernel) {
    std::vector<u32> pointer_offsets;
    for (const sass::KernelParameter& parameter : kernel.parameters) {
        if (parameter.size == 8) {
            pointer_offsets.push_back(kernel.param_base + parameter.offset);
        }
    }
    for (const auto& block : program.Blocks()) {
        for (Inst* inst : block->insts) {
            if (inst->op != Op::LoadGlobal && inst->op != Op::StoreGlobal &&
                inst->op != Op::AtomicGlobal) {
                continue;
            }
            std::vector<u32> candidates;
            const std::set<u32> words = SourceWords(inst->Arg(0));
            // A generic pointer that may point into shared memory: CUDA forms it from the shared
            // window's address at c[0x0][0x18] (cvta.shared).
            inst->generic = words.contains(kCbank0SharedWindow);
            for (u32 word : words) {
                if (std::find(pointer_offsets.begin(), pointer_offsets.end(), word) !=
                    pointer_offsets.end()) {
                    candidates.push_back(word);
                }
            }
            if (candidates.empty() && LowerModuleGlobalAccess(program, kernel, *inst)) {
                continue;  // module global memory (passes/module_data.cpp)
            }
            if (candidates.empty() && inst->generic) {
                inst->resource = ir::kNoGlobalBuffer;
                continue;
            }
            if (candidates.size() != 1) {
                base::Fail(
                    "kernel {}: the global memory access at SASS offset {:#06x} uses an address "
                    "derived from {} pointer parameters; only addresses based on exactly one "
                    "are supported",
                    kernel.name, inst->sass_offset, candidates.size());
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

}  // namespace shader::passes
