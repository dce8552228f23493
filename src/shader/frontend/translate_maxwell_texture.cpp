// Maxwell's TEX and TXQ. Register layout (Mesa's nv50_ir_ra.cpp condenseSrcs and nvc0 lowering
// of texture instructions, and NVIDIA's own code in the fixture): Ra, Ra+1, ... hold the layer
// (arrayed textures) and the coordinates; Rb, Rb+1, ... the rest: the handle of a bindless (.B)
// instruction first, then the level (.LL). Results fill Rd, Rd+1, ... with the components the
// mask enables, in order. A bindless handle register holds a word of a constant bank (MOV Rn,
// c[bank][offset]), which binds the image (ResolveTextureHandle); an index names the word
// c[TextureBank()][index * 4].
#include "base/error.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::ImageOp;
using ir::Type;
using ir::Value;

// Operands of both TEX forms and of TXQ.
enum TexOperand : std::size_t { kPredicate = 0, kDst = 1, kSrcA = 2, kSrcB = 3, kIndex = 4 };
constexpr std::size_t kTexType = 5;
constexpr std::size_t kTexMask = 6;

u32 Register(Translator& t, std::size_t operand) {
    return static_cast<u32>(t.Field(t.Spec(operand).field));
}

Value Word(Translator& t, std::size_t operand, u32 index) {
    const u32 base = Register(t, operand);
    return base == kZeroRegister ? Value::U32(0) : t.Reg(base + index);
}

bool Bindless(Translator& t) {
    return t.Has(mod::kB);
}

// The image the index operand names, in the environment's texture bank.
u32 IndexedImage(Translator& t, std::size_t index, ImageBinding use, bool knows_dim) {
    const std::optional<u32> bank = t.Env().TextureBank();
    if (!bank) {
        t.Unsupported(
            "a texture named by its index: the environment does not say which constant "
            "bank holds the handles (TEX_CB_INDEX)");
    }
    return ImageOf(t, *bank, t.Field(t.Spec(index).field), use, knows_dim);
}

// The image shape a TEX or TLD names by its type operand, and its coordinates: Ra, Ra+1, ...
// hold the layer (arrayed) and then x, y, z.
struct TypedImage {
    ImageDim dim = ImageDim::D2;
    bool arrayed = false;
    std::vector<Value> coordinates;
};
TypedImage TypedCoordinates(Translator& t, std::string_view instruction) {
    const sass::OperandSpec& type = t.Spec(kTexType);
    const std::string& name = type.names.at(t.Field(type.field));
    TypedImage image;
    if (name == "1D") {
        image.dim = ImageDim::D1;
    } else if (name == "3D") {
        image.dim = ImageDim::D3;
    } else if (name == "ARRAY_2D") {
        image.arrayed = true;
    } else if (name != "2D") {
        t.Unsupported(fmt::format("{} of texture type {}", instruction, name));
    }
    const u32 axes = image.dim == ImageDim::D1 ? 1 : image.dim == ImageDim::D2 ? 2 : 3;
    for (u32 i = 0; i < axes + (image.arrayed ? 1 : 0); ++i) {
        image.coordinates.push_back(Word(t, kSrcA, i));
    }
    return image;
}

void WriteComponents(Translator& t, Value texel, u32 mask, std::size_t dst_operand) {
    const u32 dst = Register(t, dst_operand);
    u32 written = 0;
    for (u32 component = 0; component < 4; ++component) {
        if ((mask >> component & 1) == 0) {
            continue;
        }
        const Value word = t.Emit(ir::Op::Extract, Type::U32, {texel, Value::U32(component)});
        if (dst != kZeroRegister) {
            t.SetReg(dst + written, word);
        }
        ++written;
    }
}

// TEX[.B][.LZ|.LL] Rd, Ra, Rb, index or 0x0, type, mask.
void Tex(Translator& t) {
    if (Register(t, kPredicate) != kTruePredicate) {
        t.Unsupported("a texture residency predicate");
    }
    for (const sass::ModifierName flag : {mod::kAOFFI, mod::kDC, mod::kLC, mod::kNDV}) {
        if (t.Has(flag)) {
            t.Unsupported("texture modifier ." + std::string(flag.text));
        }
    }
    auto [dim, arrayed, args] = TypedCoordinates(t, "TEX");
    const u32 coordinates = static_cast<u32>(args.size());
    const sass::ModifierName level = t.EnumName({mod::kLZ, mod::kLL});
    ImageOp op = ImageOp::SampleLod;
    u32 next_b = Bindless(t) ? 1 : 0;
    if (level == mod::kLZ) {
        args.push_back(Value::U32(0));  // level 0: 0.0f and 0 have the same bits
    } else if (level == mod::kLL) {
        args.push_back(Word(t, kSrcB, next_b++));
    } else if (level.empty() && t.Env().GetStage() == Stage::Fragment) {
        op = ImageOp::Sample;  // the fragment quad's implicit level
    } else {
        t.Unsupported(fmt::format("texture level mode .{} in a {} stage", level.text,
                                  StageName(t.Env().GetStage())));
    }
    const ImageBinding use{.kind = ImageKind::Sampled, .dim = dim, .arrayed = arrayed};
    u32 image = kUnresolvedImage;
    if (Bindless(t)) {
        args.push_back(Word(t, kSrcB, 0));  // the handle, resolved after SSA construction
    } else {
        image = IndexedImage(t, kIndex, use, true);
    }
    const Value texel = t.Emit(ir::Op::ImageSample, Type::U32x4, std::move(args),
                               static_cast<u32>(op), ir::ImageShape(coordinates, 0, arrayed));
    texel.Def()->resource = image;
    WriteComponents(t, texel, static_cast<u32>(t.Field(t.Spec(kTexMask).field)), kDst);
}

