// Textures and surfaces: one image variable of descriptor set 0 per handle parameter
// (ProgramInfo::images). TEX → OpImageSampleExplicitLod (Lod; without a level in a fragment
// stage OpImageSampleImplicitLod), TLD → OpImageFetch, TLD4 →
// OpImageGather, TXD → OpImageSampleExplicitLod (Grad), TXQ → OpImageQuerySizeLod and
// OpImageQueryLevels; SULD / SUST → OpImageRead /
// OpImageWrite on an image of unsigned texels as wide as the access, so the bits pass unchanged
// (raw), or on an image of the format a formatted access converts through, its texels
// bit-cast to and from the registers' words. A 1D_BUFFER surface is a storage texel buffer.
#include <fmt/format.h>

#include "shader/spirv/emitter.h"

namespace shader::spirv {

using ir::ImageOp;

namespace {

spv::Dim SpirvDim(ImageDim dim) {
    switch (dim) {
        case ImageDim::D1:
            return spv::Dim::Dim1D;
        case ImageDim::D2:
            return spv::Dim::Dim2D;
        case ImageDim::D3:
            return spv::Dim::Dim3D;
        case ImageDim::Buffer:
            return spv::Dim::Buffer;
    }
    return spv::Dim::Dim2D;
}

u32 Axes(ImageDim dim) {
    return dim == ImageDim::D1 || dim == ImageDim::Buffer ? 1 : dim == ImageDim::D2 ? 2 : 3;
}

// A storage image's SPIR-V format and the numeric type of its texels.
enum class TexelNumbers { Float, Sint, Uint };
struct FormatInfo {
    spv::ImageFormat format;
    TexelNumbers numbers;
};
FormatInfo InfoOf(const ImageBinding& image) {
    switch (image.format) {
        case SurfaceFormat::Raw:
            break;
        case SurfaceFormat::Rgba8Unorm:
            return {spv::ImageFormat::Rgba8, TexelNumbers::Float};
        case SurfaceFormat::Rgba8Snorm:
            return {spv::ImageFormat::Rgba8Snorm, TexelNumbers::Float};
        case SurfaceFormat::Rgba8Uint:
            return {spv::ImageFormat::Rgba8ui, TexelNumbers::Uint};
        case SurfaceFormat::Rgba8Sint:
            return {spv::ImageFormat::Rgba8i, TexelNumbers::Sint};
        case SurfaceFormat::Rgba16Float:
            return {spv::ImageFormat::Rgba16f, TexelNumbers::Float};
        case SurfaceFormat::Rgba16Uint:
            return {spv::ImageFormat::Rgba16ui, TexelNumbers::Uint};
        case SurfaceFormat::Rgba16Sint:
            return {spv::ImageFormat::Rgba16i, TexelNumbers::Sint};
        case SurfaceFormat::R32Float:
            return {spv::ImageFormat::R32f, TexelNumbers::Float};
        case SurfaceFormat::Rg32Float:
            return {spv::ImageFormat::Rg32f, TexelNumbers::Float};
        case SurfaceFormat::Rgba32Float:
            return {spv::ImageFormat::Rgba32f, TexelNumbers::Float};
        case SurfaceFormat::R32Uint:
            return {spv::ImageFormat::R32ui, TexelNumbers::Uint};
        case SurfaceFormat::Rg32Uint:
            return {spv::ImageFormat::Rg32ui, TexelNumbers::Uint};
        case SurfaceFormat::Rgba32Uint:
            return {spv::ImageFormat::Rgba32ui, TexelNumbers::Uint};
        case SurfaceFormat::R32Sint:
            return {spv::ImageFormat::R32i, TexelNumbers::Sint};
        case SurfaceFormat::Rgba32Sint:
            return {spv::ImageFormat::Rgba32i, TexelNumbers::Sint};
    }
    const spv::ImageFormat raw = image.texel_words == 1   ? spv::ImageFormat::R32ui
                                 : image.texel_words == 2 ? spv::ImageFormat::Rg32ui
                                                          : spv::ImageFormat::Rgba32ui;
    return {raw, TexelNumbers::Uint};
}

u32 TexelScalar(Module& m, TexelNumbers numbers) {
    return numbers == TexelNumbers::Float  ? m.TypeFloat(32)
           : numbers == TexelNumbers::Sint ? m.TypeSint(32)
                                           : m.TypeUint(32);
}

// The formats Vulkan's storage images take without StorageImageExtendedFormats (the SPIR-V
// environment's list for the Shader capability).
bool BaseFormat(spv::ImageFormat format) {
    switch (format) {
        case spv::ImageFormat::Rgba32f:
        case spv::ImageFormat::Rgba16f:
        case spv::ImageFormat::R32f:
        case spv::ImageFormat::Rgba8:
        case spv::ImageFormat::Rgba8Snorm:
        case spv::ImageFormat::Rgba32i:
        case spv::ImageFormat::Rgba16i:
        case spv::ImageFormat::Rgba8i:
        case spv::ImageFormat::R32i:
        case spv::ImageFormat::Rgba32ui:
        case spv::ImageFormat::Rgba16ui:
        case spv::ImageFormat::Rgba8ui:
        case spv::ImageFormat::R32ui:
            return true;
        default:
            return false;
    }
}

}  // namespace

void Emitter::DeclareImages(u32 first_binding) {
    images_.clear();
    for (const ImageBinding& use : ir_.info.images) {
        ImageBinding image = use;
        image.binding = first_binding++;
        images_.push_back(image);
        u32 type = 0;
        u32 pointee = 0;
        if (image.kind == ImageKind::Sampled) {
            if (image.dim == ImageDim::D1) {
                m_.AddCapability(spv::Capability::Sampled1D);
            }
            type = m_.TypeImage(m_.TypeFloat(32), SpirvDim(image.dim), image.arrayed, 1,
                                spv::ImageFormat::Unknown);
            pointee = m_.TypeSampledImage(type);
        } else {
            if (image.dim == ImageDim::D1) {
                m_.AddCapability(spv::Capability::Image1D);
            } else if (image.dim == ImageDim::Buffer) {
                m_.AddCapability(spv::Capability::ImageBuffer);
            }
            const FormatInfo info = InfoOf(image);
            if (!BaseFormat(info.format)) {
                m_.AddCapability(spv::Capability::StorageImageExtendedFormats);
            }
            type = m_.TypeImage(TexelScalar(m_, info.numbers), SpirvDim(image.dim), false, 2,
                                info.format);
            pointee = type;
        }
        const u32 variable = m_.GlobalVariable(
            m_.TypePointer(StorageClass::UniformConstant, pointee), StorageClass::UniformConstant);
        m_.Decorate(variable, spv::Decoration::DescriptorSet, {0});
        m_.Decorate(variable, spv::Decoration::Binding, {image.binding});
        image_variables_.push_back(variable);
        image_types_.push_back(type);
    }
}

u32 Emitter::RawCode(spv::Op op, u32 type_id, std::vector<u32> operands) {
    const u32 id = m_.NewId();
    operands.insert(operands.begin(), {type_id, id});
    m_.Code(op, operands);
    return id;
}

// The coordinate vector of an ImageSample: floats for sampling and gathers, integers for
// fetches; the layer (an integer word first in the arguments) last, 0 where the instruction
// names none but the image is arrayed.
u32 Emitter::ImageCoordinates(const Inst& inst, std::size_t first, bool integer) {
    const ImageBinding& image = ir_.info.images.at(inst.resource);
    const bool names_layer = ir::ImageShapeArrayed(inst.aux2);
    const u32 axes = Axes(image.dim);
    std::vector<u32> components;
    for (u32 i = 0; i < axes; ++i) {
        const u32 word = IdOf(inst.args[first + i + (names_layer ? 1 : 0)]);
        components.push_back(integer ? word : Emit(spv::Op::OpBitcast, Type::F32, {word}));
    }
    if (image.arrayed) {
        const u32 layer = names_layer ? IdOf(inst.args[first]) : Uint(0);
        components.push_back(integer ? layer : Emit(spv::Op::OpConvertUToF, Type::F32, {layer}));
    }
    if (components.size() == 1) {
        return components.front();
    }
    const u32 scalar = integer ? m_.TypeUint(32) : m_.TypeFloat(32);
    return RawCode(spv::Op::OpCompositeConstruct,
                   m_.TypeVector(scalar, static_cast<u32>(components.size())), components);
}

u32 Emitter::ImageSample(const Inst& inst) {
    const ImageBinding& image = ir_.info.images.at(inst.resource);
    if (image.kind != ImageKind::Sampled) {
        Fail(inst, "a texture instruction on a surface");
    }
    const u32 sampled =
        RawCode(spv::Op::OpLoad, m_.TypeSampledImage(image_types_.at(inst.resource)),
                {image_variables_.at(inst.resource)});
    const u32 vec4 = m_.TypeVector(m_.TypeFloat(32), 4);
    const u32 after = ir::ImageShapeCoordinates(inst.aux2);  // the level or gradients follow
    const auto op = static_cast<ImageOp>(inst.aux);
    u32 texel = 0;
    switch (op) {
        case ImageOp::SampleLod: {
            const u32 lod = Emit(spv::Op::OpBitcast, Type::F32, {IdOf(inst.args[after])});
            texel = RawCode(spv::Op::OpImageSampleExplicitLod, vec4,
                            {sampled, ImageCoordinates(inst, 0, false),
                             static_cast<u32>(spv::ImageOperandsMask::Lod), lod});
            break;
        }
        case ImageOp::Sample:
            texel = RawCode(spv::Op::OpImageSampleImplicitLod, vec4,
                            {sampled, ImageCoordinates(inst, 0, false)});
            break;
        case ImageOp::Fetch: {
            const u32 plain = RawCode(spv::Op::OpImage, image_types_.at(inst.resource), {sampled});
            texel =
                RawCode(spv::Op::OpImageFetch, vec4,
                        {plain, ImageCoordinates(inst, 0, true),
                         static_cast<u32>(spv::ImageOperandsMask::Lod), IdOf(inst.args[after])});
            break;
        }
        case ImageOp::Gather:
            texel = RawCode(spv::Op::OpImageGather, vec4,
                            {sampled, ImageCoordinates(inst, 0, false),
                             Uint(ir::ImageShapeComponent(inst.aux2))});
            break;
        case ImageOp::SampleGrad: {
            // Gradients interleaved per axis: dx.x, dy.x, dx.y, dy.y, ...
            const u32 axes = Axes(image.dim);
            std::vector<u32> dx;
            std::vector<u32> dy;
            for (u32 i = 0; i < axes; ++i) {
                dx.push_back(Emit(spv::Op::OpBitcast, Type::F32, {IdOf(inst.args[after + 2 * i])}));
                dy.push_back(
                    Emit(spv::Op::OpBitcast, Type::F32, {IdOf(inst.args[after + 2 * i + 1])}));
            }
            const auto vector = [&](const std::vector<u32>& parts) {
                if (parts.size() == 1) {
                    return parts.front();
                }
                return RawCode(spv::Op::OpCompositeConstruct,
                               m_.TypeVector(m_.TypeFloat(32), static_cast<u32>(parts.size())),
                               parts);
            };
            texel =
                RawCode(spv::Op::OpImageSampleExplicitLod, vec4,
                        {sampled, ImageCoordinates(inst, 0, false),
                         static_cast<u32>(spv::ImageOperandsMask::Grad), vector(dx), vector(dy)});
            break;
        }
    }
    return Emit(spv::Op::OpBitcast, Type::U32x4, {texel});
}

u32 Emitter::ImageQuery(const Inst& inst) {
    const ImageBinding& image = ir_.info.images.at(inst.resource);
    if (image.kind != ImageKind::Sampled) {
        Fail(inst, "a texture query on a surface");
    }
    m_.AddCapability(spv::Capability::ImageQuery);
    const u32 mask = inst.aux;
    const u32 axes = Axes(image.dim) + (image.arrayed ? 1 : 0);
    for (u32 component = axes; component < 3; ++component) {
        if ((mask >> component & 1) != 0) {
            // The GPU answers from the texture's header; what it gives there is not known.
            Fail(inst, fmt::format("a query of size component {} of a {}-component texture",
                                   component, axes));
        }
    }
    const u32 sampled =
        RawCode(spv::Op::OpLoad, m_.TypeSampledImage(image_types_.at(inst.resource)),
                {image_variables_.at(inst.resource)});
    const u32 plain = RawCode(spv::Op::OpImage, image_types_.at(inst.resource), {sampled});
    std::vector<u32> components(4, Uint(0));
    if ((mask & 7) != 0) {
        const u32 type = axes == 1 ? m_.TypeUint(32) : m_.TypeVector(m_.TypeUint(32), axes);
        const u32 size = RawCode(spv::Op::OpImageQuerySizeLod, type, {plain, IdOf(inst.args[0])});
        for (u32 component = 0; component < axes; ++component) {
            components[component] =
                axes == 1 ? size : Emit(spv::Op::OpCompositeExtract, Type::U32, {size, component});
        }
    }
    if ((mask & 8) != 0) {
        components[3] = Emit(spv::Op::OpImageQueryLevels, Type::U32, {plain});
    }
    return Emit(spv::Op::OpCompositeConstruct, Type::U32x4, components);
}

u32 Emitter::ImageRead(const Inst& inst) {
    const ImageBinding& image = ir_.info.images.at(inst.resource);
    const u32 handle = RawCode(spv::Op::OpLoad, image_types_.at(inst.resource),
                               {image_variables_.at(inst.resource)});
    const u32 coordinates = ImageCoordinates(inst, 0, true);
    if (image.format != SurfaceFormat::Raw) {
        const FormatInfo info = InfoOf(image);
        const u32 numbers = TexelScalar(m_, info.numbers);
        const u32 texel =
            RawCode(spv::Op::OpImageRead, m_.TypeVector(numbers, 4), {handle, coordinates});
        return Emit(spv::Op::OpBitcast, Type::U32x4, {texel});
    }
    const u32 texel = Emit(spv::Op::OpImageRead, Type::U32x4, {handle, coordinates});
    if (image.texel_words == 1) {
        return Emit(spv::Op::OpCompositeExtract, Type::U32, {texel, 0});
    }
    if (image.texel_words == 2) {
        return Emit(spv::Op::OpVectorShuffle, Type::U32x2, {texel, texel, 0, 1});
    }
    return texel;
}

void Emitter::ImageWrite(const Inst& inst) {
    const ImageBinding& image = ir_.info.images.at(inst.resource);
    const u32 handle = RawCode(spv::Op::OpLoad, image_types_.at(inst.resource),
                               {image_variables_.at(inst.resource)});
    const u32 coordinates = ImageCoordinates(inst, 0, true);
    const u32 value = IdOf(inst.args[Axes(image.dim)]);
    u32 texel = value;
    if (image.format != SurfaceFormat::Raw) {
        const FormatInfo info = InfoOf(image);
        const u32 numbers = TexelScalar(m_, info.numbers);
        texel = RawCode(spv::Op::OpBitcast, m_.TypeVector(numbers, 4), {value});
    } else if (image.texel_words == 1) {
        texel =
            Emit(spv::Op::OpCompositeConstruct, Type::U32x4, {value, Uint(0), Uint(0), Uint(0)});
    } else if (image.texel_words == 2) {
        const u32 zero = m_.TypeVector(m_.TypeUint(32), 2);
        const u32 zeros = RawCode(spv::Op::OpCompositeConstruct, zero, {Uint(0), Uint(0)});
        texel = Emit(spv::Op::OpVectorShuffle, Type::U32x4, {value, zeros, 0, 1, 2, 3});
    }
    m_.Code(spv::Op::OpImageWrite, {handle, coordinates, texel});
}

}  // namespace shader::spirv
