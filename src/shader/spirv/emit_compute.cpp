#include "shader/spirv/emit_compute.h"

#include <spirv/unified1/GLSL.std.450.h>

#include <bit>
#include <map>
#include <set>

#include "base/error.h"
#include "shader/spirv/module.h"

namespace shader::spirv {
namespace {

using ir::Inst;
using ir::MemoryWidth;
using ir::Op;
using ir::Type;
using ir::Value;
using passes::Node;
using spv::StorageClass;

constexpr u32 kCbank0Binding = 0;
constexpr u32 kFirstGlobalBinding = 1;
constexpr u32 kWarpSize = 32;

class Emitter {
public:
    Emitter(const ir::Program& ir, const TargetProfile& target, const ComputeState& state,
            ComputeProgram& out)
        : ir_(ir), target_(target), state_(state), out_(out) {}

    void Run(const std::vector<Node>& structure) {
        // With 32-wide subgroups that the pipeline can require full, a subgroup is a CUDA warp
        // (invocations are cut into subgroups by their local index, x fastest).
        subgroup_warps_ = (target_.subgroup_size == 32 || target_.full_32_wide_subgroups) &&
                          target_.subgroup_shuffle && target_.subgroup_ballot &&
                          target_.subgroup_arithmetic && state_.block[0] % kWarpSize == 0;
        DeclareCommon();
        function_ = m_.NewId();
        first_label_ = m_.NewId();
        current_label_ = first_label_;
        DeclarePhis();
        EmitNodes(structure);
        if (!terminated_) {
            m_.Code(spv::Op::OpReturn, {});
        }
        m_.SetEntryPoint(function_, "main", interface_);
        m_.SetLocalSize(function_, state_.block[0], state_.block[1], state_.block[2]);
        out_.spirv =
            m_.Assemble(function_, m_.TypeVoid(), m_.TypeFunction(m_.TypeVoid()), first_label_);
        out_.workgroup_size = state_.block;
        out_.cbank0_binding = kCbank0Binding;
        out_.cbank0_bytes = cbank0_words_ * 16;
        out_.global_buffers.clear();
        for (std::size_t i = 0; i < ir_.info.global_buffers.size(); ++i) {
            out_.global_buffers.push_back(
                {kFirstGlobalBinding + static_cast<u32>(i), ir_.info.global_buffers[i]});
        }
        out_.shared_bytes = ir_.info.shared_bytes + state_.dynamic_shared_bytes;
        out_.local_bytes = ir_.info.local_bytes;
        out_.requires_32_wide_subgroups = subgroup_warps_ && UsesWarpOperations();
    }

private:
    [[noreturn]] void Fail(const Inst& inst, std::string_view what) const {
        base::Fail("SPIR-V emission: instruction from SASS offset {:#06x} ({}): {}",
                   inst.sass_offset, ir::OpName(inst.op), what);
    }

    u32 TypeId(Type type) {
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
                m_.AddCapability(spv::Capability::Float64);
                return m_.TypeFloat(64);
            case Type::U32x2:
                return m_.TypeVector(m_.TypeUint(32), 2);
            case Type::U32x4:
                return m_.TypeVector(m_.TypeUint(32), 4);
        }
        return 0;
    }

    u32 Uint(u32 value) { return m_.Uint(value); }

    u32 Emit(spv::Op op, Type type, std::vector<u32> operands) {
        const u32 id = m_.NewId();
        operands.insert(operands.begin(), {TypeId(type), id});
        m_.Code(op, operands);
        return id;
    }

    u32 Glsl(GLSLstd450 op, Type type, std::vector<u32> operands) {
        operands.insert(operands.begin(), {m_.GlslImport(), static_cast<u32>(op)});
        return Emit(spv::Op::OpExtInst, type, std::move(operands));
    }

    u32 IdOf(const Value& raw) {
        const Value value = raw.Resolve();
        if (const Inst* def = value.Def()) {
            const auto it = ids_.find(def);
            if (it == ids_.end()) {
                Fail(*def, "used before it is defined (control flow not dominated)");
            }
            return it->second;
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
                base::Fail("SPIR-V emission: an immediate of type {}",
                           ir::TypeName(value.GetType()));
        }
    }

    // Resources.

    u32 BuiltinInput(spv::BuiltIn builtin, u32 components) {
        const auto it = builtins_.find(builtin);
        if (it != builtins_.end()) {
            return it->second;
        }
        const u32 type = components == 1 ? m_.TypeUint(32) : m_.TypeVector(m_.TypeUint(32), 3);
        const u32 variable =
            m_.GlobalVariable(m_.TypePointer(StorageClass::Input, type), StorageClass::Input);
        m_.Decorate(variable, spv::Decoration::BuiltIn, {static_cast<u32>(builtin)});
        interface_.push_back(variable);
        builtins_[builtin] = variable;
        return variable;
    }

