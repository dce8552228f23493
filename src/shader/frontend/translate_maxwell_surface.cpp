// Maxwell's surface loads and stores, SULD and SUST (forms_texture.cpp):
//   SULD.D[.BA].type[.size] Rd, [Ra], index    SUST.D[.BA].type[.size] [Ra], Rb, index
//   SULD.P.type[.mask] Rd, [Ra], index         SUST.P.type[.mask] [Ra], Rb, index
// Ra, Ra+1, Ra+2 hold x, y, z (x in bytes with .BA); the image's handle is the word
// c[TextureBank()][index * 4]. .D moves raw bits, 32, 64 or 128 of them (Rd or Rb and the
// registers after), through an image of unsigned texels as wide. .P converts through the
// image's format, which only the texture header says (the environment's TextureType::format):
// the enabled components of the mask (RGBA where none is printed) fill Rd, Rd+1, ... in order,
// and a store's come from Rb, Rb+1, ... (yuzu's surface_load_store.cpp reads the same layout).
#include <bit>

#include "base/error.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;

// The components of a format: a formatted store writes all of them.
u32 FormatComponents(SurfaceFormat format) {
    switch (format) {
        case SurfaceFormat::R32Float:
        case SurfaceFormat::R32Uint:
        case SurfaceFormat::R32Sint:
            return 1;
        case SurfaceFormat::Rg32Float:
        case SurfaceFormat::Rg32Uint:
            return 2;
        default:
            return 4;
    }
}

struct Surface {
    u32 image = 0;
    std::vector<Value> coordinates;
    u32 words = 4;  // raw: the access's words; formatted: the components moved
    u32 mask = 0xf;
};

u32 Register(Translator& t, std::size_t operand) {
    return static_cast<u32>(t.Field(t.Spec(operand).field));
}

Value Word(Translator& t, u32 base, u32 index) {
    return base == kZeroRegister ? Value::U32(0) : t.Reg(base + index);
}

// The raw access's words from its size (none printed: 32 bits).
u32 RawWords(Translator& t) {
    const sass::ModifierName size = t.EnumName({mod::kU8, mod::k128});
    if (size.empty()) {
        return 1;
    }
    if (size == mod::k64) {
        return 2;
    }
    if (size == mod::k128) {
        return 4;
    }
    t.Unsupported("a surface access of size ." + std::string(size.text) +
                  " (narrower than a word: it changes part of a texel)");
}

// The mask of a formatted access (its printed letters; none: RGBA).
u32 ComponentMask(Translator& t) {
    const sass::ModifierName name =
        t.EnumName({mod::kR, mod::kRGB, mod::kRGA, mod::kRBA, mod::kGBA});
    if (name.empty()) {
        return 0xf;
    }
    u32 mask = 0;
    for (const char letter : name.text) {
        mask |= 1u << std::string_view("RGBA").find(letter);
    }
    return mask;
}

