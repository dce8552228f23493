#include "shader/frontend/translate_program.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "base/error.h"
#include "shader/frontend/jump_table.h"
#include "shader/frontend/translator.h"
#include "shader/maxwell/instruction.h"
#include "shader/sph.h"

namespace shader::frontend {
namespace {

using ir::Block;
using ir::Terminator;
using ir::Value;

constexpr u64 kAmpereInstructionBytes = 16;
constexpr u64 kMaxwellInstructionBytes = 8;
constexpr u64 kMaxwellBundleBytes = 32;  // a control word, then three instructions

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
        "LDG",  "STG",    "LDS",  "STS",  "LDL",   "STL",    "ATOMG", "ATOM", "ATOMS", "RED",
        "LDSM", "LDGSTS", "SULD", "SUST", "SURED", "SUATOM", "TEX",   "TLD",  "TLD4",  "TXD",
        "TMML", "MEMBAR", "HMMA", "IMMA", "AST",   "TEXS",   "TLDS",  "ST",   "LD",    "KIL"};
    return kNames.contains(mnemonic);
}

// What a block's place on the reconvergence stack is: the entries that SSY (Maxwell's
// reconvergence point), PBK (a loop's break target), PCNT (its continue target) and calls
// (CALL, CAL: the return address) pushed on the way to it, innermost first. SYNC, BRK, CONT and
// RET go to the address of the innermost entry of their kind; all but CONT pop it (a loop's
// continue target stays pushed for its next iteration).
enum class FrameKind : u8 { Return, Sync, Break, Continue };
struct Frame {
    FrameKind kind = FrameKind::Return;
    u64 address = 0;
    u32 parent = 0;  // the context below it, 0 = the empty stack
    auto operator<=>(const Frame&) const = default;
};

class ProgramBuilder {
public:
    explicit ProgramBuilder(const ShaderEnvironment& env)
        : env_(env),
          maxwell_(env.GetArchitecture() == Architecture::Maxwell),
          ssa_(program_),
          translator_(program_, ssa_, env) {}

