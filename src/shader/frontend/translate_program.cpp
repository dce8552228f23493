#include "shader/frontend/translate_program.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "base/error.h"
#include "shader/frontend/translator.h"
#include "shader/sph.h"

namespace shader::frontend {
namespace {

using ir::Block;
using ir::Terminator;
using ir::Value;

constexpr u64 kInstructionBytes = 16;

struct Decoded {
    u64 offset = 0;
    sass::Instruction inst;
    std::string_view mnemonic;
};

// Instructions whose effects (memory, other threads) must not happen when their guard
// predicate is false: they get a block of their own instead of selects on their results.
bool NeedsOwnBlock(std::string_view mnemonic) {
    // Warp operations (SHFL, VOTE, REDUX, MATCH) are not here: every thread runs them, the
    // guard masks what the thread contributes and whether it takes the result.
    static const std::set<std::string_view> kNames = {
        "LDG",  "STG",  "LDS",    "STS",    "LDL",  "STL",   "ATOMG",  "ATOM", "ATOMS",
        "RED",  "LDSM", "LDGSTS", "SULD",   "SUST", "SURED", "SUATOM", "TEX",  "TLD",
        "TLD4", "TXD",  "TMML",   "MEMBAR", "HMMA", "IMMA",  "AST"};
    return kNames.contains(mnemonic);
}

class ProgramBuilder {
public:
    explicit ProgramBuilder(const ShaderEnvironment& env)
        : env_(env), ssa_(program_), translator_(program_, ssa_, env) {}

    ir::Program Build() {
        Decode();
        FindLeaders();
        BlockFor(0, 0);
        while (!pending_.empty()) {
            const auto [key, block] = *pending_.begin();
            pending_.erase(pending_.begin());
            Fill(block, key.first, key.second);
        }
        RemoveUnreachable();
        LinkPredecessors();
        ssa_.Finish();
        ResolveTextureHandles();
        GiveImagesTheirDimensions();
        if (env_.GetStage() == Stage::Compute) {
            const ComputeLaunch launch = env_.Launch();
            program_.info.shared_bytes = launch.shared_bytes;
            program_.info.local_bytes = launch.local_bytes;
            program_.info.cbank0_bytes = launch.cbank0_bytes;
        } else {
            program_.info.local_bytes =
                static_cast<u32>((env_.Header()->local_memory_bytes + 15) / 16 * 16);
        }
        return std::move(program_);
    }

private:
    // A block is one SASS offset in one call context (the return address of the inlined call
    // it belongs to, 0 at the program's top level; nested calls are chained by contexts_).
    using Key = std::pair<u64, u32>;

    [[noreturn]] void Fail(u64 offset, std::string_view what) const {
        base::Fail("{}: at {:#06x}: {}", env_.Name(), offset, what);
    }

    void ResolveTextureHandles() {
        for (const auto& block : program_.Blocks()) {
            for (ir::Inst* inst : block->insts) {
                if (inst->op == ir::Op::ImageSample && inst->resource == kUnresolvedImage) {
                    const Decoded& d = At(inst->sass_offset);
                    translator_.Begin(block.get(), d.inst, d.offset);
                    ResolveTextureHandle(translator_, *inst);
                }
            }
        }
    }

    // A fragment stage's results are in registers when it exits: R0, R1, ... take the
    // components the header's output map enables, render target 0 first, then the sample mask
    // and, one register further, the depth (yuzu's exit_program.cpp).
    void StoreFragmentOutputs(Block* block, const Decoded& d) {
        if (env_.GetStage() != Stage::Fragment) {
            return;
        }
        translator_.Begin(block, d.inst, d.offset);
        const SphPixelOutputMap& outputs = env_.Header()->pixel_outputs;
        u32 reg = 0;
        for (u32 target = 0; target < kSphRenderTargets; ++target) {
            for (u32 component = 0; component < 4; ++component) {
                if ((outputs.targets[target] >> component & 1) != 0) {
                    translator_.Emit(ir::Op::FragmentOutput, ir::Type::Void,
                                     {translator_.Reg(reg++)}, target * 4 + component);
                }
            }
        }
        if (outputs.sample_mask) {
            translator_.Unsupported("a fragment stage writing the sample mask");
        }
        if (outputs.depth) {
            translator_.Emit(ir::Op::FragmentOutput, ir::Type::Void, {translator_.Reg(reg + 1)},
                             ir::kFragmentDepth);
        }
    }

    // Images that only TXQ names take their dimension from the environment (the texture's
    // header, or a CUDA launch's arguments).
    void GiveImagesTheirDimensions() {
        for (const u32 index : program_.info.images_without_dim) {
            ImageBinding& image = program_.info.images[index];
            const std::optional<TextureType> type =
                env_.TextureHandle(image.handle_bank, image.handle_offset);
            if (!type || !type->dim) {
                base::Fail(
                    "{}: the texture at c[{:#x}][{:#x}] is only queried (TXQ), which does not say "
                    "whether it is 1D, 2D or 3D, and the environment does not know (for a cubin: "
                    "a manifest's tex2d or tex3d argument for `nxhost shader run`; "
                    "ComputeState::image_dims)",
                    env_.Name(), image.handle_bank, image.handle_offset);
            }
            image.dim = *type->dim;
        }
        program_.info.images_without_dim.clear();
    }