// TXQ[.B] Rd, Ra, TEX_HEADER_DIMENSION, index or 0x0, mask: the size at level Ra (bindless: the
// handle in Ra, the level in Ra+1).
void Txq(Translator& t) {
    const sass::OperandSpec& query = t.Spec(2);
    const std::string& what = query.names.at(t.Field(query.field));
    if (what != "TEX_HEADER_DIMENSION") {
        t.Unsupported("texture query " + what);
    }
    const bool bindless = Bindless(t);
    const u32 mask = static_cast<u32>(t.Field(t.Spec(4).field));
    std::vector<Value> args{Word(t, 1, bindless ? 1 : 0)};
    u32 image = kUnresolvedImage;
    if (bindless) {
        args.push_back(Word(t, 1, 0));
    } else {
        image = IndexedImage(t, 3, {.kind = ImageKind::Sampled}, false);
    }
    const Value size = t.Emit(ir::Op::ImageQuery, Type::U32x4, std::move(args), mask);
    size.Def()->resource = image;
    WriteComponents(t, size, mask, 0);
}

// TEXS and TLDS: Rd2, Rd, Ra, Rb, index, type, components. The components' letters name the
// mask; the first two go to Rd, Rd+1, the others to Rd2, Rd2+1 (yuzu's decoder,
// WriteTexsInstructionFloat; the mask tables of TEXS's two forms in forms_texture.cpp).
enum ScalarOperand : std::size_t { kSDst2 = 0, kSDst = 1, kSA = 2, kSB = 3, kSIndex = 4 };
constexpr std::size_t kSType = 5;
constexpr std::size_t kSComponents = 6;

u32 ScalarMask(Translator& t) {
    const sass::OperandSpec& spec = t.Spec(kSComponents);
    const std::string& name = spec.names.at(t.Field(spec.field));
    u32 mask = 0;
    for (const char letter : name) {
        const std::size_t at = std::string_view("RGBA").find(letter);
        if (at == std::string_view::npos) {
            t.Unsupported("texture components " + name);
        }
        mask |= 1u << at;
    }
    return mask;
}

void WriteScalarComponents(Translator& t, Value texel) {
    const u32 mask = ScalarMask(t);
    const u32 dst = Register(t, kSDst);
    const u32 dst2 = Register(t, kSDst2);
    u32 written = 0;
    for (u32 component = 0; component < 4; ++component) {
        if ((mask >> component & 1) == 0) {
            continue;
        }
        const Value word = t.Emit(ir::Op::Extract, Type::U32, {texel, Value::U32(component)});
        const u32 base = written < 2 ? dst : dst2;
        if (base != kZeroRegister) {
            t.SetReg(base + written % 2, word);
        }
        ++written;
    }
}

// The texture type of a TEXS / TLDS form (a literal operand).
std::string_view ScalarType(Translator& t) {
    const sass::OperandSpec& spec = t.Spec(kSType);
    return spec.names.at(0);
}

void RefuseScalarModes(Translator& t) {
    if (t.Has(mod::kF16)) {
        t.Unsupported("half-float texture results (.F16)");
    }
    for (const sass::ModifierName flag : {mod::kDC, mod::kAOFFI, mod::kMS}) {
        if (t.Has(flag)) {
            t.Unsupported("texture modifier ." + std::string(flag.text));
        }
    }
}