    u32 BuiltinComponent(spv::BuiltIn builtin, u32 component) {
        const u32 variable = BuiltinInput(builtin, 3);
        const u32 pointer = m_.TypePointer(StorageClass::Input, m_.TypeUint(32));
        const u32 element = m_.NewId();
        m_.Code(spv::Op::OpAccessChain, {pointer, element, variable, Uint(component)});
        return Emit(spv::Op::OpLoad, Type::U32, {element});
    }

    void DeclareCommon() {
        m_.AddCapability(spv::Capability::Shader);
        m_.AddCapability(spv::Capability::Int64);
        // Constant bank 0 as a uniform buffer of uvec4 (std140 arrays have a 16-byte stride).
        cbank0_words_ = std::max<u32>(1, (ir_.info.cbank0_bytes + 15) / 16);
        const u32 uvec4 = m_.TypeVector(m_.TypeUint(32), 4);
        const u32 array = m_.TypeArray(uvec4, cbank0_words_);
        m_.Decorate(array, spv::Decoration::ArrayStride, {16});
        const u32 block = m_.TypeStruct({array});
        m_.Decorate(block, spv::Decoration::Block);
        m_.MemberDecorate(block, 0, spv::Decoration::Offset, {0});
        cbank0_ =
            m_.GlobalVariable(m_.TypePointer(StorageClass::Uniform, block), StorageClass::Uniform);
        m_.Decorate(cbank0_, spv::Decoration::DescriptorSet, {0});
        m_.Decorate(cbank0_, spv::Decoration::Binding, {kCbank0Binding});
        u32 shared_words = (ir_.info.shared_bytes + state_.dynamic_shared_bytes + 3) / 4;
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
    }

    // One storage buffer variable per (buffer, element type): aliases of one binding.
    // Element kinds of the storage buffer aliases: words per element, or kScalar64.
    static constexpr u32 kScalar64 = 0;

    u32 ElementType(u32 element_words) {
        if (element_words == kScalar64) {
            return TypeId(Type::U64);
        }
        return element_words == 1 ? m_.TypeUint(32) : m_.TypeVector(m_.TypeUint(32), element_words);
    }

    static u32 ElementBytes(u32 element_words) {
        return element_words == kScalar64 ? 8 : element_words * 4;
    }

    // One storage buffer variable per (buffer, element type): aliases of one binding.
    u32 GlobalBuffer(u32 resource, u32 element_words) {
        const auto key = std::make_pair(resource, element_words);
        if (const auto it = global_variables_.find(key); it != global_variables_.end()) {
            return it->second;
        }
        const u32 element = ElementType(element_words);
        const u32 array = m_.TypeRuntimeArray(element);
        if (decorated_arrays_.insert(array).second) {
            m_.Decorate(array, spv::Decoration::ArrayStride, {ElementBytes(element_words)});
        }
        const u32 block = m_.TypeStruct({array});
        m_.Decorate(block, spv::Decoration::Block);
        m_.MemberDecorate(block, 0, spv::Decoration::Offset, {0});
        const u32 variable = m_.GlobalVariable(m_.TypePointer(StorageClass::StorageBuffer, block),
                                               StorageClass::StorageBuffer);
        m_.Decorate(variable, spv::Decoration::DescriptorSet, {0});
        m_.Decorate(variable, spv::Decoration::Binding, {kFirstGlobalBinding + resource});
        global_variables_[key] = variable;
        return variable;
    }

    // A word (or uvec2/uvec4) of constant bank 0 at a byte offset.
    u32 ConstBankWord(u32 byte_offset_id) {
        const u32 index = Emit(spv::Op::OpShiftRightLogical, Type::U32, {byte_offset_id, Uint(4)});
        const u32 pointer =
            m_.TypePointer(StorageClass::Uniform, m_.TypeVector(m_.TypeUint(32), 4));
        const u32 element = m_.NewId();
        m_.Code(spv::Op::OpAccessChain, {pointer, element, cbank0_, Uint(0), index});
        const u32 vector = Emit(spv::Op::OpLoad, Type::U32x4, {element});
        const u32 word =
            Emit(spv::Op::OpBitFieldUExtract, Type::U32, {byte_offset_id, Uint(2), Uint(2)});
        return Emit(spv::Op::OpVectorExtractDynamic, Type::U32, {vector, word});
    }

    // Byte offset of a global address within its parameter's buffer.
    u32 GlobalOffset(const Inst& inst) {
        const u32 parameter = ir_.info.global_buffers.at(inst.resource);
        const u32 lo = ConstBankWord(Uint(parameter));
        const u32 hi = ConstBankWord(Uint(parameter + 4));
        const u32 pair = Emit(spv::Op::OpCompositeConstruct, Type::U32x2, {lo, hi});
        const u32 base = Emit(spv::Op::OpBitcast, Type::U64, {pair});
        const u32 difference = Emit(spv::Op::OpISub, Type::U64, {IdOf(inst.args[0]), base});
        return Emit(spv::Op::OpUConvert, Type::U32, {difference});
    }