Surface Access(Translator& t, std::size_t address, std::string_view instruction) {
    if (t.Kind(2) == sass::OperandKind::Register) {
        t.Unsupported("a surface handle in a register (bindless " + std::string(instruction) + ")");
    }
    const sass::ModifierName clamp = t.EnumName({mod::kIGN, mod::kTRAP});
    if (clamp != mod::kIGN) {
        // .IGN drops stores and reads zeros outside the surface, as Vulkan's robust accesses.
        t.Unsupported("surface clamp mode ." +
                      std::string(clamp.empty() ? "(default)" : clamp.text));
    }
    const sass::ModifierName type =
        t.EnumName({mod::k1D, mod::k1D_BUFFER, mod::k2D, mod::k3D, mod::k1D_ARRAY});
    ImageDim dim = ImageDim::D2;
    if (type == mod::k1D) {
        dim = ImageDim::D1;
    } else if (type == mod::k1D_BUFFER) {
        dim = ImageDim::Buffer;
    } else if (type == mod::k3D) {
        dim = ImageDim::D3;
    } else if (type != mod::k2D) {
        t.Unsupported(fmt::format("{} of surface type .{}", instruction, type.text));
    }
    const std::optional<u32> bank = t.Env().TextureBank();
    if (!bank) {
        t.Unsupported(
            "a surface named by its index: the environment does not say which constant bank "
            "holds the handles (TEX_CB_INDEX)");
    }
    const u64 index = t.Field(t.Spec(2).field);
    ImageBinding use{.kind = ImageKind::Storage, .dim = dim};
    Surface surface;
    const bool formatted = t.Has(mod::kP);
    if (formatted) {
        const std::optional<TextureType> texture =
            t.Env().TextureHandle(*bank, static_cast<u32>(index * 4));
        if (!texture || !texture->format || *texture->format == SurfaceFormat::Raw) {
            t.Unsupported(fmt::format(
                "{}.P (a formatted access) to the surface at c[{:#x}][{:#x}]: the environment "
                "gives no texel format for it (the texture header's)",
                instruction, *bank, index * 4));
        }
        use.format = *texture->format;
        surface.mask = ComponentMask(t);
        surface.words = static_cast<u32>(std::popcount(surface.mask));
    } else {
        use.texel_words = RawWords(t);
        surface.words = use.texel_words;
    }
    surface.image = ImageOf(t, *bank, index, use);
    const u32 base = Register(t, address);
    Value x = Word(t, base, 0);
    if (!formatted && t.Has(mod::kBA)) {
        const u32 shift = surface.words == 4 ? 4 : surface.words == 2 ? 3 : 2;
        x = t.Spv(spv::Op::OpShiftRightLogical, Type::U32, {x, Value::U32(shift)});
    }
    surface.coordinates.push_back(x);
    const u32 axes = dim == ImageDim::D3 ? 3 : dim == ImageDim::D2 ? 2 : 1;
    for (u32 i = 1; i < axes; ++i) {
        surface.coordinates.push_back(Word(t, base, i));
    }
    return surface;
}

Type WordsType(u32 words) {
    return words == 1 ? Type::U32 : words == 2 ? Type::U32x2 : Type::U32x4;
}

void Suld(Translator& t) {
    const Surface surface = Access(t, 1, "SULD");
    const bool formatted = t.Has(mod::kP);
    const Value texel = t.Emit(
        ir::Op::ImageRead, formatted ? Type::U32x4 : WordsType(surface.words), surface.coordinates);
    texel.Def()->resource = surface.image;
    const u32 dst = Register(t, 0);
    if (dst == kZeroRegister) {
        return;
    }
    if (!formatted && surface.words == 1) {
        t.SetReg(dst, texel);
        return;
    }
    const u32 mask = formatted ? surface.mask : (1u << surface.words) - 1;
    u32 written = 0;
    for (u32 component = 0; component < 4; ++component) {
        if ((mask >> component & 1) != 0) {
            t.SetReg(dst + written++,
                     t.Emit(ir::Op::Extract, Type::U32, {texel, Value::U32(component)}));
        }
    }
}

void Sust(Translator& t) {
    const Surface surface = Access(t, 0, "SUST");
    const u32 data = Register(t, 1);
    std::vector<Value> words;
    if (t.Has(mod::kP)) {
        const SurfaceFormat format = t.Program().info.images.at(surface.image).format;
        const u32 kept = ((1u << FormatComponents(format)) - 1) & ~surface.mask;
        if (kept != 0) {
            // Vulkan writes whole texels: components the mask leaves would be overwritten.
            t.Unsupported(fmt::format(
                "SUST.P that leaves components of its texel unchanged (mask {:#x} of {} "
                "components)",
                surface.mask, FormatComponents(format)));
        }
        u32 next = 0;
        for (u32 component = 0; component < 4; ++component) {
            words.push_back((surface.mask >> component & 1) != 0 ? Word(t, data, next++)
                                                                 : Value::U32(0));
        }
    } else {
        for (u32 i = 0; i < surface.words; ++i) {
            words.push_back(Word(t, data, i));
        }
    }
    std::vector<Value> args = surface.coordinates;
    args.push_back(words.size() == 1 ? words.front()
                                     : t.Emit(ir::Op::Construct,
                                              WordsType(static_cast<u32>(words.size())), words));
    const Value store = t.Emit(ir::Op::ImageWrite, Type::Void, std::move(args));
    store.Def()->resource = surface.image;
}

}  // namespace

void AddMaxwellSurfaceHandlers(HandlerTable& table) {
    table[op::kSULD] = Suld;
    table[op::kSUST] = Sust;
}

}  // namespace shader::frontend
