// Vertex and fragment stages: their inputs and outputs as the stage header (SPH) declares them,
// reached by attribute address (attribute space of NVIDIA's GPUs: yuzu's
// frontend/ir/attribute.h numbers it in words, Mesa NAK's from_nir.rs maps NIR's varyings to
// it). Generic vectors and the fixed-function texture coordinates are vec4s of floats at their
// Locations (ResourceLayout), the rest built-ins. Vulkan's VertexIndex and InstanceIndex count
// from the draw's first vertex and instance; NVIDIA's vertex and instance ids (a[0x2fc],
// a[0x2f8]) do not, so BaseVertex and BaseInstance are subtracted (DrawParameters).
#include <fmt/format.h>

#include <bit>

#include "base/error.h"
#include "shader/spirv/emitter.h"

namespace shader::spirv {
namespace {

constexpr u32 kPositionX = 0x70;
constexpr u32 kViewportIndex = 0x68;
constexpr u32 kPointSize = 0x6c;
constexpr u32 kGenericX = 0x80;
constexpr u32 kGenericEnd = 0x280;
constexpr u32 kClipDistance0 = 0x2c0;
constexpr u32 kClipDistanceEnd = 0x2e0;
constexpr u32 kInstanceId = 0x2f8;
constexpr u32 kVertexId = 0x2fc;
constexpr u32 kFixedFunctionTexture0 = 0x300;
constexpr u32 kFixedFunctionTextureEnd = 0x3a0;
constexpr u32 kFrontFace = 0x3fc;

// The Location of a generic vector or fixed-function texture coordinate at `address`.
std::optional<u32> VaryingLocation(u32 address) {
    if (address >= kGenericX && address < kGenericEnd) {
        return (address - kGenericX) / 16;
    }
    if (address >= kFixedFunctionTexture0 && address < kFixedFunctionTextureEnd) {
        return kFixedFunctionTextureLocation + (address - kFixedFunctionTexture0) / 16;
    }
    return std::nullopt;
}

// How the header says a fragment input vector is interpolated; its used components must agree
// (a SPIR-V variable has one interpolation).
std::optional<Interpolation> VectorInterpolation(const SphImapVector& vector, bool& mixed) {
    std::optional<Interpolation> result;
    for (const PixelImap imap : vector) {
        if (imap == PixelImap::Unused) {
            continue;
        }
        const Interpolation interpolation = imap == PixelImap::Constant ? Interpolation::Flat
                                            : imap == PixelImap::ScreenLinear
                                                ? Interpolation::Linear
                                                : Interpolation::Perspective;
        mixed |= result.has_value() && *result != interpolation;
        result = interpolation;
    }
    return result;
}

u32 Mask(const SphImapVector& vector) {
    u32 mask = 0;
    for (u32 component = 0; component < 4; ++component) {
        mask |= (vector[component] != PixelImap::Unused ? 1u : 0u) << component;
    }
    return mask;
}

}  // namespace

bool Emitter::ComputeOnly(Op op) {
    switch (op) {
        case Op::LoadGlobal:
        case Op::StoreGlobal:
        case Op::LoadShared:
        case Op::StoreShared:
        case Op::AtomicGlobal:
        case Op::AtomicShared:
        case Op::Barrier:
        case Op::WarpReadLane:
        case Op::WarpBallot:
        case Op::WarpReduce:
        case Op::WarpMatch:
        case Op::BlockCount:
        case Op::WarpSync:
            return true;
        default:
            return false;
    }
}

u32 Emitter::InterfaceVariable(StorageClass storage, u32 type, u32 location) {
    const u32 variable = m_.GlobalVariable(m_.TypePointer(storage, type), storage);
    m_.Decorate(variable, spv::Decoration::Location, {location});
    interface_.push_back(variable);
    varyings_[{storage, location}] = variable;
    return variable;
}

u32 Emitter::BuiltinVariable(StorageClass storage, spv::BuiltIn builtin, u32 type) {
    const auto key = std::make_pair(storage, builtin);
    if (const auto it = builtin_variables_.find(key); it != builtin_variables_.end()) {
        return it->second;
    }
    const u32 variable = m_.GlobalVariable(m_.TypePointer(storage, type), storage);
    m_.Decorate(variable, spv::Decoration::BuiltIn, {static_cast<u32>(builtin)});
    if (storage == StorageClass::Input && env_.GetStage() == Stage::Fragment &&
        type == m_.TypeUint(32)) {
        // Integer inputs of a fragment stage are Flat, built-ins too (VUID-StandaloneSpirv-
        // Flat-04744).
        m_.Decorate(variable, spv::Decoration::Flat);
    }
    interface_.push_back(variable);
    builtin_variables_[key] = variable;
    return variable;
}

void Emitter::DeclareVaryings(StorageClass storage) {
    const Sph& sph = *env_.Header();
    const u32 vec4 = m_.TypeVector(m_.TypeFloat(32), 4);
    std::vector<StageVarying>& list =
        storage == StorageClass::Input ? layout_.inputs : layout_.outputs;
    const bool vertex_input = storage == StorageClass::Input && env_.GetStage() == Stage::Vertex;
    const auto declare = [&](u32 location, u32 mask, Interpolation interpolation) {
        const AttributeType type =
            vertex_input ? env_.VertexAttributeType(location) : AttributeType::Float;
        u32 vector = vec4;
        if (type != AttributeType::Float) {
            integer_inputs_[location] = type;
            vector =
                m_.TypeVector(type == AttributeType::Sint ? m_.TypeSint(32) : m_.TypeUint(32), 4);
        }
        const u32 variable = InterfaceVariable(storage, vector, location);
        if (storage == StorageClass::Input && interpolation == Interpolation::Flat) {
            m_.Decorate(variable, spv::Decoration::Flat);
        } else if (storage == StorageClass::Input && interpolation == Interpolation::Linear) {
            m_.Decorate(variable, spv::Decoration::NoPerspective);
        }
        list.push_back({location, mask, interpolation, type});
    };
    if (!sph.IsPixel()) {
        const SphVtgMap& map = storage == StorageClass::Input ? sph.vtg_inputs : sph.vtg_outputs;
        for (u32 i = 0; i < kSphGenericVectors; ++i) {
            if (map.generic[i] != 0) {
                declare(i, map.generic[i], Interpolation::Perspective);
            }
        }
        // A vertex stage's inputs are vertex attributes: no fixed-function coordinates there.
        for (u32 i = 0; storage == StorageClass::Output && i < kSphFixedFunctionTextures; ++i) {
            if (map.fixed_function_texture[i] != 0) {
                declare(kFixedFunctionTextureLocation + i, map.fixed_function_texture[i],
                        Interpolation::Perspective);
            }
        }
        return;
    }
    const auto declare_input = [&](u32 location, const SphImapVector& vector, const char* what,
                                   u32 index) {
        bool mixed = false;
        const std::optional<Interpolation> interpolation = VectorInterpolation(vector, mixed);
        if (mixed) {
            base::Fail(
                "{}: the stage header interpolates the components of {} {} in different ways, "
                "which one SPIR-V input cannot",
                env_.Name(), what, index);
        }
        if (interpolation) {
            declare(location, Mask(vector), *interpolation);
            input_interpolation_[location] = *interpolation;
        }
    };
    for (u32 i = 0; i < kSphGenericVectors; ++i) {
        declare_input(i, sph.pixel_inputs.generic[i], "generic vector", i);
    }
    for (u32 i = 0; i < kSphFixedFunctionTextures; ++i) {
        declare_input(kFixedFunctionTextureLocation + i, sph.pixel_inputs.fixed_function_texture[i],
                      "fixed-function texture coordinate", i);
    }
}

void Emitter::DeclareStageInterface() {
    const Sph* sph = env_.Header();
    const Stage stage = env_.GetStage();
    DeclareVaryings(StorageClass::Input);
    if (stage == Stage::Vertex) {
        DeclareVaryings(StorageClass::Output);
        const u16 clips = sph->vtg_outputs.system_values_c & kSphClipDistances;
        clip_distances_ = clips == 0 ? 0 : 16 - static_cast<u32>(std::countl_zero(clips));
        return;
    }
    const u32 vec4 = m_.TypeVector(m_.TypeFloat(32), 4);
    for (u32 target = 0; target < kSphRenderTargets; ++target) {
        const u32 mask = sph->pixel_outputs.targets[target];
        if (mask != 0) {
            InterfaceVariable(StorageClass::Output, vec4, target);
            layout_.render_targets.push_back({target, mask});
        }
    }
    layout_.writes_depth = sph->pixel_outputs.depth;
}

void Emitter::FinishStageInterface() {
    if (env_.GetStage() == Stage::Vertex) {
        m_.SetEntryPoint(spv::ExecutionModel::Vertex, function_, "main", interface_);
        return;
    }
    m_.SetEntryPoint(spv::ExecutionModel::Fragment, function_, "main", interface_);
    m_.AddExecutionMode(function_, spv::ExecutionMode::OriginUpperLeft);
    if (layout_.writes_depth) {
        m_.AddExecutionMode(function_, spv::ExecutionMode::DepthReplacing);
    }
}

u32 Emitter::AttributePointer(const Inst& inst, u32 address, StorageClass storage) {
    const u32 f32 = m_.TypeFloat(32);
    const u32 pointer = m_.TypePointer(storage, f32);
    const u32 component = address / 4 % 4;
    const bool vertex = env_.GetStage() == Stage::Vertex;
    if (const std::optional<u32> location = VaryingLocation(address)) {
        u32 scalar_pointer = pointer;
        if (const auto integer = integer_inputs_.find(*location);
            storage == StorageClass::Input && integer != integer_inputs_.end()) {
            scalar_pointer =
                m_.TypePointer(storage, integer->second == AttributeType::Sint ? m_.TypeSint(32)
                                                                               : m_.TypeUint(32));
        }
        const auto it = varyings_.find({storage, *location});
        if (it == varyings_.end()) {
            Fail(inst, fmt::format("a[{:#x}] ({} {}), which the stage header does not declare "
                                   "as an {}",
                                   address,
                                   *location < kGenericAttributeCount
                                       ? "generic vector"
                                       : "fixed-function texture coordinate",
                                   *location < kGenericAttributeCount
                                       ? *location
                                       : *location - kFixedFunctionTextureLocation,
                                   storage == StorageClass::Input ? "input" : "output"));
        }
        return RawCode(spv::Op::OpAccessChain, scalar_pointer, {it->second, Uint(component)});
    }
    const u32 vec4 = m_.TypeVector(f32, 4);
    // A vertex stage writes the position, a fragment stage reads it (FragCoord).
    if (address >= kPositionX && address < kGenericX &&
        vertex == (storage == StorageClass::Output)) {
        const spv::BuiltIn builtin = vertex ? spv::BuiltIn::Position : spv::BuiltIn::FragCoord;
        return RawCode(spv::Op::OpAccessChain, pointer,
                       {BuiltinVariable(storage, builtin, vec4), Uint(component)});
    }
    if (vertex && storage == StorageClass::Output && address == kPointSize) {
        return BuiltinVariable(storage, spv::BuiltIn::PointSize, f32);
    }
    if (vertex && storage == StorageClass::Output && address >= kClipDistance0 &&
        address < kClipDistanceEnd) {
        const u32 index = (address - kClipDistance0) / 4;
        if (index >= clip_distances_) {
            Fail(inst,
                 fmt::format("clip distance {}, which the stage header does not declare", index));
        }
        m_.AddCapability(spv::Capability::ClipDistance);
        const u32 array = m_.TypeArray(f32, clip_distances_);
        return RawCode(spv::Op::OpAccessChain, pointer,
                       {BuiltinVariable(storage, spv::BuiltIn::ClipDistance, array), Uint(index)});
    }
    Fail(inst,
         fmt::format("the {} attribute at a[{:#x}] is not translated (layer, viewport inputs, "
                     "colours, fog, point sprites and tessellation coordinates are not yet)",
                     storage == StorageClass::Input ? "input" : "output", address));
}

u32 Emitter::LoadAttribute(const Inst& inst) {
    const u32 address = inst.aux;
    if (address == kVertexId || address == kInstanceId) {
        const Sph& sph = *env_.Header();
        const bool vertex_id = address == kVertexId;
        if ((sph.vtg_inputs.system_values_c & (vertex_id ? kSphVertexId : kSphInstanceId)) == 0) {
            Fail(inst, fmt::format("the {} id, which the stage header does not declare as an input",
                                   vertex_id ? "vertex" : "instance"));
        }
        m_.AddCapability(spv::Capability::DrawParameters);
        const u32 u32_type = m_.TypeUint(32);
        const auto load = [&](spv::BuiltIn builtin) {
            return Emit(spv::Op::OpLoad, Type::U32,
                        {BuiltinVariable(StorageClass::Input, builtin, u32_type)});
        };
        return vertex_id
                   ? Emit(spv::Op::OpISub, Type::U32,
                          {load(spv::BuiltIn::VertexIndex), load(spv::BuiltIn::BaseVertex)})
                   : Emit(spv::Op::OpISub, Type::U32,
                          {load(spv::BuiltIn::InstanceIndex), load(spv::BuiltIn::BaseInstance)});
    }
    const u32 pointer = AttributePointer(inst, address, StorageClass::Input);
    const std::optional<u32> location = VaryingLocation(address);
    const auto integer = location ? integer_inputs_.find(*location) : integer_inputs_.end();
    if (integer != integer_inputs_.end() && env_.GetStage() == Stage::Vertex) {
        // An integer attribute's words, as the GPU's attribute fetch gives them.
        if (integer->second == AttributeType::Uint) {
            return Emit(spv::Op::OpLoad, Type::U32, {pointer});
        }
        return Emit(spv::Op::OpBitcast, Type::U32,
                    {RawCode(spv::Op::OpLoad, m_.TypeSint(32), {pointer})});
    }
    return Emit(spv::Op::OpBitcast, Type::U32, {Emit(spv::Op::OpLoad, Type::F32, {pointer})});
}

// The viewport index a vertex stage writes (a[0x68], an integer: ViewportIndex), where its
// header declares it (VTG output system values B, bit 2).
void Emitter::StoreViewportIndex(const Inst& inst) {
    if ((env_.Header()->vtg_outputs.system_values_b & kSphViewportIndex) == 0) {
        Fail(inst, "the viewport index, which the stage header does not declare as an output");
    }
    if (!env_.Target().vertex_viewport_index) {
        Fail(inst,
             "the viewport index output: the device lacks VK_EXT_shader_viewport_index_layer "
             "or multiViewport");
    }
    m_.AddExtension("SPV_EXT_shader_viewport_index_layer");
    m_.AddCapability(spv::Capability::ShaderViewportIndexLayerEXT);
    layout_.writes_viewport_index = true;
    const u32 variable =
        BuiltinVariable(StorageClass::Output, spv::BuiltIn::ViewportIndex, m_.TypeUint(32));
    m_.Code(spv::Op::OpStore, {variable, IdOf(inst.args[0])});
}

void Emitter::StoreAttribute(const Inst& inst) {
    if (inst.aux == kViewportIndex && env_.GetStage() == Stage::Vertex) {
        StoreViewportIndex(inst);
        return;
    }
    const u32 pointer = AttributePointer(inst, inst.aux, StorageClass::Output);
    m_.Code(spv::Op::OpStore, {pointer, Emit(spv::Op::OpBitcast, Type::F32, {IdOf(inst.args[0])})});
}

// IPA: what the rasteriser's plane of the input gives at the pixel. For a perspective input that
// is value / w (the stage multiplies by 1 / a[0x7c] itself), so the perspective-correct value
// Vulkan interpolates is multiplied by FragCoord.w (1 / w) here; a[0x7c] itself is FragCoord.w.
u32 Emitter::Interpolate(const Inst& inst) {
    const u32 address = inst.aux;
    const auto mode = static_cast<ir::InterpolateMode>(inst.aux2 & 0xf);
    const auto location = static_cast<ir::InterpolateLocation>(inst.aux2 >> 4);
    if (address == kFrontFace) {
        // The GPU gives all ones for a front-facing primitive, else 0.
        const u32 front =
            Emit(spv::Op::OpLoad, Type::Bool,
                 {BuiltinVariable(StorageClass::Input, spv::BuiltIn::FrontFacing, m_.TypeBool())});
        return Emit(spv::Op::OpSelect, Type::U32, {front, Uint(~0u), Uint(0)});
    }
    const u32 pointer = AttributePointer(inst, address, StorageClass::Input);
    const std::optional<u32> varying = VaryingLocation(address);
    u32 value = 0;
    if (varying && location == ir::InterpolateLocation::Centroid) {
        m_.AddCapability(spv::Capability::InterpolationFunction);
        value = Glsl(GLSLstd450InterpolateAtCentroid, Type::F32, {pointer});
    } else {
        value = Emit(spv::Op::OpLoad, Type::F32, {pointer});
    }
    if (varying) {
        const Interpolation interpolation = input_interpolation_.at(*varying);
        if (mode == ir::InterpolateMode::Constant && interpolation != Interpolation::Flat) {
            Fail(inst, fmt::format("IPA.CONSTANT of a[{:#x}], which the stage header "
                                   "interpolates",
                                   address));
        }
        if (interpolation == Interpolation::Perspective) {
            const u32 frag_coord = BuiltinVariable(StorageClass::Input, spv::BuiltIn::FragCoord,
                                                   m_.TypeVector(m_.TypeFloat(32), 4));
            const u32 w = Emit(spv::Op::OpLoad, Type::F32,
                               {RawCode(spv::Op::OpAccessChain,
                                        m_.TypePointer(StorageClass::Input, m_.TypeFloat(32)),
                                        {frag_coord, Uint(3)})});
            value = Emit(spv::Op::OpFMul, Type::F32, {value, w});
            m_.Decorate(value, spv::Decoration::NoContraction);
        }
    }
    return Emit(spv::Op::OpBitcast, Type::U32, {value});
}

void Emitter::FragmentOutput(const Inst& inst) {
    const u32 value = Emit(spv::Op::OpBitcast, Type::F32, {IdOf(inst.args[0])});
    if (inst.aux == ir::kFragmentDepth) {
        m_.Code(spv::Op::OpStore,
                {BuiltinVariable(StorageClass::Output, spv::BuiltIn::FragDepth, m_.TypeFloat(32)),
                 value});
        return;
    }
    const u32 target = inst.aux / 4;
    const u32 pointer =
        RawCode(spv::Op::OpAccessChain, m_.TypePointer(StorageClass::Output, m_.TypeFloat(32)),
                {varyings_.at({StorageClass::Output, target}), Uint(inst.aux % 4)});
    m_.Code(spv::Op::OpStore, {pointer, value});
}

// KILL: OpKill ends a block, so it gets a selection of its own (on a constant true) and the
// code after it goes on at the merge, as structured control flow requires. The real GPU keeps a
// killed pixel's invocation running as a helper for its quad's derivatives; OpKill stops it
// (OpDemoteToHelperInvocation would keep it, with an extension Vulkan 1.1 lacks).
void Emitter::Discard() {
    const u32 kill = m_.NewId();
    const u32 merge = m_.NewId();
    m_.Code(spv::Op::OpSelectionMerge,
            {merge, static_cast<u32>(spv::SelectionControlMask::MaskNone)});
    Terminate(spv::Op::OpBranchConditional, {m_.ConstantBool(true), kill, merge});
    Label(kill);
    Terminate(spv::Op::OpKill, {});
    Label(merge);
}

u32 Emitter::QuadSwap(const Inst& inst) {
    if (!target_.fragment_quad_operations) {
        Fail(inst,
             "a quad exchange, which needs subgroup quad operations in fragment stages "
             "(VK_SUBGROUP_FEATURE_QUAD_BIT), which the device does not offer");
    }
    m_.AddCapability(spv::Capability::GroupNonUniformQuad);
    const u32 direction = inst.aux == 1 ? 0 : 1;  // horizontal (lane ^ 1) or vertical (lane ^ 2)
    return Emit(spv::Op::OpGroupNonUniformQuadSwap, Type::U32,
                {SubgroupScope(), IdOf(inst.args[0]), Uint(direction)});
}

// FSWZADD: per quad lane q, (swizzle >> 2q) & 3 picks a + b, a - b, b - a or b.
u32 Emitter::QuadSwizzleAdd(const Inst& inst) {
    if (!target_.fragment_quad_operations) {
        Fail(inst,
             "FSWZADD, which needs the invocation's quad lane (subgroup quad operations "
             "in fragment stages), which the device does not offer");
    }
    SubgroupScope();
    const u32 lane_variable = BuiltinVariable(
        StorageClass::Input, spv::BuiltIn::SubgroupLocalInvocationId, m_.TypeUint(32));
    const u32 lane = Emit(spv::Op::OpBitwiseAnd, Type::U32,
                          {Emit(spv::Op::OpLoad, Type::U32, {lane_variable}), Uint(3)});
    const u32 shift = Emit(spv::Op::OpShiftLeftLogical, Type::U32, {lane, Uint(1)});
    const u32 code =
        Emit(spv::Op::OpBitwiseAnd, Type::U32,
             {Emit(spv::Op::OpShiftRightLogical, Type::U32, {Uint(inst.aux), shift}), Uint(3)});
    const u32 a = IdOf(inst.args[0]);
    const u32 b = IdOf(inst.args[1]);
    const auto exact = [&](spv::Op op, u32 x, u32 y) {
        const u32 id = Emit(op, Type::F32, {x, y});
        m_.Decorate(id, spv::Decoration::NoContraction);
        return id;
    };
    const u32 sum = exact(spv::Op::OpFAdd, a, b);
    const u32 difference = exact(spv::Op::OpFSub, a, b);
    const u32 reversed = exact(spv::Op::OpFSub, b, a);
    const auto is = [&](u32 value) {
        return Emit(spv::Op::OpIEqual, Type::Bool, {code, Uint(value)});
    };
    u32 result = Emit(spv::Op::OpSelect, Type::F32, {is(2), reversed, b});
    result = Emit(spv::Op::OpSelect, Type::F32, {is(1), difference, result});
    return Emit(spv::Op::OpSelect, Type::F32, {is(0), sum, result});
}

void Emitter::FillGraphics(GraphicsProgram& out) const {
    out.stage = env_.GetStage();
    out.spirv = spirv_;
    out.layout = layout_;
    out.layout.constant_banks.clear();
    u32 binding = 0;
    for (const auto& [bank, bytes] : ir_.info.constant_banks) {
        out.layout.constant_banks.push_back({bank, binding++, bytes});
    }
    out.layout.images = images_;
}

void EmitGraphics(const ir::Program& ir, const std::vector<passes::Node>& structure,
                  const ShaderEnvironment& env, GraphicsProgram& program) {
    Emitter emitter(ir, env);
    emitter.Run(structure);
    emitter.FillGraphics(program);
}

}  // namespace shader::spirv
