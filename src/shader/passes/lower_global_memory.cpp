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

// The constant bank words an address is computed from (through any arithmetic and phis, or
// with `products` false through any but multiplications: a base address is added, never
// scaled), for an access that runs only under `guard` (if any): those at a fixed place of a
// fixed bank.
std::set<std::pair<u32, u32>> SourceWords(const ir::Value& address, const ir::Value& guard,
                                          bool products) {
    std::set<std::pair<u32, u32>> words;
    WalkAddressSources(
        address,
        [&](const Inst& inst) {
            if (!products && inst.op == Op::Spv && inst.aux == static_cast<u32>(spv::Op::OpIMul)) {
                return WalkStep::Skip;
            }
            if (inst.op != Op::ConstBank) {
                return WalkStep::Follow;
            }
            const ir::Value bank = inst.Arg(0);
            const ir::Value offset = inst.Arg(1);
            if (bank.IsImmediate() && offset.IsImmediate()) {
                words.emplace(static_cast<u32>(bank.Bits()), static_cast<u32>(offset.Bits()));
            }
            return WalkStep::Skip;
        },
        guard);
    return words;
}

// The storage buffer addresses among an address's source words (`added`: those it takes
// other than through multiplications): the listed offsets of bank 0 (their low words), or
// every 64-bit value whose two words are both added (NVK's query copy adds an offset to its
// pool's address and scales the query index by the word after it: that is no address).
std::vector<ConstantAddress> Candidates(const std::set<std::pair<u32, u32>>& words,
                                        const std::set<std::pair<u32, u32>>& added,
                                        const StorageBufferSources& sources) {
    std::vector<ConstantAddress> candidates;
    for (const auto& [bank, offset] : words) {
        const bool listed =
            bank == 0 && std::find(sources.bank0_offsets.begin(), sources.bank0_offsets.end(),
                                   offset) != sources.bank0_offsets.end();
        const bool whole_value = sources.any_constant_value && offset % 8 == 0 &&
                                 added.contains({bank, offset}) &&
                                 added.contains({bank, offset + 4});
        if (listed || whole_value) {
            candidates.push_back({.bank = bank, .offset = offset});
        }
    }
    return candidates;
}

// Each global access of `program` to the buffer of the one storage buffer address `sources`
// allows that its address derives from; `module` handles (and returns true for) what the
// cubin's module data serves.
void Lower(ir::Program& program, const StorageBufferSources& sources, std::string_view what,
           const std::function<bool(Inst&)>& module) {
    for (const auto& block : program.Blocks()) {
        for (Inst* inst : block->insts) {
            if (inst->op != Op::LoadGlobal && inst->op != Op::StoreGlobal &&
                inst->op != Op::AtomicGlobal) {
                continue;
            }
            const std::set<std::pair<u32, u32>> words =
                SourceWords(inst->Arg(0), block->TakenGuard(), true);
            const std::set<std::pair<u32, u32>> added =
                SourceWords(inst->Arg(0), block->TakenGuard(), false);
            // A generic pointer that may point into shared memory: CUDA forms it from the shared
            // window's address at c[0x0][0x18] (cvta.shared).
            inst->generic = module != nullptr && words.contains({0, kCbank0SharedWindow});
            const std::vector<ConstantAddress> candidates = Candidates(words, added, sources);
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
                    module != nullptr ? "pointer parameters"
                    : sources.any_constant_value
                        ? "64-bit constant bank values (an address from memory, or computed "
                          "from several constant words)"
                        : "storage buffer addresses");
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
    StorageBufferSources pointers;
    for (const sass::KernelParameter& parameter : kernel.parameters) {
        if (parameter.size == 8) {
            pointers.bank0_offsets.push_back(kernel.param_base + parameter.offset);
        }
    }
    Lower(program, pointers, "kernel " + kernel.name,
          [&](Inst& inst) { return LowerModuleGlobalAccess(program, kernel, inst); });
}

void LowerGlobalMemory(ir::Program& program, const StorageBufferSources& sources,
                       std::string_view name) {
    Lower(program, sources, name, nullptr);
}

}  // namespace shader::passes