    void Decode() {
        const u64 bytes = env_.CodeBytes();
        if (bytes % kInstructionBytes != 0) {
            base::Fail("{}: code size {} is not a multiple of 16", env_.Name(), bytes);
        }
        for (u64 offset = 0; offset < bytes; offset += kInstructionBytes) {
            const std::optional<sass::Instruction> inst = sass::Decode(env_.CodeWord(offset));
            if (!inst) {
                // Words past the last EXIT may be data or padding; only reached ones matter.
                decoded_.push_back({offset, {}, {}});
                continue;
            }
            decoded_.push_back({offset, *inst, inst->form->mnemonic});
        }
    }

    const Decoded& At(u64 offset) const {
        const u64 index = offset / kInstructionBytes;
        if (offset % kInstructionBytes != 0 || index >= decoded_.size()) {
            Fail(offset, "control flow leaves the program's code");
        }
        const Decoded& decoded = decoded_[index];
        if (decoded.inst.form == nullptr) {
            Fail(offset, "the instruction word does not decode");
        }
        return decoded;
    }

    u64 BranchTarget(const Decoded& d, std::size_t operand) const {
        const sass::OperandSpec& spec = d.inst.form->operands[operand];
        const unsigned width = d.inst.form->fields[static_cast<std::size_t>(spec.field)].width;
        return d.offset + kInstructionBytes +
               static_cast<u64>(sass::SignExtend(d.inst.Value(spec.field), width) * 4);
    }

    std::size_t TargetOperand(const Decoded& d) const {
        const auto& operands = d.inst.form->operands;
        for (std::size_t i = 0; i < operands.size(); ++i) {
            if (operands[i].kind == sass::OperandKind::BranchTarget) {
                return i;
            }
        }
        Fail(d.offset, "branch without a target");
    }

    void FindLeaders() {
        leaders_.insert(0);
        for (const Decoded& d : decoded_) {
            if (d.inst.form == nullptr) {
                continue;
            }
            const std::string_view m = d.mnemonic;
            if (m == "BRA" || m == "CALL") {
                leaders_.insert(BranchTarget(d, TargetOperand(d)));
            }
            if (m == "BRA" || m == "CALL" || m == "EXIT" || m == "RET") {
                leaders_.insert(d.offset + kInstructionBytes);
            }
        }
    }

    Block* BlockFor(u64 offset, u32 context) {
        const Key key{offset, context};
        if (const auto it = blocks_.find(key); it != blocks_.end()) {
            return it->second;
        }
        Block* block = program_.NewBlock(offset);
        blocks_[key] = block;
        pending_[key] = block;
        return block;
    }

    Block* ExitBlock() {
        Block* block = program_.NewBlock(0);
        block->end.kind = Terminator::Kind::Exit;
        return block;
    }

    static void Jump(Block* from, Block* to) {
        from->end.kind = Terminator::Kind::Jump;
        from->end.targets[0] = to;
    }

    static void Branch(Block* from, Value condition, Block* taken, Block* not_taken) {
        from->end.kind = Terminator::Kind::Branch;
        from->end.condition = condition;
        from->end.targets[0] = taken;
        from->end.targets[1] = not_taken;
    }

    Value Guard(Block* block, const Decoded& d) {
        translator_.Begin(block, d.inst, d.offset);
        Value guard = translator_.Pred(d.inst.guard);
        if (d.inst.guard_negated) {
            guard = translator_.Spv(spv::Op::OpLogicalNot, ir::Type::Bool, {guard});
        }
        return guard;
    }

    u32 CallContext(u64 return_offset, u32 parent) {
        const auto key = std::make_pair(return_offset, parent);
        if (const auto it = context_ids_.find(key); it != context_ids_.end()) {
            return it->second;
        }
        if (contexts_.size() > 64) {
            Fail(return_offset, "calls nested too deeply (recursion is not supported)");
        }
        contexts_.push_back(key);
        const u32 id = static_cast<u32>(contexts_.size());
        context_ids_[key] = id;
        return id;
    }