    u32 GlobalPointer(u32 resource, u32 element_words, u32 byte_offset) {
        const u32 variable = GlobalBuffer(resource, element_words);
        const u32 shift = static_cast<u32>(std::countr_zero(ElementBytes(element_words)));
        const u32 index = Emit(spv::Op::OpShiftRightLogical, Type::U32, {byte_offset, Uint(shift)});
        const u32 pointer = m_.NewId();
        m_.Code(spv::Op::OpAccessChain,
                {m_.TypePointer(StorageClass::StorageBuffer, ElementType(element_words)), pointer,
                 variable, Uint(0), index});
        return pointer;
    }

    u32 SharedPointer(u32 byte_offset) {
        if (shared_ == 0) {
            base::Fail("SPIR-V emission: shared memory used by a kernel that declares none");
        }
        const u32 index = Emit(spv::Op::OpShiftRightLogical, Type::U32, {byte_offset, Uint(2)});
        const u32 pointer = m_.NewId();
        m_.Code(spv::Op::OpAccessChain, {m_.TypePointer(StorageClass::Workgroup, m_.TypeUint(32)),
                                         pointer, shared_, index});
        return pointer;
    }

    // A byte or half-word out of the word it lives in.
    u32 ExtractNarrow(u32 word, u32 byte_offset, MemoryWidth width) {
        const u32 bit =
            Emit(spv::Op::OpShiftLeftLogical, Type::U32,
                 {Emit(spv::Op::OpBitwiseAnd, Type::U32, {byte_offset, Uint(3)}), Uint(3)});
        const bool is_signed = width == MemoryWidth::S8 || width == MemoryWidth::S16;
        const u32 bits = ir::MemoryBytes(width) * 8;
        return Emit(is_signed ? spv::Op::OpBitFieldSExtract : spv::Op::OpBitFieldUExtract,
                    Type::U32, {word, bit, Uint(bits)});
    }

    // Narrow stores change only their bytes of the word, with two atomics, so that threads
    // writing the other bytes of the same word at the same time keep theirs.
    void StoreNarrow(u32 word_pointer, u32 byte_offset, MemoryWidth width, u32 value,
                     spv::Scope scope) {
        const u32 bit =
            Emit(spv::Op::OpShiftLeftLogical, Type::U32,
                 {Emit(spv::Op::OpBitwiseAnd, Type::U32, {byte_offset, Uint(3)}), Uint(3)});
        const u32 mask_bits = ir::MemoryBytes(width) == 1 ? 0xff : 0xffff;
        const u32 mask = Emit(spv::Op::OpShiftLeftLogical, Type::U32, {Uint(mask_bits), bit});
        const u32 keep = Emit(spv::Op::OpNot, Type::U32, {mask});
        const u32 shifted =
            Emit(spv::Op::OpBitwiseAnd, Type::U32,
                 {Emit(spv::Op::OpShiftLeftLogical, Type::U32, {value, bit}), mask});
        const u32 scope_id = Uint(static_cast<u32>(scope));
        const u32 semantics = Uint(static_cast<u32>(spv::MemorySemanticsMask::MaskNone));
        Emit(spv::Op::OpAtomicAnd, Type::U32, {word_pointer, scope_id, semantics, keep});
        Emit(spv::Op::OpAtomicOr, Type::U32, {word_pointer, scope_id, semantics, shifted});
    }

    u32 WordOffset(u32 byte_offset, u32 word) {
        return word == 0 ? byte_offset
                         : Emit(spv::Op::OpIAdd, Type::U32, {byte_offset, Uint(word * 4)});
    }

    u32 LoadGlobal(const Inst& inst) {
        const auto width = static_cast<MemoryWidth>(inst.aux);
        const u32 offset = GlobalOffset(inst);
        const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
        const u32 value =
            Emit(spv::Op::OpLoad, inst.type, {GlobalPointer(inst.resource, words, offset)});
        return ir::MemoryBytes(width) < 4 ? ExtractNarrow(value, offset, width) : value;
    }

    void StoreGlobal(const Inst& inst) {
        const auto width = static_cast<MemoryWidth>(inst.aux);
        const u32 offset = GlobalOffset(inst);
        const u32 value = IdOf(inst.args[1]);
        if (ir::MemoryBytes(width) < 4) {
            StoreNarrow(GlobalPointer(inst.resource, 1, offset), offset, width, value,
                        spv::Scope::Device);
            return;
        }
        const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
        m_.Code(spv::Op::OpStore, {GlobalPointer(inst.resource, words, offset), value});
    }

