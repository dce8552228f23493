#include <fmt/format.h>

#include "shader/spirv/emitter.h"

#include "base/error.h"

namespace shader::spirv {

// Resources.
u32 Emitter::BuiltinInput(spv::BuiltIn builtin, u32 components) {
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

u32 Emitter::BuiltinComponent(spv::BuiltIn builtin, u32 component) {
    const u32 variable = BuiltinInput(builtin, 3);
    const u32 pointer = m_.TypePointer(StorageClass::Input, m_.TypeUint(32));
    const u32 element = m_.NewId();
    m_.Code(spv::Op::OpAccessChain, {pointer, element, variable, Uint(component)});
    return Emit(spv::Op::OpLoad, Type::U32, {element});
}

// The thread's index in its block, as CUDA numbers them (x fastest), and its lane in its
// warp of 32 (warps are cut from that index, whatever the host's subgroup size).
u32 Emitter::LinearThreadIndex() {
    const u32 variable = BuiltinInput(spv::BuiltIn::LocalInvocationIndex, 1);
    return Emit(spv::Op::OpLoad, Type::U32, {variable});
}

u32 Emitter::LaneId() {
    return Emit(spv::Op::OpBitwiseAnd, Type::U32, {LinearThreadIndex(), Uint(kWarpSize - 1)});
}

u32 Emitter::SpecialRegister(const Inst& inst) {
    using ir::SpecialRegister;
    const auto which = static_cast<SpecialRegister>(inst.aux);
    const bool fragment_only = which == SpecialRegister::YDirection;
    if (IsCompute() ? fragment_only : !fragment_only || env_.GetStage() != Stage::Fragment) {
        Fail(inst, fmt::format("special register {} in a {} stage", inst.aux,
                               StageName(env_.GetStage())));
    }
    switch (which) {
        case SpecialRegister::YDirection:
            return Uint(0x3f800000);  // +1.0f: Vulkan's framebuffer y grows downwards
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
        case SpecialRegister::Clock:
        case SpecialRegister::ClockHi:
            return ReadClock(inst, which == SpecialRegister::ClockHi ? 1 : 0);
        default:
            Fail(inst,
                 "special register " + std::to_string(inst.aux) + " has no Vulkan equivalent here");
    }
}

// SR_CLOCKLO / SR_CLOCKHI count the SM's clock cycles (clock(), clock64()); the closest Vulkan
// has is OpReadClockKHR (SPV_KHR_shader_clock) at subgroup scope, a counter of the
// subgroup's own, which like the SM's only orders times within one group of threads.
u32 Emitter::ReadClock(const Inst& inst, u32 word) {
    if (!target_.shader_clock) {
        Fail(inst, std::string(word == 0 ? "SR_CLOCKLO" : "SR_CLOCKHI") +
                       " needs VK_KHR_shader_clock (shaderSubgroupClock), which the device "
                       "does not offer");
    }
    m_.AddExtension("SPV_KHR_shader_clock");
    m_.AddCapability(spv::Capability::ShaderClockKHR);
    const u32 clock =
        Emit(spv::Op::OpReadClockKHR, Type::U32x2, {Uint(static_cast<u32>(spv::Scope::Subgroup))});
    return Emit(spv::Op::OpCompositeExtract, Type::U32, {clock, word});
}

}  // namespace shader::spirv