    ir::Program Build() {
        Decode();
        FindLeaders();
        BlockFor(First(), 0);
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
    // A block is one SASS offset in one context (its reconvergence stack, 0 when empty, chained
    // through frames_).
    using Key = std::pair<u64, u32>;

    [[noreturn]] void Fail(u64 offset, std::string_view what) const {
        base::Fail("{}: at {:#06x}: {}", env_.Name(), offset, what);
    }

    void ResolveTextureHandles() {
        for (const auto& block : program_.Blocks()) {
            for (ir::Inst* inst : block->insts) {
                if ((inst->op == ir::Op::ImageSample || inst->op == ir::Op::ImageQuery) &&
                    inst->resource == kUnresolvedImage) {
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

    // Words past the last EXIT may be data or padding: they stay undecoded, and only reached
    // ones matter.
    void Add(u64 offset, const std::optional<sass::Instruction>& inst) {
        decoded_.push_back(inst ? Decoded{offset, *inst, inst->form->mnemonic}
                                : Decoded{offset, {}, {}});
    }

    void Decode() {
        const u64 bytes = env_.CodeBytes();
        if (!maxwell_) {
            if (bytes % kAmpereInstructionBytes != 0) {
                base::Fail("{}: code size {} is not a multiple of 16", env_.Name(), bytes);
            }
            for (u64 offset = 0; offset < bytes; offset += kAmpereInstructionBytes) {
                Add(offset, sass::Decode(env_.CodeWord(offset)));
            }
            return;
        }
        if (bytes % kMaxwellBundleBytes != 0) {
            base::Fail("{}: code size {} is not a whole number of 32-byte bundles", env_.Name(),
                       bytes);
        }
        // One entry per 8 bytes; the control word's slot stays undecoded.
        for (u64 bundle = 0; bundle < bytes; bundle += kMaxwellBundleBytes) {
            const u64 control = env_.CodeWord(bundle).lo;
            Add(bundle, std::nullopt);
            for (u64 i = 0; i < 3; ++i) {
                const u64 offset = bundle + kMaxwellInstructionBytes * (i + 1);
                Add(offset, maxwell::Decode(env_.CodeWord(offset).lo,
                                            static_cast<u32>(control >> (21 * i) & 0x1fffff)));
            }
        }
    }

    u64 InstructionBytes() const {
        return maxwell_ ? kMaxwellInstructionBytes : kAmpereInstructionBytes;
    }

    // The instruction after the one at `offset` (Maxwell's skips the next bundle's control).
    u64 Next(u64 offset) const {
        const u64 next = offset + InstructionBytes();
        return maxwell_ && next % kMaxwellBundleBytes == 0 ? next + kMaxwellInstructionBytes : next;
    }

    // A Maxwell branch to a bundle's start goes to its first instruction (nvdisasm's
    // self-branch after EXIT names the bundle).
    u64 Landing(u64 target) const {
        return maxwell_ && target % kMaxwellBundleBytes == 0 ? target + kMaxwellInstructionBytes
                                                             : target;
    }

    const Decoded& At(u64 offset) const {
        const u64 index = offset / InstructionBytes();
        if (offset % InstructionBytes() != 0 || index >= decoded_.size()) {
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
        return Landing(
            d.offset + d.inst.form->encoding->branch_from +
            static_cast<u64>(sass::SignExtend(d.inst.Value(spec.field), width) * spec.scale));
    }

    std::size_t TargetOperand(const Decoded& d) const {
        const auto& operands = d.inst.form->operands;
        for (std::size_t i = 0; i < operands.size(); ++i) {
            if (operands[i].kind == sass::OperandKind::BranchTarget) {
                return i;
            }
            if (operands[i].kind == sass::OperandKind::ConstantBuffer) {
                // Maxwell's SSY/PBK/PCNT/CAL c[bank][offset]: the target is read at run time.
                Fail(d.offset, std::string(d.mnemonic) + " to a constant-buffer target");
            }
        }
        Fail(d.offset, "branch without a target");
    }

    // The CALL and RET forms with a predicate operand (CALL.REL without .NOINC, RET.REL without
    // .NODEC, CALL.ABS, or a predicate other than PT) count returns or branch on a predicate,
    // which the frames of this translation do not model: refused by name.
    void RefusePredicateOperand(const Decoded& d) const {
        for (const sass::OperandSpec& op : d.inst.form->operands) {
            if (op.kind == sass::OperandKind::Predicate) {
                Fail(d.offset, std::string(d.mnemonic) +
                                   " with a predicate operand or without .NOINC/.NODEC (" +
                                   sass::Disassemble(d.inst) + ")");
            }
        }
    }

    static bool Pushes(std::string_view m) {
        return m == op::kSSY || m == op::kPBK || m == op::kPCNT || m == op::kCAL;
    }
    static bool EndsBlock(std::string_view m) {
        return m == op::kBRA || m == op::kCALL || m == op::kEXIT || m == op::kRET ||
               m == op::kBRX || m == op::kSYNC || m == op::kBRK || m == op::kCONT || m == op::kCAL;
    }

    void FindLeaders() {
        leaders_.insert(First());
        for (const Decoded& d : decoded_) {
            if (d.inst.form == nullptr) {
                continue;
            }
            const std::string_view m = d.mnemonic;
            if (m == op::kCALL || m == op::kRET) {
                RefusePredicateOperand(d);
            }
            if (m == op::kBRA || m == op::kCALL || Pushes(m)) {
                leaders_.insert(BranchTarget(d, TargetOperand(d)));
            }
            if (m == op::kBRX) {
                const JumpTable& table = JumpTableAt(d);
                leaders_.insert(table.targets.begin(), table.targets.end());
            }
            if (EndsBlock(m)) {
                leaders_.insert(Next(d.offset));
            }
        }
    }

    u64 First() const { return maxwell_ ? kMaxwellInstructionBytes : 0; }

    const JumpTable& JumpTableAt(const Decoded& d) {
        if (const auto it = jump_tables_.find(d.offset); it != jump_tables_.end()) {
            return it->second;
        }
        std::vector<JumpTableInstruction> before;
        for (u64 offset = d.offset; offset > First() && before.size() < kJumpTableWindow;) {
            offset -= InstructionBytes();
            const Decoded& previous = decoded_[offset / InstructionBytes()];
            if (previous.inst.form != nullptr) {
                before.push_back({&previous.inst, previous.offset});
            }
        }
        JumpTable table = FindJumpTable(env_, d.inst, d.offset, before);
        for (u64& target : table.targets) {
            target = Landing(target);
        }
        return jump_tables_.emplace(d.offset, std::move(table)).first->second;
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

    u32 Push(FrameKind kind, u64 address, u32 parent, u64 offset) {
        // An entry the same as the one on top adds nothing a later SYNC, BRK, CONT or RET could
        // tell apart: the same targets, the same stack below. NVIDIA's compiler puts PCNT at its
        // own target, so every CONT re-runs it (melonDS's DepthBlend); it stays one entry.
        if (parent != 0 && frames_[parent - 1].kind == kind &&
            frames_[parent - 1].address == address) {
            return parent;
        }
        const Frame frame{kind, address, parent};
        if (const auto it = context_ids_.find(frame); it != context_ids_.end()) {
            return it->second;
        }
        if (frames_.size() > kMaxContexts + kContextsPerInstruction * decoded_.size()) {
            Fail(offset,
                 "the reconvergence stack takes too many shapes (recursion, or pushes in a loop)");
        }
        frames_.push_back(frame);
        const u32 id = static_cast<u32>(frames_.size());
        context_ids_[frame] = id;
        return id;
    }

    // The innermost entry of `kind` on the stack of `context`, as its context id.
    u32 Innermost(FrameKind kind, u32 context, u64 offset, std::string_view what) const {
        for (u32 id = context; id != 0; id = frames_[id - 1].parent) {
            if (frames_[id - 1].kind == kind) {
                return id;
            }
        }
        Fail(offset, std::string(what) + " with no matching entry on the reconvergence stack");
    }

    // SYNC, BRK, CONT and RET: a jump to the innermost entry of their kind (`pop`: below it).
    void Unwind(Block* block, const Decoded& d, Value guard, bool guarded, u32 context,
                FrameKind kind, bool pop) {
        const u32 id = Innermost(kind, context, d.offset, d.mnemonic);
        const Frame& frame = frames_[id - 1];
        Block* target = BlockFor(frame.address, pop ? frame.parent : id);
        if (guarded) {
            Branch(block, guard, target, BlockFor(Next(d.offset), context));
        } else {
            Jump(block, target);
        }
    }

    // BRX Ra, offset: a jump through a table of code offsets in a fixed constant bank.
    void IndirectBranch(Block* block, const Decoded& d, bool guarded, u32 context) {
        if (guarded) {
            Fail(d.offset, "predicated BRX");
        }
        const JumpTable& table = JumpTableAt(d);
        translator_.Begin(block, d.inst, d.offset);
        const Value address = JumpTableAddress(translator_, table);
        for (std::size_t i = 0; i + 1 < table.targets.size(); ++i) {
            Block* next = program_.NewBlock(d.offset);
            const Value entry = Value::U32(table.base + static_cast<u32>(i) * 4);
            Branch(block, translator_.Spv(spv::Op::OpIEqual, ir::Type::Bool, {address, entry}),
                   BlockFor(table.targets[i], context), next);
            block = next;
            translator_.SetBlock(block);
        }
        Jump(block, BlockFor(table.targets.back(), context));
    }

    // Translates from `offset` until the block ends; returns when a terminator is set.
    void Fill(Block* block, u64 offset, u32 context) {
        for (bool first = true;; first = false, offset = Next(offset)) {
            if (!first && leaders_.contains(offset)) {
                Jump(block, BlockFor(offset, context));
                return;
            }
            const Decoded& d = At(offset);
            const std::string_view m = d.mnemonic;
            const Value guard = d.inst.IsPredicated() ? Guard(block, d) : Value::Bool(true);
            const bool guarded = d.inst.IsPredicated();
            if (m == op::kBRA) {
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
                    Branch(block, condition, target, BlockFor(Next(offset), context));
                }
                return;
            }
            if (m == op::kEXIT) {
                if (guarded) {
                    Block* exit = ExitBlock();
                    StoreFragmentOutputs(exit, d);
                    Branch(block, guard, exit, BlockFor(Next(offset), context));
                } else {
                    StoreFragmentOutputs(block, d);
                    block->end.kind = Terminator::Kind::Exit;
                }
                return;
            }
            if (m == op::kCALL || m == op::kCAL) {
                // Guarded: ptxas also leaves loops by `@P CALL.REL.NOINC` to code that never
                // returns (seen in exits.cubin's nested_break).
                const u32 callee_context = Push(FrameKind::Return, Next(offset), context, offset);
                Block* callee = BlockFor(BranchTarget(d, TargetOperand(d)), callee_context);
                if (guarded) {
                    Branch(block, guard, callee, BlockFor(Next(offset), context));
                } else {
                    Jump(block, callee);
                }
                return;
            }
            if (m == op::kRET) {
                if (guarded) {
                    Fail(offset, "predicated RET");
                }
                if (context == 0) {
                    Fail(offset, "RET outside a called function");
                }
                Unwind(block, d, guard, guarded, context, FrameKind::Return, true);
                return;
            }
            if (m == op::kSSY || m == op::kPBK || m == op::kPCNT) {
                const FrameKind kind = m == op::kSSY   ? FrameKind::Sync
                                       : m == op::kPBK ? FrameKind::Break
                                                       : FrameKind::Continue;
                Jump(block, BlockFor(Next(offset), Push(kind, BranchTarget(d, TargetOperand(d)),
                                                        context, offset)));
                return;
            }
            if (m == op::kSYNC || m == op::kBRK || m == op::kCONT) {
                const FrameKind kind = m == op::kSYNC  ? FrameKind::Sync
                                       : m == op::kBRK ? FrameKind::Break
                                                       : FrameKind::Continue;
                Unwind(block, d, guard, guarded, context, kind, kind != FrameKind::Continue);
                return;
            }
            if (m == op::kBRX) {
                IndirectBranch(block, d, guarded, context);
                return;
            }
            if (m == op::kBSYNC && !guarded) {
                // The reconvergence point of a divergent region (kept for lockstep warps).
                translator_.Begin(block, d.inst, d.offset);
                translator_.Emit(ir::Op::Converge, ir::Type::Void, {});
                continue;
            }
            if (m == op::kBMOV) {
                // Clearing or reading a convergence barrier: structured control flow keeps no
                // barrier state, so only a read whose value is kept cannot be translated.
                // Only the barrier-to-register form (0x355) into RZ: the others set barriers or
                // ATEXIT_PC, state the translation does not keep.
                if (d.inst.form->key != 0x355 ||
                    d.inst.Value(d.inst.form->operands[0].field) != kZeroRegister) {
                    translator_.Begin(block, d.inst, d.offset);
                    translator_.Unsupported(
                        "BMOV other than clearing a convergence barrier (BMOV.32.CLEAR RZ, Bn)");
                }
                continue;
            }
            if (m == op::kBSSY || m == op::kBSYNC || m == op::kBREAK || m == op::kWARPSYNC) {
                continue;  // reconvergence hints: structured control flow reconverges anyway
            }
            if (m == op::kDEPBAR) {
                continue;  // a wait on scoreboards: the IR's order already has the results
            }
            const HandlerTable& handlers = maxwell_ ? MaxwellHandlers() : Handlers();
            const Handler* handler = handlers.Find(m);
            if (handler == nullptr) {
                translator_.Begin(block, d.inst, d.offset);
                translator_.Unsupported("no translation for " + std::string(m));
            }
            if (guarded && NeedsOwnBlock(m)) {
                Block* then_block = program_.NewBlock(offset);
                Block* after = program_.NewBlock(Next(offset));
                Branch(block, guard, then_block, after);
                translator_.Begin(then_block, d.inst, d.offset);
                (*handler)(translator_);
                Jump(translator_.CurrentBlock(), after);
                block = after;
                continue;
            }
            translator_.Begin(block, d.inst, d.offset);
            if (guarded) {
                translator_.SetGuard(guard);
            }
            (*handler)(translator_);
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

    // A program's distinct stacks grow with its pushes (deko3d's compiler puts an SSY before
    // most branches: melonDS's rasteriser has 700 of them, one after another); recursion or a
    // push in a loop that never pops grows them without end, which these bounds stop.
    static constexpr std::size_t kMaxContexts = 256;
    static constexpr std::size_t kContextsPerInstruction = 4;

    const ShaderEnvironment& env_;
    bool maxwell_ = false;
    ir::Program program_;
    SsaBuilder ssa_;
    Translator translator_;
    std::vector<Decoded> decoded_;
    std::set<u64> leaders_;
    std::map<Key, Block*> blocks_;
    std::map<Key, Block*> pending_;
    std::vector<Frame> frames_;  // context id - 1 -> its innermost entry
    std::map<Frame, u32> context_ids_;
    std::map<u64, JumpTable> jump_tables_;
    std::vector<std::unique_ptr<Block>> unreached_;
};

}  // namespace

ir::Program TranslateProgram(const ShaderEnvironment& env) {
    return ProgramBuilder(env).Build();
}

}  // namespace shader::frontend