    u32 LoadShared(const Inst& inst) {
        const auto width = static_cast<MemoryWidth>(inst.aux);
        const u32 offset = IdOf(inst.args[0]);
        const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
        std::vector<u32> parts;
        for (u32 i = 0; i < words; ++i) {
            parts.push_back(
                Emit(spv::Op::OpLoad, Type::U32, {SharedPointer(WordOffset(offset, i))}));
        }
        if (words > 1) {
            return Emit(spv::Op::OpCompositeConstruct, inst.type, parts);
        }
        return ir::MemoryBytes(width) < 4 ? ExtractNarrow(parts[0], offset, width) : parts[0];
    }

    void StoreShared(const Inst& inst) {
        const auto width = static_cast<MemoryWidth>(inst.aux);
        const u32 offset = IdOf(inst.args[0]);
        const u32 value = IdOf(inst.args[1]);
        if (ir::MemoryBytes(width) < 4) {
            StoreNarrow(SharedPointer(offset), offset, width, value, spv::Scope::Workgroup);
            return;
        }
        const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
        for (u32 i = 0; i < words; ++i) {
            const u32 part =
                words == 1 ? value : Emit(spv::Op::OpCompositeExtract, Type::U32, {value, i});
            m_.Code(spv::Op::OpStore, {SharedPointer(WordOffset(offset, i)), part});
        }
    }

    u32 Threads() const { return state_.block[0] * state_.block[1] * state_.block[2]; }

    bool Uses(Op first, Op last) const {
        for (const auto& block : ir_.Blocks()) {
            for (const Inst* inst : block->insts) {
                if (inst->op >= first && inst->op <= last) {
                    return true;
                }
            }
        }
        return false;
    }

    bool UsesWarpOperations() const { return Uses(Op::WarpReadLane, Op::WarpMatch); }

    // MATCH and BAR.RED always go through shared memory; the others only without subgroups.
    bool UsesWarpScratch() const {
        return Uses(Op::WarpMatch, Op::BlockCount) ||
               (!subgroup_warps_ && Uses(Op::WarpReadLane, Op::WarpReduce));
    }

    u32 SubgroupScope() {
        m_.AddCapability(spv::Capability::GroupNonUniform);
        return Uint(static_cast<u32>(spv::Scope::Subgroup));
    }

    u32 SubgroupReadLane(const Inst& inst) {
        m_.AddCapability(spv::Capability::GroupNonUniformShuffle);
        const u32 lane =
            Emit(spv::Op::OpBitwiseAnd, Type::U32, {IdOf(inst.args[1]), Uint(kWarpSize - 1)});
        return Emit(spv::Op::OpGroupNonUniformShuffle, Type::U32,
                    {SubgroupScope(), IdOf(inst.args[0]), lane});
    }

    u32 SubgroupBallot(const Inst& inst) {
        m_.AddCapability(spv::Capability::GroupNonUniformBallot);
        const u32 ballot = Emit(spv::Op::OpGroupNonUniformBallot, Type::U32x4,
                                {SubgroupScope(), IdOf(inst.args[0])});
        return Emit(spv::Op::OpCompositeExtract, Type::U32, {ballot, 0});
    }

    u32 SubgroupReduce(const Inst& inst) {
        using ir::WarpReduceOp;
        m_.AddCapability(spv::Capability::GroupNonUniformArithmetic);
        static constexpr spv::Op kOps[] = {
            spv::Op::OpGroupNonUniformIAdd,      spv::Op::OpGroupNonUniformBitwiseAnd,
            spv::Op::OpGroupNonUniformBitwiseOr, spv::Op::OpGroupNonUniformBitwiseXor,
            spv::Op::OpGroupNonUniformSMin,      spv::Op::OpGroupNonUniformSMax,
            spv::Op::OpGroupNonUniformUMin,      spv::Op::OpGroupNonUniformUMax};
        return Emit(
            kOps[inst.aux], Type::U32,
            {SubgroupScope(), static_cast<u32>(spv::GroupOperation::Reduce), IdOf(inst.args[0])});
    }

    u32 ScratchPointer(u32 word_index) {
        const u32 index = Emit(spv::Op::OpIAdd, Type::U32, {word_index, Uint(scratch_base_)});
        const u32 pointer = m_.NewId();
        m_.Code(spv::Op::OpAccessChain, {m_.TypePointer(StorageClass::Workgroup, m_.TypeUint(32)),
                                         pointer, shared_, index});
        return pointer;
    }

    void WorkgroupBarrier() {
        m_.Code(spv::Op::OpControlBarrier,
                {Uint(static_cast<u32>(spv::Scope::Workgroup)),
                 Uint(static_cast<u32>(spv::Scope::Workgroup)),
                 Uint(static_cast<u32>(spv::MemorySemanticsMask::AcquireRelease |
                                       spv::MemorySemanticsMask::WorkgroupMemory))});
    }

