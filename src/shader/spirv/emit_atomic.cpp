#include "shader/spirv/emitter.h"

#include "base/error.h"

namespace shader::spirv {

// An atomic read-modify-write; what SPIR-V has no instruction for (CUDA's wrapping
// increment and decrement, float add without the extension) runs as a compare-and-swap loop.
u32 Emitter::Atomic(const Inst& inst, u32 pointer, spv::Scope scope, u32 float_pointer) {
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
            if (type == AtomicType::F32 && float_pointer != 0) {
                m_.AddCapability(spv::Capability::AtomicFloat32AddEXT);
                m_.AddExtension("SPV_EXT_shader_atomic_float_add");
                const u32 sum = Emit(spv::Op::OpAtomicFAddEXT, Type::F32,
                                     {float_pointer, scope_id, relaxed,
                                      Emit(spv::Op::OpBitcast, Type::F32, {value})});
                return Emit(spv::Op::OpBitcast, Type::U32, {sum});
            }
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

u32 Emitter::AtomicGlobal(const Inst& inst) {
    const u32 offset = GlobalOffset(inst);
    const u32 words = inst.type == Type::U64 ? kScalar64 : 1;
    const bool float_add = static_cast<ir::AtomicType>(inst.aux2) == ir::AtomicType::F32 &&
                           static_cast<ir::AtomicOp>(inst.aux) == ir::AtomicOp::Add &&
                           target_.float32_atomic_add;
    const u32 float_pointer = float_add ? GlobalPointer(inst.resource, kFloat32, offset) : 0;
    return Atomic(inst, GlobalPointer(inst.resource, words, offset), spv::Scope::Device,
                  float_pointer);
}

u32 Emitter::AtomicShared(const Inst& inst) {
    if (inst.type == Type::U64) {
        Fail(inst, "64-bit atomics on shared memory");
    }
    return Atomic(inst, WindowPointer(Window::Shared, IdOf(inst.args[0])), spv::Scope::Workgroup);
}

}  // namespace shader::spirv