// TEXS[.LZ|.LL] Rd2, Rd, Ra, Rb, index, type, components (yuzu's GetTexsCode): 1D LZ: x = Ra;
// 2D: x = Ra, y = Rb (LL: y = Ra+1, level Rb); ARRAY_2D: layer Ra, x = Ra+1, y = Rb; 3D and
// CUBE: x, y = Ra, Ra+1, z = Rb (CUBE LL: level Rb+1).
void Texs(Translator& t) {
    RefuseScalarModes(t);
    const std::string_view type = ScalarType(t);
    const bool ll = t.Has(mod::kLL);
    const bool lz = t.Has(mod::kLZ);
    ImageDim dim = ImageDim::D2;
    bool arrayed = false;
    std::vector<Value> args;
    if (type == "1D") {
        dim = ImageDim::D1;
        args = {Word(t, kSA, 0)};
    } else if (type == "2D") {
        args = {Word(t, kSA, 0), ll ? Word(t, kSA, 1) : Word(t, kSB, 0)};
    } else if (type == "ARRAY_2D") {
        arrayed = true;
        args = {Word(t, kSA, 0), Word(t, kSA, 1), Word(t, kSB, 0)};
    } else if (type == "3D") {
        dim = ImageDim::D3;
        args = {Word(t, kSA, 0), Word(t, kSA, 1), Word(t, kSB, 0)};
    } else {
        t.Unsupported("TEXS of texture type " + std::string(type));
    }
    const u32 coordinates = static_cast<u32>(args.size());
    ImageOp op = ImageOp::SampleLod;
    if (lz) {
        args.push_back(Value::U32(0));
    } else if (ll) {
        args.push_back(Word(t, kSB, 0));
    } else if (t.Env().GetStage() == Stage::Fragment) {
        op = ImageOp::Sample;
    } else {
        t.Unsupported(fmt::format("TEXS with an implicit level in a {} stage",
                                  StageName(t.Env().GetStage())));
    }
    const ImageBinding use{.kind = ImageKind::Sampled, .dim = dim, .arrayed = arrayed};
    const u32 image = IndexedImage(t, kSIndex, use, true);
    const Value texel = t.Emit(ir::Op::ImageSample, Type::U32x4, std::move(args),
                               static_cast<u32>(op), ir::ImageShape(coordinates, 0, arrayed));
    texel.Def()->resource = image;
    WriteScalarComponents(t, texel);
}

// TLDS[.LZ|.LL] Rd2, Rd, Ra, Rb, index, type, components: a texel fetch at integer coordinates
// (yuzu's GetTldsCode): 1D: x = Ra (LL: level Rb); 2D: x = Ra, y = Rb (LL: y = Ra+1, level
// Rb); 3D: x, y = Ra, Ra+1, z = Rb; ARRAY_2D: layer Ra, x, y = Rb, Rb+1.
void Tlds(Translator& t) {
    RefuseScalarModes(t);
    const std::string_view type = ScalarType(t);
    const bool ll = t.Has(mod::kLL);
    ImageDim dim = ImageDim::D2;
    bool arrayed = false;
    std::vector<Value> args;
    if (type == "1D") {
        dim = ImageDim::D1;
        args = {Word(t, kSA, 0)};
    } else if (type == "2D") {
        args = {Word(t, kSA, 0), ll ? Word(t, kSA, 1) : Word(t, kSB, 0)};
    } else if (type == "3D") {
        dim = ImageDim::D3;
        args = {Word(t, kSA, 0), Word(t, kSA, 1), Word(t, kSB, 0)};
    } else if (type == "ARRAY_2D") {
        arrayed = true;
        args = {Word(t, kSA, 0), Word(t, kSB, 0), Word(t, kSB, 1)};
    } else {
        t.Unsupported("TLDS of texture type " + std::string(type));
    }
    const u32 coordinates = static_cast<u32>(args.size());
    args.push_back(ll ? Word(t, kSB, 0) : Value::U32(0));
    const ImageBinding use{.kind = ImageKind::Sampled, .dim = dim, .arrayed = arrayed};
    const u32 image = IndexedImage(t, kSIndex, use, true);
    const Value texel =
        t.Emit(ir::Op::ImageSample, Type::U32x4, std::move(args), static_cast<u32>(ImageOp::Fetch),
               ir::ImageShape(coordinates, 0, arrayed));
    texel.Def()->resource = image;
    WriteScalarComponents(t, texel);
}

// TLD.{LZ,LL} Rd, Ra, Rb, index, type, mask: a texel fetch. Ra, Ra+1, ... hold the layer
// (arrayed) and the integer coordinates, Rb the level (.LL), as TEX lays them out.
void Tld(Translator& t) {
    if (Bindless(t)) {
        t.Unsupported("TLD.B (a texture handle in a register)");
    }
    if (Register(t, kPredicate) != kTruePredicate) {
        t.Unsupported("a texture residency predicate");
    }
    for (const sass::ModifierName flag : {mod::kAOFFI, mod::kMS, mod::kCL}) {
        if (t.Has(flag)) {
            t.Unsupported("texture modifier ." + std::string(flag.text));
        }
    }
    auto [dim, arrayed, args] = TypedCoordinates(t, "TLD");
    const u32 coordinates = static_cast<u32>(args.size());
    args.push_back(t.Has(mod::kLL) ? Word(t, kSrcB, 0) : Value::U32(0));
    const ImageBinding use{.kind = ImageKind::Sampled, .dim = dim, .arrayed = arrayed};
    const u32 image = IndexedImage(t, kIndex, use, true);
    const Value texel =
        t.Emit(ir::Op::ImageSample, Type::U32x4, std::move(args), static_cast<u32>(ImageOp::Fetch),
               ir::ImageShape(coordinates, 0, arrayed));
    texel.Def()->resource = image;
    WriteComponents(t, texel, static_cast<u32>(t.Field(t.Spec(kTexMask).field)), kDst);
}

}  // namespace

void AddMaxwellTextureHandlers(HandlerTable& table) {
    table[op::kTEX] = Tex;
    table[op::kTXQ] = Txq;
    table[op::kTEXS] = Texs;
    table[op::kTLDS] = Tlds;
    table[op::kTLD] = Tld;
}

}  // namespace shader::frontend