    // Warp operations without subgroup operations of the right width: every thread publishes
    // its word in the scratch area, then reads those of its warp's 32 lanes. `combine` folds
    // lane k's word into the running result; lanes past the end of the block are left out.
    template <typename Combine>
    u32 AcrossWarp(u32 published, u32 initial, Combine combine) {
        const u32 thread = LinearThreadIndex();
        m_.Code(spv::Op::OpStore, {ScratchPointer(thread), published});
        WorkgroupBarrier();
        const u32 warp_base =
            Emit(spv::Op::OpBitwiseAnd, Type::U32, {thread, Uint(~(kWarpSize - 1))});
        u32 result = initial;
        for (u32 lane = 0; lane < kWarpSize; ++lane) {
            const u32 index = Emit(spv::Op::OpIAdd, Type::U32, {warp_base, Uint(lane)});
            const u32 word = Emit(spv::Op::OpLoad, Type::U32, {ScratchPointer(index)});
            const u32 combined = combine(result, word, lane);
            if (Threads() % kWarpSize == 0) {
                result = combined;
            } else {
                const u32 exists = Emit(spv::Op::OpULessThan, Type::Bool, {index, Uint(Threads())});
                result = Emit(spv::Op::OpSelect, Type::U32, {exists, combined, result});
            }
        }
        WorkgroupBarrier();
        return result;
    }

    u32 WarpReadLane(const Inst& inst) {
        const u32 thread = LinearThreadIndex();
        m_.Code(spv::Op::OpStore, {ScratchPointer(thread), IdOf(inst.args[0])});
        WorkgroupBarrier();
        const u32 warp_base =
            Emit(spv::Op::OpBitwiseAnd, Type::U32, {thread, Uint(~(kWarpSize - 1))});
        const u32 lane =
            Emit(spv::Op::OpBitwiseAnd, Type::U32, {IdOf(inst.args[1]), Uint(kWarpSize - 1)});
        const u32 index = Emit(spv::Op::OpIAdd, Type::U32, {warp_base, lane});
        const u32 value = Emit(spv::Op::OpLoad, Type::U32, {ScratchPointer(index)});
        WorkgroupBarrier();
        return value;
    }

    u32 WarpBallot(const Inst& inst) {
        const u32 bit = Emit(spv::Op::OpShiftLeftLogical, Type::U32, {Uint(1), LaneId()});
        const u32 published =
            Emit(spv::Op::OpSelect, Type::U32, {IdOf(inst.args[0]), bit, Uint(0)});
        return AcrossWarp(published, Uint(0), [&](u32 result, u32 word, u32) {
            return Emit(spv::Op::OpBitwiseOr, Type::U32, {result, word});
        });
    }

    u32 WarpReduce(const Inst& inst) {
        using ir::WarpReduceOp;
        const auto op = static_cast<WarpReduceOp>(inst.aux);
        const u32 value = IdOf(inst.args[0]);
        return AcrossWarp(value, value, [&](u32 result, u32 word, u32 lane) {
            if (lane == 0) {
                return word;  // start from lane 0's word: no identity element needed
            }
            switch (op) {
                case WarpReduceOp::Add:
                    return Emit(spv::Op::OpIAdd, Type::U32, {result, word});
                case WarpReduceOp::And:
                    return Emit(spv::Op::OpBitwiseAnd, Type::U32, {result, word});
                case WarpReduceOp::Or:
                    return Emit(spv::Op::OpBitwiseOr, Type::U32, {result, word});
                case WarpReduceOp::Xor:
                    return Emit(spv::Op::OpBitwiseXor, Type::U32, {result, word});
                case WarpReduceOp::SMin:
                    return Glsl(GLSLstd450SMin, Type::U32, {result, word});
                case WarpReduceOp::SMax:
                    return Glsl(GLSLstd450SMax, Type::U32, {result, word});
                case WarpReduceOp::UMin:
                    return Glsl(GLSLstd450UMin, Type::U32, {result, word});
                case WarpReduceOp::UMax:
                    return Glsl(GLSLstd450UMax, Type::U32, {result, word});
            }
            return result;
        });
    }

    u32 WarpMatch(const Inst& inst) {
        const u32 value = IdOf(inst.args[0]);
        return AcrossWarp(value, Uint(0), [&](u32 result, u32 word, u32 lane) {
            const u32 equal = Emit(spv::Op::OpIEqual, Type::Bool, {word, value});
            const u32 bit = Emit(spv::Op::OpSelect, Type::U32, {equal, Uint(1u << lane), Uint(0)});
            return Emit(spv::Op::OpBitwiseOr, Type::U32, {result, bit});
        });
    }

