#include "shader/spirv/emit_compute.h"

#include <bit>
#include <set>

#include "base/error.h"
#include "shader/passes/module_data.h"
#include "shader/spirv/emitter.h"

namespace shader::spirv {

// Words of function body an IR instruction leads to, generously.
constexpr std::size_t kCodeWordsAnInst = 24;

void Emitter::Run(const std::vector<Node>& structure) {
    // With 32-wide subgroups that the pipeline can require full, a subgroup is a CUDA warp
    // (invocations are cut into subgroups by their local index, x fastest).
    subgroup_warps_ = (target_.subgroup_size == 32 || target_.full_32_wide_subgroups) &&
                      target_.subgroup_shuffle && target_.subgroup_ballot &&
                      target_.subgroup_arithmetic && launch_.block[0] % kWarpSize == 0;
    DeclareCommon();
    function_ = m_.NewId();
    first_label_ = m_.NewId();
    current_label_ = first_label_;
    ids_.assign(ir_.IdLimit(), 0);
    demoted_.assign(ir_.IdLimit(), 0);
    // The body grows by a few instructions an IR instruction: room for it up front, instead of
    // copying it at each doubling (untouched room costs no memory pages).
    m_.ReserveCode(ir_.IdLimit() * kCodeWordsAnInst);
    if (!IsCompute()) {
        DeclareStageInterface();
    }
    DeclarePhis();
    DemoteValuesLeavingSkipGuards(structure);
    EmitNodes(structure);
    if (!terminated_) {
        ReturnFromMain();
    }
    if (IsCompute()) {
        m_.SetEntryPoint(spv::ExecutionModel::GLCompute, function_, "main", interface_);
        m_.SetLocalSize(function_, launch_.block[0], launch_.block[1], launch_.block[2]);
    } else {
        FinishStageInterface();
    }
    DeclareFloatControls();
    spirv_ = m_.Assemble(function_, m_.TypeVoid(), m_.TypeFunction(m_.TypeVoid()), first_label_);
}

void Emitter::ReturnFromMain() {
    Terminate(spv::Op::OpReturn, {});
}

void Emitter::FillCompute(ComputeProgram& out) const {
    out.spirv = spirv_;
    out.workgroup_size = launch_.block;
    out.cbank0_binding = kCbank0Binding;
    out.cbank0_bytes = cbank0_words_ * 16;
    out.global_buffers.clear();
    out.module_global_binding.reset();
    for (std::size_t i = 0; i < ir_.info.global_buffers.size(); ++i) {
        const u32 binding = kFirstGlobalBinding + static_cast<u32>(i);
        const ConstantAddress address = ir_.info.global_buffers[i];
        if (address == passes::kModuleGlobalBuffer) {
            out.module_global_binding = binding;
        } else {
            out.global_buffers.push_back({.binding = binding,
                                          .address_offset = address.offset,
                                          .address_bank = address.bank});
        }
    }
    out.constant_banks.clear();
    u32 bank_binding = kFirstGlobalBinding + static_cast<u32>(ir_.info.global_buffers.size());
    for (const auto& [bank, bytes] : ir_.info.constant_banks) {
        out.constant_banks.push_back({bank, bank_binding++, (bytes + 15) / 16 * 16});
    }
    out.images = images_;
    out.shared_bytes = ir_.info.shared_bytes;
    out.local_bytes = ir_.info.local_bytes;
    out.requires_32_wide_subgroups = subgroup_warps_ && UsesWarpOperations();
}

[[noreturn]] void Emitter::Fail(const Inst& inst, std::string_view what) const {
    base::Fail("SPIR-V emission: instruction from SASS offset {:#06x} ({}): {}", inst.sass_offset,
               ir::OpName(inst.op), what);
}

u32 Emitter::TypeId(Type type) {
    u32& id = type_ids_[static_cast<std::size_t>(type)];
    if (id == 0) {
        id = DeclareType(type);
    }
    return id;
}

u32 Emitter::DeclareType(Type type) {
    switch (type) {
        case Type::Void:
            return m_.TypeVoid();
        case Type::Bool:
            return m_.TypeBool();
        case Type::U32:
            return m_.TypeUint(32);
        case Type::U64:
            m_.AddCapability(spv::Capability::Int64);
            return m_.TypeUint(64);
        case Type::F32:
            return m_.TypeFloat(32);
        case Type::F64:
            if (!target_.float64) {
                // f64 arithmetic, and the exact paths of f32 and f16 arithmetic built on it.
                const std::string where = current_ != nullptr
                                              ? fmt::format(
                                                    " (first for the instruction at SASS offset "
                                                    "{:#06x}, {})",
                                                    current_->sass_offset, ir::OpName(current_->op))
                                              : "";
                base::Fail(
                    "SPIR-V emission: the kernel needs 64-bit floats{}, and the device "
                    "has no shaderFloat64",
                    where);
            }
            m_.AddCapability(spv::Capability::Float64);
            return m_.TypeFloat(64);
        case Type::U32x2:
            return m_.TypeVector(m_.TypeUint(32), 2);
        case Type::U32x4:
            return m_.TypeVector(m_.TypeUint(32), 4);
    }
    return 0;
}

u32 Emitter::Emit(spv::Op op, Type type, std::span<const u32> operands) {
    const u32 id = m_.NewId();  // before the type, which may be declared now: ids in that order
    m_.CodeResult(op, TypeId(type), id, operands);
    return id;
}

u32 Emitter::Glsl(GLSLstd450 op, Type type, std::span<const u32> operands) {
    std::array<u32, 8> words{};
    if (operands.size() + 2 > words.size()) {
        base::Fail("SPIR-V emission: a GLSL.std.450 instruction of {} operands", operands.size());
    }
    words[0] = m_.GlslImport();
    words[1] = static_cast<u32>(op);
    std::copy(operands.begin(), operands.end(), words.begin() + 2);
    return Emit(spv::Op::OpExtInst, type, std::span<const u32>(words.data(), operands.size() + 2));
}

u32 Emitter::IdOf(const Value& raw) {
    const Value value = raw.Resolve();
    if (const Inst* def = value.Def()) {
        if (demoted_[def->id] != 0) {
            return Emit(spv::Op::OpLoad, def->type, {demoted_[def->id]});
        }
        if (ids_[def->id] == 0) {
            Fail(*def, "used before it is defined (control flow not dominated)");
        }
        return ids_[def->id];
    }
    switch (value.GetType()) {
        case Type::Bool:
            return m_.ConstantBool(value.Bits() != 0);
        case Type::U32:
        case Type::F32:
            return m_.Constant32(TypeId(value.GetType()), static_cast<u32>(value.Bits()));
        case Type::U64:
        case Type::F64:
            return m_.Constant64(TypeId(value.GetType()), value.Bits());
        default:
            base::Fail("SPIR-V emission: an immediate of type {}", ir::TypeName(value.GetType()));
    }
}

void Emitter::DeclareCommon() {
    m_.AddCapability(spv::Capability::Shader);
    if (!IsCompute()) {
        // Every bank the stage reads is a uniform buffer, in bank order from binding 0; the
        // images follow.
        u32 binding = 0;
        for (const auto& [bank, bytes] : ir_.info.constant_banks) {
            constant_banks_[bank] = UniformBank(bytes / 16, binding++);
        }
        DeclareImages(binding);
        if (ir_.info.local_bytes > 0) {
            local_words_ = ir_.info.local_bytes / 4;
            local_ = m_.FunctionVariable(m_.TypePointer(
                StorageClass::Function, m_.TypeArray(m_.TypeUint(32), local_words_)));
        }
        return;
    }
    if (!target_.int64) {
        base::Fail(
            "SPIR-V emission: the device has no shaderInt64, which translated kernels need "
            "(64-bit addresses and arithmetic)");
    }
    m_.AddCapability(spv::Capability::Int64);
    // Constant bank 0 as a uniform buffer; the other banks the program reads after the
    // global buffers' bindings.
    cbank0_words_ = std::max<u32>(1, (ir_.info.cbank0_bytes + 15) / 16);
    cbank0_ = UniformBank(cbank0_words_, kCbank0Binding);
    u32 bank_binding = kFirstGlobalBinding + static_cast<u32>(ir_.info.global_buffers.size());
    for (const auto& [bank, bytes] : ir_.info.constant_banks) {
        constant_banks_[bank] = UniformBank(std::max<u32>(1, (bytes + 15) / 16), bank_binding++);
    }
    DeclareImages(bank_binding);
    u32 shared_words = (ir_.info.shared_bytes + 3) / 4;
    if (UsesWarpScratch()) {
        // Warp operations exchange values through a word per thread (and one to count in).
        scratch_base_ = shared_words;
        shared_words += (Threads() + kWarpSize - 1) / kWarpSize * kWarpSize + 1;
    }
    if (shared_words > 0) {
        const u32 type = m_.TypeArray(m_.TypeUint(32), shared_words);
        shared_ = m_.GlobalVariable(m_.TypePointer(StorageClass::Workgroup, type),
                                    StorageClass::Workgroup);
    }
    if (ir_.info.local_bytes > 0) {
        local_words_ = ir_.info.local_bytes / 4;
        const u32 type = m_.TypeArray(m_.TypeUint(32), local_words_);
        local_ = m_.FunctionVariable(m_.TypePointer(StorageClass::Function, type));
    }
}

u32 Emitter::UniformBank(u32 words, u32 binding) {
    const u32 uvec4 = m_.TypeVector(m_.TypeUint(32), 4);
    const u32 array = m_.TypeArray(uvec4, words);
    if (decorated_arrays_.insert(array).second) {
        m_.Decorate(array, spv::Decoration::ArrayStride, {16});
    }
    const u32 block = m_.TypeStruct({array});  // a struct of its own, decorated here
    m_.Decorate(block, spv::Decoration::Block);
    m_.MemberDecorate(block, 0, spv::Decoration::Offset, {0});
    const u32 variable =
        m_.GlobalVariable(m_.TypePointer(StorageClass::Uniform, block), StorageClass::Uniform);
    m_.Decorate(variable, spv::Decoration::DescriptorSet, {0});
    m_.Decorate(variable, spv::Decoration::Binding, {binding});
    return variable;
}

bool Emitter::IsFloatArithmetic(spv::Op op) {
    switch (op) {
        case spv::Op::OpFAdd:
        case spv::Op::OpFSub:
        case spv::Op::OpFMul:
        case spv::Op::OpFDiv:
        case spv::Op::OpFRem:
        case spv::Op::OpFMod:
        case spv::Op::OpFNegate:
            return true;
        default:
            return false;
    }
}

void Emitter::EmitInst(const Inst& inst) {
    current_ = &inst;
    if (!IsCompute() && ComputeOnly(inst.op)) {
        Fail(inst, fmt::format("not available in a {} stage (a compute kernel's memory or warp "
                               "operation)",
                               StageName(env_.GetStage())));
    }
    u32 id = 0;
    switch (inst.op) {
        case Op::Spv: {
            std::vector<u32> operands;
            for (const Value& arg : inst.args) {
                operands.push_back(IdOf(arg));
            }
            const auto op = static_cast<spv::Op>(inst.aux);
            id = Emit(op, inst.type, operands);
            if (IsFloatArithmetic(op)) {
                // The GPU rounds each operation; the host's compiler must not fuse a multiply
                // and an add into one rounding, nor reassociate.
                m_.Decorate(id, spv::Decoration::NoContraction);
            }
            break;
        }
        case Op::Glsl: {
            std::vector<u32> operands;
            for (const Value& arg : inst.args) {
                operands.push_back(IdOf(arg));
            }
            id = Glsl(static_cast<GLSLstd450>(inst.aux), inst.type, operands);
            break;
        }
        case Op::Phi:
            id = Emit(spv::Op::OpLoad, inst.type, {phi_variables_.at(&inst)});
            break;
        case Op::Undefined:
            id = Emit(spv::Op::OpUndef, inst.type, {});
            break;
        case Op::Pack64: {
            const u32 pair = Emit(spv::Op::OpCompositeConstruct, Type::U32x2,
                                  {IdOf(inst.args[0]), IdOf(inst.args[1])});
            id = Emit(spv::Op::OpBitcast, Type::U64, {pair});
            break;
        }
        case Op::Unpack64Lo:
        case Op::Unpack64Hi: {
            const u32 pair = Emit(spv::Op::OpBitcast, Type::U32x2, {IdOf(inst.args[0])});
            id = Emit(spv::Op::OpCompositeExtract, Type::U32,
                      {pair, inst.op == Op::Unpack64Lo ? 0u : 1u});
            break;
        }
        case Op::Construct: {
            std::vector<u32> operands;
            for (const Value& arg : inst.args) {
                operands.push_back(IdOf(arg));
            }
            id = Emit(spv::Op::OpCompositeConstruct, inst.type, operands);
            break;
        }
        case Op::Extract:
            id = Emit(spv::Op::OpCompositeExtract, Type::U32,
                      {IdOf(inst.args[0]), static_cast<u32>(inst.Arg(1).Bits())});
            break;
        case Op::ConstBank: {
            const Value bank = inst.Arg(0);
            if (!bank.IsImmediate()) {
                Fail(inst, "a constant bank chosen at run time");
            }
            id = ConstBankWord(IdOf(inst.args[1]),
                               BankVariable(inst, static_cast<u32>(bank.Bits())));
            break;
        }
        case Op::SpecialReg:
            id = SpecialRegister(inst);
            break;
        case Op::LoadGlobal:
        case Op::StoreGlobal:
        case Op::AtomicGlobal:
            if (inst.generic) {
                id = GenericAccess(inst);
                break;
            }
            if (inst.op == Op::LoadGlobal) {
                id = LoadGlobal(inst);
            } else if (inst.op == Op::StoreGlobal) {
                StoreGlobal(inst);
            } else {
                id = AtomicGlobal(inst);
            }
            break;
        case Op::LoadShared:
            id = LoadWindowAt(inst, Window::Shared, IdOf(inst.args[0]));
            break;
        case Op::LoadLocal:
            id = LoadWindowAt(inst, Window::Local, IdOf(inst.args[0]));
            break;
        case Op::StoreShared:
            StoreWindowAt(inst, Window::Shared, IdOf(inst.args[0]));
            break;
        case Op::StoreLocal:
            StoreWindowAt(inst, Window::Local, IdOf(inst.args[0]));
            break;
        case Op::Barrier:
            WorkgroupBarrier();
            break;
        case Op::AtomicShared:
            id = AtomicShared(inst);
            break;
        case Op::WarpReadLane:
            id = subgroup_warps_ ? SubgroupReadLane(inst) : WarpReadLane(inst);
            break;
        case Op::WarpBallot:
            id = subgroup_warps_ ? SubgroupBallot(inst) : WarpBallot(inst);
            break;
        case Op::WarpReduce:
            id = subgroup_warps_ ? SubgroupReduce(inst) : WarpReduce(inst);
            break;
        case Op::WarpMatch:
            id = WarpMatch(inst);
            break;
        case Op::BlockCount:
            id = BlockCount(inst);
            break;
        case Op::WarpSync:
            WarpSync();
            break;
        case Op::ImageSample:
            id = ImageSample(inst);
            break;
        case Op::ImageQuery:
            id = ImageQuery(inst);
            break;
        case Op::ImageRead:
            id = ImageRead(inst);
            break;
        case Op::ImageWrite:
            ImageWrite(inst);
            break;
        case Op::LoadAttribute:
            id = LoadAttribute(inst);
            break;
        case Op::StoreAttribute:
            StoreAttribute(inst);
            break;
        case Op::Interpolate:
            id = Interpolate(inst);
            break;
        case Op::FragmentOutput:
            FragmentOutput(inst);
            break;
        case Op::Discard:
            Discard();
            break;
        case Op::QuadSwap:
            id = QuadSwap(inst);
            break;
        case Op::QuadSwizzleAdd:
            id = QuadSwizzleAdd(inst);
            break;
        case Op::Converge:
            break;  // a barrier where it is a lockstep point (EmitNodes)
        case Op::MemoryBarrier:
            m_.Code(spv::Op::OpMemoryBarrier,
                    {Uint(static_cast<u32>(spv::Scope::Device)),
                     Uint(static_cast<u32>(spv::MemorySemanticsMask::AcquireRelease |
                                           spv::MemorySemanticsMask::UniformMemory |
                                           spv::MemorySemanticsMask::WorkgroupMemory))});
            break;
        default:
            Fail(inst, "not supported by the SPIR-V emitter yet");
    }
    if (id != 0) {
        ids_[inst.id] = id;
    }
}

void Emitter::DeclarePhis() {
    for (const auto& block : ir_.Blocks()) {
        for (const Inst* inst : block->insts) {
            if (inst->op == Op::Phi) {
                phi_variables_[inst] =
                    m_.FunctionVariable(m_.TypePointer(StorageClass::Function, TypeId(inst->type)));
            }
        }
    }
}

// The values `next`'s phis take when control comes from `block`.
void Emitter::StorePhiInputs(const ir::Block* block, const ir::Block* next) {
    for (std::size_t i = 0; i < next->preds.size(); ++i) {
        if (next->preds[i] != block) {
            continue;
        }
        for (const Inst* inst : next->insts) {
            if (inst->op == Op::Phi) {
                m_.Code(spv::Op::OpStore, {phi_variables_.at(inst), IdOf(inst->args[i])});
            }
        }
        return;
    }
}

void Emitter::Label(u32 label) {
    m_.Code(spv::Op::OpLabel, {label});
    current_label_ = label;
    terminated_ = false;
}

void Emitter::Terminate(spv::Op op, std::initializer_list<u32> operands) {
    m_.Code(op, operands);
    terminated_ = true;
}

void Emitter::EmitNodes(const std::vector<Node>& nodes) {
    SkipGuard guard;
    for (const Node& node : nodes) {
        switch (node.kind) {
            case Node::Kind::Block:
                for (const Inst* inst : node.block->insts) {
                    EmitInst(*inst);
                    if (demoted_[inst->id] != 0) {
                        m_.Code(spv::Op::OpStore, {demoted_[inst->id], ids_[inst->id]});
                    }
                    if (!subgroup_warps_ && ir_.info.lockstep_points.contains(inst)) {
                        WorkgroupBarrier();  // the warp's threads in step, as on the GPU
                    }
                }
                // A jump hands its values over here; a branch does in the arm it takes.
                if (node.block->end.kind == ir::Terminator::Kind::Jump) {
                    StorePhiInputs(node.block, node.block->end.targets[0]);
                }
                break;
            case Node::Kind::If: {
                const u32 condition = IdOf(node.condition);
                const u32 then_label = m_.NewId();
                const u32 else_label = m_.NewId();
                const u32 merge = m_.NewId();
                m_.Code(spv::Op::OpSelectionMerge,
                        {merge, static_cast<u32>(spv::SelectionControlMask::MaskNone)});
                Terminate(spv::Op::OpBranchConditional, {condition, then_label, else_label});
                for (int arm = 0; arm < 2; ++arm) {
                    Label(arm == 0 ? then_label : else_label);
                    StorePhiInputs(node.branch, node.branch->end.targets[arm]);
                    EmitNodes(arm == 0 ? node.then_body : node.else_body);
                    if (!terminated_) {
                        Terminate(spv::Op::OpBranch, {merge});
                    }
                }
                Label(merge);
                break;
            }
            case Node::Kind::Loop: {
                const u32 header = m_.NewId();
                const u32 body = m_.NewId();
                const u32 continue_target = m_.NewId();
                const u32 merge = m_.NewId();
                Terminate(spv::Op::OpBranch, {header});
                Label(header);
                m_.Code(spv::Op::OpLoopMerge,
                        {merge, continue_target, static_cast<u32>(spv::LoopControlMask::MaskNone)});
                Terminate(spv::Op::OpBranch, {body});
                Label(body);
                loops_.push_back({merge, continue_target});
                EmitNodes(node.body);
                loops_.pop_back();
                if (!terminated_) {
                    Terminate(spv::Op::OpBranch, {continue_target});
                }
                Label(continue_target);
                Terminate(spv::Op::OpBranch, {header});
                Label(merge);
                break;
            }
            case Node::Kind::Break:
                Terminate(spv::Op::OpBranch, {loops_.back().first});
                break;
            case Node::Kind::Continue:
                Terminate(spv::Op::OpBranch, {loops_.back().second});
                break;
            case Node::Kind::Return:
                ReturnFromMain();
                break;
            case Node::Kind::Skip:
                EmitSkip(node, guard);
                break;
        }
    }
    CloseSkipGuard(guard);
}

void Emitter::EmitSkip(const Node& node, SkipGuard& guard) {
    if (guard.skipped == 0) {
        guard.skipped =
            m_.FunctionVariable(m_.TypePointer(StorageClass::Function, TypeId(Type::Bool)));
        m_.Code(spv::Op::OpStore, {guard.skipped, m_.ConstantBool(false)});
    }
    const u32 condition = IdOf(node.condition);
    const u32 arm_labels[2] = {m_.NewId(), m_.NewId()};
    guard.merges.push_back(m_.NewId());
    m_.Code(spv::Op::OpSelectionMerge,
            {guard.merges.back(), static_cast<u32>(spv::SelectionControlMask::MaskNone)});
    Terminate(spv::Op::OpBranchConditional, {condition, arm_labels[0], arm_labels[1]});
    const u8 exit = node.exit_arm;
    Label(arm_labels[exit]);
    StorePhiInputs(node.branch, node.branch->end.targets[exit]);
    m_.Code(spv::Op::OpStore, {guard.skipped, m_.ConstantBool(true)});
    Terminate(spv::Op::OpBranch, {guard.merges.back()});
    Label(arm_labels[1 - exit]);
    StorePhiInputs(node.branch, node.branch->end.targets[1 - exit]);
    if (guard.merges.size() >= kNestedSkips) {  // the rest under `if (!skipped)`
        CloseSkipGuard(guard);
        const u32 skipped = Emit(spv::Op::OpLoad, Type::Bool, {guard.skipped});
        const u32 rest = m_.NewId();
        guard.merges.push_back(m_.NewId());
        m_.Code(spv::Op::OpSelectionMerge,
                {guard.merges.back(), static_cast<u32>(spv::SelectionControlMask::MaskNone)});
        Terminate(spv::Op::OpBranchConditional, {skipped, guard.merges.back(), rest});
        Label(rest);
    }
}

void Emitter::CloseSkipGuard(SkipGuard& guard) {
    while (!guard.merges.empty()) {
        if (!terminated_) {
            Terminate(spv::Op::OpBranch, {guard.merges.back()});
        }
        Label(guard.merges.back());
        guard.merges.pop_back();
    }
}

namespace {

// The blocks of `nodes` that run under a SkipGuard: those after a list's first Skip.
void CollectGuardedBlocks(const std::vector<passes::Node>& nodes, bool guarded,
                          std::set<const ir::Block*>& blocks) {
    for (const passes::Node& node : nodes) {
        guarded = guarded || node.kind == passes::Node::Kind::Skip;
        if (guarded && node.kind == passes::Node::Kind::Block) {
            blocks.insert(node.block);
        }
        CollectGuardedBlocks(node.then_body, guarded, blocks);
        CollectGuardedBlocks(node.else_body, guarded, blocks);
        CollectGuardedBlocks(node.body, guarded, blocks);
    }
}

}  // namespace

void Emitter::DemoteValuesLeavingSkipGuards(const std::vector<Node>& structure) {
    std::set<const ir::Block*> guarded;
    CollectGuardedBlocks(structure, false, guarded);
    if (guarded.empty()) {
        return;
    }
    const auto demote_used_elsewhere = [&](const Value& use, const ir::Block* user) {
        const Inst* def = use.Resolve().Def();
        if (def != nullptr && def->block != user && guarded.contains(def->block) &&
            demoted_[def->id] == 0) {
            demoted_[def->id] =
                m_.FunctionVariable(m_.TypePointer(StorageClass::Function, TypeId(def->type)));
        }
    };
    for (const auto& block : ir_.Blocks()) {
        for (const Inst* inst : block->insts) {
            for (const Value& arg : inst->args) {
                demote_used_elsewhere(arg, block.get());
            }
        }
        if (block->end.kind == ir::Terminator::Kind::Branch) {
            demote_used_elsewhere(block->end.condition, block.get());
        }
    }
}

void EmitCompute(const ir::Program& ir, const std::vector<passes::Node>& structure,
                 const ShaderEnvironment& env, ComputeProgram& program) {
    Emitter emitter(ir, env);
    emitter.Run(structure);
    emitter.FillCompute(program);
}

}  // namespace shader::spirv