    // Translates from `offset` until the block ends; returns when a terminator is set.
    void Fill(Block* block, u64 offset, u32 context) {
        for (bool first = true;; first = false, offset += kInstructionBytes) {
            if (!first && leaders_.contains(offset)) {
                Jump(block, BlockFor(offset, context));
                return;
            }
            const Decoded& d = At(offset);
            const std::string_view m = d.mnemonic;
            const Value guard = d.inst.IsPredicated() ? Guard(block, d) : Value::Bool(true);
            const bool guarded = d.inst.IsPredicated();
            if (m == "BRA") {
                Value condition = guard;
                const sass::Form& form = *d.inst.form;
                if (!form.operands.empty() &&
                    form.operands[0].kind == sass::OperandKind::Predicate) {
                    translator_.Begin(block, d.inst, d.offset);
                    const Value operand = translator_.Predicate(0);
                    condition =
                        translator_.Spv(spv::Op::OpLogicalAnd, ir::Type::Bool, {guard, operand});
                } else if (!form.operands.empty() &&
                           form.operands[0].kind == sass::OperandKind::UniformRegister &&
                           !(d.inst.Value(form.operands[0].field) == 63 &&
                             d.inst.Value(form.operands[0].invert) != 0)) {
                    Fail(offset, "BRA on a uniform register condition");
                }
                Block* target = BlockFor(BranchTarget(d, TargetOperand(d)), context);
                if (!guarded && condition == Value::Bool(true)) {
                    Jump(block, target);
                } else {
                    Branch(block, condition, target, BlockFor(offset + kInstructionBytes, context));
                }
                return;
            }
            if (m == "EXIT") {
                if (guarded) {
                    Block* exit = ExitBlock();
                    StoreFragmentOutputs(exit, d);
                    Branch(block, guard, exit, BlockFor(offset + kInstructionBytes, context));
                } else {
                    StoreFragmentOutputs(block, d);
                    block->end.kind = Terminator::Kind::Exit;
                }
                return;
            }
            if (m == "CALL") {
                // Guarded: ptxas also leaves loops by `@P CALL.REL.NOINC` to code that never
                // returns (seen in exits.cubin's nested_break).
                const u32 callee_context = CallContext(offset + kInstructionBytes, context);
                Block* callee = BlockFor(BranchTarget(d, TargetOperand(d)), callee_context);
                if (guarded) {
                    Branch(block, guard, callee, BlockFor(offset + kInstructionBytes, context));
                } else {
                    Jump(block, callee);
                }
                return;
            }
            if (m == "RET") {
                if (guarded) {
                    Fail(offset, "predicated RET");
                }
                if (context == 0) {
                    Fail(offset, "RET outside a called function");
                }
                const auto [return_offset, parent] = contexts_[context - 1];
                Jump(block, BlockFor(return_offset, parent));
                return;
            }
            if (m == "BSYNC" && !guarded) {
                // The reconvergence point of a divergent region (kept for lockstep warps).
                translator_.Begin(block, d.inst, d.offset);
                translator_.Emit(ir::Op::Converge, ir::Type::Void, {});
                continue;
            }
            if (m == "BSSY" || m == "BSYNC" || m == "BREAK" || m == "WARPSYNC") {
                continue;  // reconvergence hints: structured control flow reconverges anyway
            }
            if (m == "DEPBAR") {
                continue;  // a wait on scoreboards: the IR's order already has the results
            }
            const auto handler = Handlers().find(m);
            if (handler == Handlers().end()) {
                translator_.Begin(block, d.inst, d.offset);
                translator_.Unsupported("no translation for " + std::string(m));
            }
            if (guarded && NeedsOwnBlock(m)) {
                Block* then_block = program_.NewBlock(offset);
                Block* after = program_.NewBlock(offset + kInstructionBytes);
                Branch(block, guard, then_block, after);
                translator_.Begin(then_block, d.inst, d.offset);
                handler->second(translator_);
                Jump(translator_.CurrentBlock(), after);
                block = after;
                continue;
            }
            translator_.Begin(block, d.inst, d.offset);
            if (guarded) {
                translator_.SetGuard(guard);
            }
            handler->second(translator_);
            // A handler may have split the block (loops of its own).
            block = translator_.CurrentBlock();
        }
    }

    void RemoveUnreachable() {
        std::set<Block*> reached;
        std::vector<Block*> stack{program_.Entry()};
        while (!stack.empty()) {
            Block* block = stack.back();
            stack.pop_back();
            if (!reached.insert(block).second) {
                continue;
            }
            for (Block* next : block->Successors()) {
                stack.push_back(next);
            }
        }
        // Unreached blocks stay alive (the SSA builder may still hold their phis) but leave the
        // program.
        auto& blocks = program_.Blocks();
        const auto unreached =
            std::stable_partition(blocks.begin(), blocks.end(),
                                  [&](const auto& block) { return reached.contains(block.get()); });
        std::move(unreached, blocks.end(), std::back_inserter(unreached_));
        blocks.erase(unreached, blocks.end());
        for (u32 i = 0; i < blocks.size(); ++i) {
            blocks[i]->index = i;
        }
    }

    void LinkPredecessors() {
        for (const auto& block : program_.Blocks()) {
            for (Block* next : block->Successors()) {
                next->preds.push_back(block.get());
            }
        }
    }

    const ShaderEnvironment& env_;
    ir::Program program_;
    SsaBuilder ssa_;
    Translator translator_;
    std::vector<Decoded> decoded_;
    std::set<u64> leaders_;
    std::map<Key, Block*> blocks_;
    std::map<Key, Block*> pending_;
    std::vector<std::pair<u64, u32>> contexts_;  // id - 1 -> (return offset, parent context)
    std::map<std::pair<u64, u32>, u32> context_ids_;
    std::vector<std::unique_ptr<Block>> unreached_;
};

}  // namespace

ir::Program TranslateProgram(const ShaderEnvironment& env) {
    return ProgramBuilder(env).Build();
}

}  // namespace shader::frontend