    // BAR.RED: every thread clears the counter (the same value), then adds its predicate.
    u32 BlockCount(const Inst& inst) {
        const u32 counter =
            ScratchPointer(Uint((Threads() + kWarpSize - 1) / kWarpSize * kWarpSize));
        WorkgroupBarrier();
        m_.Code(spv::Op::OpStore, {counter, Uint(0)});
        WorkgroupBarrier();
        const u32 one = Emit(spv::Op::OpSelect, Type::U32, {IdOf(inst.args[0]), Uint(1), Uint(0)});
        Emit(spv::Op::OpAtomicIAdd, Type::U32,
             {counter, Uint(static_cast<u32>(spv::Scope::Workgroup)),
              Uint(static_cast<u32>(spv::MemorySemanticsMask::MaskNone)), one});
        WorkgroupBarrier();
        const u32 count = Emit(spv::Op::OpLoad, Type::U32, {counter});
        switch (static_cast<ir::BlockCountMode>(inst.aux)) {
            case ir::BlockCountMode::Count:
                return count;
            case ir::BlockCountMode::All:
                return Emit(spv::Op::OpSelect, Type::U32,
                            {Emit(spv::Op::OpIEqual, Type::Bool, {count, Uint(Threads())}), Uint(1),
                             Uint(0)});
            case ir::BlockCountMode::Any:
                return Emit(
                    spv::Op::OpSelect, Type::U32,
                    {Emit(spv::Op::OpINotEqual, Type::Bool, {count, Uint(0)}), Uint(1), Uint(0)});
        }
        return count;
    }

    // An atomic read-modify-write; what SPIR-V has no instruction for (CUDA's wrapping
    // increment and decrement, float add without the extension) runs as a compare-and-swap loop.
    u32 Atomic(const Inst& inst, u32 pointer, spv::Scope scope) {
        using ir::AtomicOp;
        using ir::AtomicType;
        const auto op = static_cast<AtomicOp>(inst.aux);
        const auto type = static_cast<AtomicType>(inst.aux2);
        const Type value_type = inst.type;
        if (value_type == Type::U64) {
            m_.AddCapability(spv::Capability::Int64Atomics);
        }
        const u32 value = IdOf(inst.args[1]);
        const u32 scope_id = Uint(static_cast<u32>(scope));
        const u32 relaxed = Uint(static_cast<u32>(spv::MemorySemanticsMask::MaskNone));
        const bool is_signed = type == AtomicType::S32 || type == AtomicType::S64;
        const auto simple = [&](spv::Op spv_op) {
            return Emit(spv_op, value_type, {pointer, scope_id, relaxed, value});
        };
        switch (op) {
            case AtomicOp::Add:
                if (type == AtomicType::F32) {
                    return CompareSwapLoop(pointer, scope_id, value_type, [&](u32 old) {
                        const u32 sum = Emit(spv::Op::OpFAdd, Type::F32,
                                             {Emit(spv::Op::OpBitcast, Type::F32, {old}),
                                              Emit(spv::Op::OpBitcast, Type::F32, {value})});
                        return Emit(spv::Op::OpBitcast, Type::U32, {sum});
                    });
                }
                return simple(spv::Op::OpAtomicIAdd);
            case AtomicOp::Min:
                return simple(is_signed ? spv::Op::OpAtomicSMin : spv::Op::OpAtomicUMin);
            case AtomicOp::Max:
                return simple(is_signed ? spv::Op::OpAtomicSMax : spv::Op::OpAtomicUMax);
            case AtomicOp::And:
                return simple(spv::Op::OpAtomicAnd);
            case AtomicOp::Or:
                return simple(spv::Op::OpAtomicOr);
            case AtomicOp::Xor:
                return simple(spv::Op::OpAtomicXor);
            case AtomicOp::Exchange:
                return simple(spv::Op::OpAtomicExchange);
            case AtomicOp::CompareExchange:
                return Emit(spv::Op::OpAtomicCompareExchange, value_type,
                            {pointer, scope_id, relaxed, relaxed, IdOf(inst.args[2]), value});
            case AtomicOp::Inc:
                // old >= value ? 0 : old + 1
                return CompareSwapLoop(pointer, scope_id, value_type, [&](u32 old) {
                    const u32 wraps = Emit(spv::Op::OpUGreaterThanEqual, Type::Bool, {old, value});
                    const u32 next = Emit(spv::Op::OpIAdd, Type::U32, {old, Uint(1)});
                    return Emit(spv::Op::OpSelect, Type::U32, {wraps, Uint(0), next});
                });
            case AtomicOp::Dec:
                // old == 0 || old > value ? value : old - 1
                return CompareSwapLoop(pointer, scope_id, value_type, [&](u32 old) {
                    const u32 zero = Emit(spv::Op::OpIEqual, Type::Bool, {old, Uint(0)});
                    const u32 above = Emit(spv::Op::OpUGreaterThan, Type::Bool, {old, value});
                    const u32 wraps = Emit(spv::Op::OpLogicalOr, Type::Bool, {zero, above});
                    const u32 next = Emit(spv::Op::OpISub, Type::U32, {old, Uint(1)});
                    return Emit(spv::Op::OpSelect, Type::U32, {wraps, value, next});
                });
        }
        Fail(inst, "atomic operation");
    }

