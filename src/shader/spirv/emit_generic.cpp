// Generic addresses (CUDA's flat address space): a load, store or atomic whose address may fall
// in the block's shared memory window (c[0x0][0x18], where the launch puts it) goes to shared
// memory there, and to its global buffer otherwise.
#include "shader/spirv/emitter.h"

#include "base/error.h"

namespace shader::spirv {

u32 Emitter::GenericAccess(const Inst& inst) {
    const u32 window_lo = ConstBankWord(Uint(kCbank0SharedWindow));
    const u32 window_hi = ConstBankWord(Uint(kCbank0SharedWindow + 4));
    const u32 window =
        Emit(spv::Op::OpBitcast, Type::U64,
             {Emit(spv::Op::OpCompositeConstruct, Type::U32x2, {window_lo, window_hi})});
    const u32 relative = Emit(spv::Op::OpISub, Type::U64, {IdOf(inst.args[0]), window});
    const u32 shared_bytes = ir_.info.shared_bytes;
    const u32 in_shared = Emit(spv::Op::OpULessThan, Type::Bool,
                               {relative, m_.Constant64(TypeId(Type::U64), shared_bytes)});
    const u32 shared_label = m_.NewId();
    const u32 global_label = m_.NewId();
    const u32 merge = m_.NewId();
    m_.Code(spv::Op::OpSelectionMerge,
            {merge, static_cast<u32>(spv::SelectionControlMask::MaskNone)});
    Terminate(spv::Op::OpBranchConditional, {in_shared, shared_label, global_label});

    Label(shared_label);
    const u32 offset = Emit(spv::Op::OpUConvert, Type::U32, {relative});
    u32 shared_result = 0;
    switch (inst.op) {
        case Op::LoadGlobal:
            shared_result = LoadWindowAt(inst, Window::Shared, offset);
            break;
        case Op::StoreGlobal:
            StoreWindowAt(inst, Window::Shared, offset);
            break;
        default:
            if (inst.type == Type::U64) {
                Fail(inst, "64-bit atomics on shared memory through a generic address");
            }
            shared_result =
                Atomic(inst, WindowPointer(Window::Shared, offset), spv::Scope::Workgroup);
            break;
    }
    const u32 shared_end = current_label_;
    Terminate(spv::Op::OpBranch, {merge});

    Label(global_label);
    u32 global_result = 0;
    if (inst.resource == ir::kNoGlobalBuffer) {
        // Outside the shared window with no pointer parameter behind it: the GPU would fault.
        if (inst.type != Type::Void) {
            global_result = Emit(spv::Op::OpUndef, inst.type, {});
        }
    } else if (inst.op == Op::LoadGlobal) {
        global_result = LoadGlobal(inst);
    } else if (inst.op == Op::StoreGlobal) {
        StoreGlobal(inst);
    } else {
        global_result = AtomicGlobal(inst);
    }
    const u32 global_end = current_label_;
    Terminate(spv::Op::OpBranch, {merge});

    Label(merge);
    if (inst.type == Type::Void) {
        return 0;
    }
    const u32 result = m_.NewId();
    m_.Code(spv::Op::OpPhi,
            {TypeId(inst.type), result, shared_result, shared_end, global_result, global_end});
    return result;
}

}  // namespace shader::spirv
