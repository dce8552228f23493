#include "shader/spirv/emitter.h"

#include "base/error.h"

namespace shader::spirv {

bool Emitter::Uses(Op first, Op last) const {
    for (const auto& block : ir_.Blocks()) {
        for (const Inst* inst : block->insts) {
            if (inst->op >= first && inst->op <= last) {
                return true;
            }
        }
    }
    return false;
}

// MATCH and BAR.RED always go through shared memory; the others only without subgroups.
bool Emitter::UsesWarpScratch() const {
    return Uses(Op::WarpMatch, Op::BlockCount) ||
           (!subgroup_warps_ && Uses(Op::WarpReadLane, Op::WarpReduce));
}

u32 Emitter::SubgroupScope() {
    m_.AddCapability(spv::Capability::GroupNonUniform);
    return Uint(static_cast<u32>(spv::Scope::Subgroup));
}

u32 Emitter::SubgroupReadLane(const Inst& inst) {
    m_.AddCapability(spv::Capability::GroupNonUniformShuffle);
    const u32 lane =
        Emit(spv::Op::OpBitwiseAnd, Type::U32, {IdOf(inst.args[1]), Uint(kWarpSize - 1)});
    return Emit(spv::Op::OpGroupNonUniformShuffle, Type::U32,
                {SubgroupScope(), IdOf(inst.args[0]), lane});
}

u32 Emitter::SubgroupBallot(const Inst& inst) {
    m_.AddCapability(spv::Capability::GroupNonUniformBallot);
    const u32 ballot =
        Emit(spv::Op::OpGroupNonUniformBallot, Type::U32x4, {SubgroupScope(), IdOf(inst.args[0])});
    return Emit(spv::Op::OpCompositeExtract, Type::U32, {ballot, 0});
}

u32 Emitter::SubgroupReduce(const Inst& inst) {
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

u32 Emitter::ScratchPointer(u32 word_index) {
    const u32 index = Emit(spv::Op::OpIAdd, Type::U32, {word_index, Uint(scratch_base_)});
    const u32 pointer = m_.NewId();
    m_.Code(spv::Op::OpAccessChain,
            {m_.TypePointer(StorageClass::Workgroup, m_.TypeUint(32)), pointer, shared_, index});
    return pointer;
}

void Emitter::WorkgroupBarrier() {
    m_.Code(spv::Op::OpControlBarrier,
            {Uint(static_cast<u32>(spv::Scope::Workgroup)),
             Uint(static_cast<u32>(spv::Scope::Workgroup)),
             Uint(static_cast<u32>(spv::MemorySemanticsMask::AcquireRelease |
                                   spv::MemorySemanticsMask::WorkgroupMemory))});
}

u32 Emitter::WarpReadLane(const Inst& inst) {
    const u32 thread = LinearThreadIndex();
    m_.Code(spv::Op::OpStore, {ScratchPointer(thread), IdOf(inst.args[0])});
    WorkgroupBarrier();
    const u32 warp_base = Emit(spv::Op::OpBitwiseAnd, Type::U32, {thread, Uint(~(kWarpSize - 1))});
    const u32 lane =
        Emit(spv::Op::OpBitwiseAnd, Type::U32, {IdOf(inst.args[1]), Uint(kWarpSize - 1)});
    const u32 index = Emit(spv::Op::OpIAdd, Type::U32, {warp_base, lane});
    const u32 value = Emit(spv::Op::OpLoad, Type::U32, {ScratchPointer(index)});
    WorkgroupBarrier();
    return value;
}

u32 Emitter::WarpBallot(const Inst& inst) {
    const u32 bit = Emit(spv::Op::OpShiftLeftLogical, Type::U32, {Uint(1), LaneId()});
    const u32 published = Emit(spv::Op::OpSelect, Type::U32, {IdOf(inst.args[0]), bit, Uint(0)});
    return AcrossWarp(published, Uint(0), [&](u32 result, u32 word, u32) {
        return Emit(spv::Op::OpBitwiseOr, Type::U32, {result, word});
    });
}

u32 Emitter::WarpReduce(const Inst& inst) {
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

u32 Emitter::WarpMatch(const Inst& inst) {
    const u32 value = IdOf(inst.args[0]);
    return AcrossWarp(value, Uint(0), [&](u32 result, u32 word, u32 lane) {
        const u32 equal = Emit(spv::Op::OpIEqual, Type::Bool, {word, value});
        const u32 bit = Emit(spv::Op::OpSelect, Type::U32, {equal, Uint(1u << lane), Uint(0)});
        return Emit(spv::Op::OpBitwiseOr, Type::U32, {result, bit});
    });
}

// BAR.RED: every thread clears the counter (the same value), then adds its predicate.
u32 Emitter::BlockCount(const Inst& inst) {
    const u32 counter = ScratchPointer(Uint((Threads() + kWarpSize - 1) / kWarpSize * kWarpSize));
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
            return Emit(
                spv::Op::OpSelect, Type::U32,
                {Emit(spv::Op::OpIEqual, Type::Bool, {count, Uint(Threads())}), Uint(1), Uint(0)});
        case ir::BlockCountMode::Any:
            return Emit(
                spv::Op::OpSelect, Type::U32,
                {Emit(spv::Op::OpINotEqual, Type::Bool, {count, Uint(0)}), Uint(1), Uint(0)});
    }
    return count;
}

}  // namespace shader::spirv