    template <typename Update>
    u32 CompareSwapLoop(u32 pointer, u32 scope_id, Type type, Update update) {
        const u32 relaxed = Uint(static_cast<u32>(spv::MemorySemanticsMask::MaskNone));
        const u32 first = Emit(spv::Op::OpAtomicLoad, type, {pointer, scope_id, relaxed});
        const u32 before = current_label_;
        const u32 header = m_.NewId();
        const u32 body = m_.NewId();
        const u32 continue_target = m_.NewId();
        const u32 merge = m_.NewId();
        const u32 old = m_.NewId();
        const u32 observed = m_.NewId();
        Terminate(spv::Op::OpBranch, {header});
        Label(header);
        m_.Code(spv::Op::OpPhi, {TypeId(type), old, first, before, observed, continue_target});
        m_.Code(spv::Op::OpLoopMerge,
                {merge, continue_target, static_cast<u32>(spv::LoopControlMask::MaskNone)});
        Terminate(spv::Op::OpBranch, {body});
        Label(body);
        const u32 next = update(old);
        m_.Code(spv::Op::OpAtomicCompareExchange,
                {TypeId(type), observed, pointer, scope_id, relaxed, relaxed, next, old});
        const u32 done = Emit(spv::Op::OpIEqual, Type::Bool, {observed, old});
        Terminate(spv::Op::OpBranchConditional, {done, merge, continue_target});
        Label(continue_target);
        Terminate(spv::Op::OpBranch, {header});
        Label(merge);
        return old;
    }

    u32 AtomicGlobal(const Inst& inst) {
        const u32 offset = GlobalOffset(inst);
        const u32 words = inst.type == Type::U64 ? kScalar64 : 1;
        return Atomic(inst, GlobalPointer(inst.resource, words, offset), spv::Scope::Device);
    }

    u32 AtomicShared(const Inst& inst) {
        if (inst.type == Type::U64) {
            Fail(inst, "64-bit atomics on shared memory");
        }
        return Atomic(inst, SharedPointer(IdOf(inst.args[0])), spv::Scope::Workgroup);
    }

    // The thread's index in its block, as CUDA numbers them (x fastest), and its lane in its
    // warp of 32 (warps are cut from that index, whatever the host's subgroup size).
    u32 LinearThreadIndex() {
        const u32 variable = BuiltinInput(spv::BuiltIn::LocalInvocationIndex, 1);
        return Emit(spv::Op::OpLoad, Type::U32, {variable});
    }

    u32 LaneId() {
        return Emit(spv::Op::OpBitwiseAnd, Type::U32, {LinearThreadIndex(), Uint(kWarpSize - 1)});
    }

    u32 SpecialRegister(const Inst& inst) {
        using ir::SpecialRegister;
        const auto which = static_cast<SpecialRegister>(inst.aux);
        switch (which) {
            case SpecialRegister::TidX:
            case SpecialRegister::TidY:
            case SpecialRegister::TidZ:
                return BuiltinComponent(
                    spv::BuiltIn::LocalInvocationId,
                    static_cast<u32>(which) - static_cast<u32>(SpecialRegister::TidX));
            case SpecialRegister::CtaidX:
            case SpecialRegister::CtaidY:
            case SpecialRegister::CtaidZ:
                return BuiltinComponent(
                    spv::BuiltIn::WorkgroupId,
                    static_cast<u32>(which) - static_cast<u32>(SpecialRegister::CtaidX));
            case SpecialRegister::LaneId:
                return LaneId();
            case SpecialRegister::LaneMaskEq:
            case SpecialRegister::LaneMaskLt:
            case SpecialRegister::LaneMaskLe:
            case SpecialRegister::LaneMaskGt:
            case SpecialRegister::LaneMaskGe: {
                const u32 bit = Emit(spv::Op::OpShiftLeftLogical, Type::U32, {Uint(1), LaneId()});
                const u32 below = Emit(spv::Op::OpISub, Type::U32, {bit, Uint(1)});
                const u32 below_or_equal = Emit(spv::Op::OpBitwiseOr, Type::U32, {below, bit});
                switch (which) {
                    case SpecialRegister::LaneMaskEq:
                        return bit;
                    case SpecialRegister::LaneMaskLt:
                        return below;
                    case SpecialRegister::LaneMaskLe:
                        return below_or_equal;
                    case SpecialRegister::LaneMaskGt:
                        return Emit(spv::Op::OpNot, Type::U32, {below_or_equal});
                    default:
                        return Emit(spv::Op::OpNot, Type::U32, {below});
                }
            }
            default:
                Fail(inst, "special register " + std::to_string(inst.aux) +
                               " has no Vulkan equivalent here");
        }
    }

    static bool IsFloatArithmetic(spv::Op op) {
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

    void EmitInst(const Inst& inst) {
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
            case Op::ConstBank:
                if (!inst.Arg(0).IsImmediate() || inst.Arg(0).Bits() != 0) {
                    Fail(inst, "constant banks other than 0 are not bound for compute kernels");
                }
                id = ConstBankWord(IdOf(inst.args[1]));
                break;
            case Op::SpecialReg:
                id = SpecialRegister(inst);
                break;
            case Op::LoadGlobal:
                id = LoadGlobal(inst);
                break;
            case Op::StoreGlobal:
                StoreGlobal(inst);
                break;
            case Op::LoadShared:
                id = LoadShared(inst);
                break;
            case Op::StoreShared:
                StoreShared(inst);
                break;
            case Op::Barrier:
                WorkgroupBarrier();
                break;
            case Op::AtomicGlobal:
                id = AtomicGlobal(inst);
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
            ids_[&inst] = id;
        }
    }

    void DeclarePhis() {
        for (const auto& block : ir_.Blocks()) {
            for (const Inst* inst : block->insts) {
                if (inst->op == Op::Phi) {
                    phi_variables_[inst] = m_.FunctionVariable(
                        m_.TypePointer(StorageClass::Function, TypeId(inst->type)));
                }
            }
        }
    }

    // The values the successors' phis take when control comes from `block`.
    void StorePhiInputs(const ir::Block* block) {
        for (const ir::Block* next : block->Successors()) {
            for (std::size_t i = 0; i < next->preds.size(); ++i) {
                if (next->preds[i] != block) {
                    continue;
                }
                for (const Inst* inst : next->insts) {
                    if (inst->op == Op::Phi) {
                        m_.Code(spv::Op::OpStore, {phi_variables_.at(inst), IdOf(inst->args[i])});
                    }
                }
                break;
            }
        }
    }

    void Label(u32 label) {
        m_.Code(spv::Op::OpLabel, {label});
        current_label_ = label;
        terminated_ = false;
    }

    void Terminate(spv::Op op, std::initializer_list<u32> operands) {
        m_.Code(op, operands);
        terminated_ = true;
    }

    void EmitNodes(const std::vector<Node>& nodes) {
        for (const Node& node : nodes) {
            switch (node.kind) {
                case Node::Kind::Block:
                    for (const Inst* inst : node.block->insts) {
                        EmitInst(*inst);
                    }
                    StorePhiInputs(node.block);
                    break;
                case Node::Kind::If: {
                    const u32 condition = IdOf(node.condition);
                    const u32 then_label = m_.NewId();
                    const u32 else_label = m_.NewId();
                    const u32 merge = m_.NewId();
                    m_.Code(spv::Op::OpSelectionMerge,
                            {merge, static_cast<u32>(spv::SelectionControlMask::MaskNone)});
                    Terminate(spv::Op::OpBranchConditional, {condition, then_label, else_label});
                    for (const auto& [label, body] :
                         {std::pair{then_label, &node.then_body}, {else_label, &node.else_body}}) {
                        Label(label);
                        EmitNodes(*body);
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
                    m_.Code(
                        spv::Op::OpLoopMerge,
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
                    Terminate(spv::Op::OpReturn, {});
                    break;
            }
        }
    }

    const ir::Program& ir_;
    const TargetProfile& target_;
    const ComputeState& state_;
    ComputeProgram& out_;
    Module m_;
    u32 function_ = 0;
    u32 first_label_ = 0;
    u32 cbank0_ = 0;
    u32 cbank0_words_ = 0;
    u32 shared_ = 0;
    u32 scratch_base_ = 0;
    bool subgroup_warps_ = false;  // warp operations as subgroup operations  // first word of the
                                   // warp operations' scratch in shared memory
    bool terminated_ = false;
    u32 current_label_ = 0;
    std::vector<u32> interface_;
    std::map<spv::BuiltIn, u32> builtins_;
    std::map<std::pair<u32, u32>, u32> global_variables_;
    std::set<u32> decorated_arrays_;
    std::map<const Inst*, u32> ids_;
    std::map<const Inst*, u32> phi_variables_;
    std::vector<std::pair<u32, u32>> loops_;  // (merge, continue target)
};

}  // namespace

void EmitCompute(const ir::Program& ir, const std::vector<Node>& structure,
                 const TargetProfile& target, const ComputeState& state, ComputeProgram& program) {
    Emitter(ir, target, state, program).Run(structure);
}

}  // namespace shader::spirv
