// Textures and surfaces through CUDA's texture and surface objects: TEX (.LZ, .LL), TLD (.LZ,
// .LL), TLD4, TXD, TXQ, SULD.D.BA and SUST.D.BA. The object is a 64-bit handle parameter that the
// instruction names in constant bank 0 (bank and word offset fields, as Mesa NAK encodes a
// TexRef::CBuf); each such parameter becomes one image of descriptor set 0 (ProgramInfo::images).
//
// Operand layout of the texture forms (fixture texture.cubin, NAK sm70_encode.rs): the results
// fill Rd, Rd+1, then Rd2, Rd2+1 with the components the mask enables, in order; the sources
// are a list of words (the layer first where the dimension is an array, the coordinates, then
// the level), the first half (rounded up) from Ra, Ra+1, the rest from Rb, Rb+1. TXD takes its
// coordinates from Ra and its gradients from Rb, interleaved per axis (dx.x, dy.x, dx.y, dy.y).
#include <set>

#include "base/error.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::ImageOp;
using ir::Type;
using ir::Value;

constexpr u16 kTexBindlessKey = 0x1f60;
// TEX.B with the handle in a register (NAK's bindless TEX): no bank or offset operands, so the
// dimension and mask come two operands earlier, and its sources are NAK's (nak_nir_lower_tex.c,
// sm50 and later): Ra holds the layer and coordinates, Rb the handle, then the level.
constexpr u16 kTexRegisterHandleKey = 0x361;
constexpr std::size_t kRegisterHandleOperands = 2;

// Operand positions of TEX / TLD / TLD4 / TXD (constant bank forms).
enum TexOperand : std::size_t {
    kPredicateDst = 0,
    kDst2 = 1,
    kDst = 2,
    kSrcA = 3,
    kSrcB = 4,
    kBank = 5,
    kWordOffset = 6,
    kDimension = 7,
    kMask = 8,
};

struct Dimension {
    ImageDim dim = ImageDim::D2;
    bool arrayed = false;
    u32 axes = 2;  // coordinates without the layer
};

Dimension TextureDimension(Translator& t, std::size_t operand = kDimension) {
    const sass::OperandSpec& spec = t.Spec(operand);
    const std::string& name = spec.names.at(t.Field(spec.field));
    if (name == "1D") {
        return {ImageDim::D1, false, 1};
    }
    if (name == "2D") {
        return {ImageDim::D2, false, 2};
    }
    if (name == "3D") {
        return {ImageDim::D3, false, 3};
    }
    if (name == "ARRAY_2D") {
        return {ImageDim::D2, true, 2};
    }
    t.Unsupported("texture dimension " + name);
}

u64 OperandField(Translator& t, std::size_t operand) {
    return t.Field(t.Spec(operand).field);
}

}  // namespace

// The image of the handle at c[bank][word offset * 4]; later uses of the same handle must agree
// on its kind, dimension and texel size (2D and ARRAY_2D make it arrayed). A use that does not
// know the dimension (TXQ) takes that of the others, or the environment's.
u32 ImageOf(Translator& t, u64 bank, u64 word_offset, ImageBinding use, bool knows_dim) {
    const u32 offset = static_cast<u32>(word_offset * 4);
    if (!t.Env().TextureHandle(static_cast<u32>(bank), offset)) {
        t.Unsupported(fmt::format(
            "c[{:#x}][{:#x}] holds no texture or surface handle ({})", bank, offset,
            t.Env().GetStage() == Stage::Compute ? "not a 64-bit parameter of the kernel"
                                                 : "outside the stage's texture bank"));
    }
    use.handle_bank = static_cast<u32>(bank);
    use.handle_offset = offset;
    std::vector<ImageBinding>& images = t.Program().info.images;
    std::set<u32>& without_dim = t.Program().info.images_without_dim;
    for (std::size_t i = 0; i < images.size(); ++i) {
        ImageBinding& image = images[i];
        if (image.handle_bank != use.handle_bank || image.handle_offset != offset) {
            continue;
        }
        const u32 index = static_cast<u32>(i);
        if (!knows_dim) {
            use.dim = image.dim;
        } else if (without_dim.erase(index) != 0) {
            image.dim = use.dim;
        }
        if (image.kind != use.kind || image.dim != use.dim ||
            (use.kind == ImageKind::Storage &&
             (image.texel_words != use.texel_words || image.format != use.format))) {
            t.Unsupported(fmt::format("the handle at c[{:#x}][{:#x}] used as two kinds of image",
                                      bank, offset));
        }
        image.arrayed |= use.arrayed;
        return static_cast<u32>(i);
    }
    images.push_back(use);
    if (!knows_dim) {
        without_dim.insert(static_cast<u32>(images.size() - 1));
    }
    return static_cast<u32>(images.size() - 1);
}

namespace {

// Source word `index` of `count`, split between Ra and Rb.
Value SourceWord(Translator& t, u32 index, u32 count) {
    const u32 in_a = (count + 1) / 2;
    const u32 base = static_cast<u32>(OperandField(t, index < in_a ? kSrcA : kSrcB));
    const u32 at = index < in_a ? index : index - in_a;
    return base == kZeroRegister ? Value::U32(0) : t.Reg(base + at);
}

Value RegisterWord(Translator& t, std::size_t operand, u32 index) {
    const u32 base = static_cast<u32>(OperandField(t, operand));
    return base == kZeroRegister ? Value::U32(0) : t.Reg(base + index);
}

// Rd, Rd+1, Rd2, Rd2+1 take the enabled components of the texel, in order.
void WriteComponents(Translator& t, Value texel, u32 mask, std::size_t dst = kDst,
                     std::size_t dst2 = kDst2) {
    u32 written = 0;
    for (u32 component = 0; component < 4; ++component) {
        if ((mask >> component & 1) == 0) {
            continue;
        }
        const Value word = t.Emit(ir::Op::Extract, Type::U32, {texel, Value::U32(component)});
        const u32 base = static_cast<u32>(OperandField(t, written < 2 ? dst : dst2));
        if (base != kZeroRegister) {
            t.SetReg(base + written % 2, word);
        }
        ++written;
    }
}

void CheckTextureForm(Translator& t) {
    if (OperandField(t, kPredicateDst) != kTruePredicate) {
        t.Unsupported("a texture residency predicate");
    }
    for (const sass::ModifierName flag :
         {mod::kAOFFI, mod::kDC, mod::kPTP, mod::kMS, mod::kCL, mod::kNDV}) {
        if (t.Has(flag)) {
            t.Unsupported("texture modifier ." + std::string(flag.text));
        }
    }
}

void Texture(Translator& t, ImageOp op) {
    CheckTextureForm(t);
    const bool register_handle = t.Inst().form->key == kTexRegisterHandleKey;
    const std::size_t shift = register_handle ? kRegisterHandleOperands : 0;
    const Dimension shape = TextureDimension(t, kDimension - shift);
    // A handle in a uniform register (bindless TEX) or in Rb (TEX.B) is found once SSA
    // construction has joined the register's values (ResolveTextureHandle); it rides along as
    // the last argument.
    const bool uniform_handle = t.Inst().form->key == kTexBindlessKey;
    const bool bindless = uniform_handle || register_handle;
    if (uniform_handle && OperandField(t, kWordOffset) != 0) {
        t.Unsupported("a bindless TEX with a non-zero immediate beside its handle register");
    }
    const u32 image =
        bindless
            ? kUnresolvedImage
            : ImageOf(t, OperandField(t, kBank), OperandField(t, kWordOffset),
                      {.kind = ImageKind::Sampled, .dim = shape.dim, .arrayed = shape.arrayed});
    const u32 coordinates = shape.axes + (shape.arrayed ? 1 : 0);
    std::vector<Value> args;
    u32 component = 0;
    if (op == ImageOp::SampleGrad) {
        for (u32 i = 0; i < coordinates; ++i) {
            args.push_back(RegisterWord(t, kSrcA, i));
        }
        for (u32 i = 0; i < 2 * shape.axes; ++i) {
            args.push_back(RegisterWord(t, kSrcB, i));
        }
    } else {
        const sass::ModifierName level = t.EnumName({mod::kLZ, mod::kLL});
        if (op == ImageOp::Gather) {
            const sass::ModifierName name = t.EnumName({mod::kR, mod::kG, mod::kB, mod::kA});
            component = static_cast<u32>(std::string_view("RGBA").find(name.text.front()));
        } else if (!level.empty() && level != mod::kLZ && level != mod::kLL) {
            t.Unsupported("texture level mode ." + std::string(level.text));
        } else if (level.empty()) {
            if (op != ImageOp::SampleLod || t.Env().GetStage() != Stage::Fragment) {
                t.Unsupported(fmt::format("a texture level computed from derivatives in a {} stage",
                                          StageName(t.Env().GetStage())));
            }
            op = ImageOp::Sample;  // the fragment quad's implicit level
        }
        if (register_handle) {
            for (u32 i = 0; i < coordinates; ++i) {
                args.push_back(RegisterWord(t, kSrcA, i));
            }
            if (level == mod::kLL) {
                args.push_back(RegisterWord(t, kSrcB, 1));
            }
        } else {
            const u32 words = coordinates + (level == mod::kLL ? 1 : 0);
            for (u32 i = 0; i < words; ++i) {
                args.push_back(SourceWord(t, i, words));
            }
        }
        if (level == mod::kLZ) {
            args.push_back(Value::U32(0));  // level 0: 0.0f and 0 have the same bits
        }
    }
    if (uniform_handle) {
        args.push_back(t.UniformReg(static_cast<u32>(OperandField(t, kBank))));
    } else if (register_handle) {
        args.push_back(RegisterWord(t, kSrcB, 0));
    }
    const Value texel =
        t.Emit(ir::Op::ImageSample, Type::U32x4, std::move(args), static_cast<u32>(op),
               ir::ImageShape(coordinates, component, shape.arrayed));
    texel.Def()->resource = image;
    WriteComponents(t, texel, static_cast<u32>(OperandField(t, kMask - shift)));
}

// TXQ Rd2, Rd, Rlevel, TEX_HEADER_DIMENSION, bank, word offset, mask: the size of the texture at
// a level (x width, y height, z depth or layers, w its mip levels; fixture query.cubin). The
// GPU reads them from the texture's header, so the instruction does not say the texture's
// dimension: it comes from the other instructions on the same handle, or from the launch.
void TextureQuery(Translator& t) {
    if (t.Has(mod::kB)) {
        t.Unsupported("a texture handle in a register (bindless TXQ)");
    }
    const sass::OperandSpec& query = t.Spec(3);
    const std::string& what = query.names.at(t.Field(query.field));
    if (what != "TEX_HEADER_DIMENSION") {
        t.Unsupported("texture query " + what);
    }
    const u32 image =
        ImageOf(t, OperandField(t, 4), OperandField(t, 5), {.kind = ImageKind::Sampled}, false);
    const u32 mask = static_cast<u32>(OperandField(t, 6));
    const Value size = t.Emit(ir::Op::ImageQuery, Type::U32x4, {RegisterWord(t, 2, 0)}, mask);
    size.Def()->resource = image;
    WriteComponents(t, size, mask, 1, 0);
}

// SULD / SUST: formatless (.D) accesses with byte-addressed x (.BA) to 1D and 2D surfaces.
struct SurfaceAccess {
    u32 image = 0;
    std::vector<Value> coordinates;
    u32 words = 1;
};

SurfaceAccess Surface(Translator& t, std::size_t address, std::size_t bank) {
    if (!t.Has(mod::kBA)) {
        t.Unsupported("a surface access without byte addressing (.BA)");
    }
    const sass::ModifierName width = t.EnumName({mod::kU8, mod::k128});
    u32 words = 0;
    if (width.empty()) {
        words = 1;
    } else if (width == mod::k64) {
        words = 2;
    } else if (width == mod::k128) {
        words = 4;
    } else {
        t.Unsupported("surface access width ." + std::string(width.text));
    }
    const sass::ModifierName name = t.EnumName({mod::k1D, mod::k2D});
    if (name != mod::k1D && name != mod::k2D) {
        t.Unsupported("surface dimension ." + std::string(name.text));
    }
    const bool two_d = name == mod::k2D;
    SurfaceAccess access;
    access.words = words;
    access.image = ImageOf(t, OperandField(t, bank), OperandField(t, bank + 1),
                           {.kind = ImageKind::Storage,
                            .dim = two_d ? ImageDim::D2 : ImageDim::D1,
                            .texel_words = words});
    const u32 base = static_cast<u32>(OperandField(t, address));
    const u32 shift = words == 4 ? 4 : words == 2 ? 3 : 2;
    const Value x = base == kZeroRegister ? Value::U32(0) : t.Reg(base);
    access.coordinates.push_back(
        t.Spv(spv::Op::OpShiftRightLogical, Type::U32, {x, Value::U32(shift)}));
    if (two_d) {
        access.coordinates.push_back(base == kZeroRegister ? Value::U32(0) : t.Reg(base + 1));
    }
    return access;
}

Value AddImageInst(Translator& t, ir::Op op, Type type, std::vector<Value> args, u32 image) {
    const Value value = t.Emit(op, type, std::move(args));
    value.Def()->resource = image;
    return value;
}

void SurfaceLoad(Translator& t) {
    if (t.Field(t.Spec(0).field) != kTruePredicate) {
        t.Unsupported("a surface load's predicate result");
    }
    const SurfaceAccess access = Surface(t, 2, 3);
    const Type type = access.words == 1 ? Type::U32 : access.words == 2 ? Type::U32x2 : Type::U32x4;
    const Value texel = AddImageInst(t, ir::Op::ImageRead, type, access.coordinates, access.image);
    const u32 dst = static_cast<u32>(OperandField(t, 1));
    if (dst == kZeroRegister) {
        return;
    }
    if (access.words == 1) {
        t.SetReg(dst, texel);
        return;
    }
    for (u32 i = 0; i < access.words; ++i) {
        t.SetReg(dst + i, t.Emit(ir::Op::Extract, Type::U32, {texel, Value::U32(i)}));
    }
}

void SurfaceStore(Translator& t) {
    const SurfaceAccess access = Surface(t, 0, 2);
    std::vector<Value> args = access.coordinates;
    if (access.words == 1) {
        args.push_back(RegisterWord(t, 1, 0));
    } else {
        std::vector<Value> words;
        for (u32 i = 0; i < access.words; ++i) {
            words.push_back(RegisterWord(t, 1, i));
        }
        args.push_back(
            t.Emit(ir::Op::Construct, access.words == 2 ? Type::U32x2 : Type::U32x4, words));
    }
    AddImageInst(t, ir::Op::ImageWrite, Type::Void, std::move(args), access.image);
}

}  // namespace

namespace {

bool SameLoad(const ir::Inst* a, const ir::Inst* b) {
    return a->Arg(0).Bits() == b->Arg(0).Bits() && a->Arg(1).Bits() == b->Arg(1).Bits();
}

bool IsSelect(const ir::Inst* inst) {
    return inst->op == ir::Op::Spv && inst->aux == static_cast<u32>(spv::Op::OpSelect);
}

// The load of one constant bank word at a fixed offset that `value` is on every path (through
// the phis that join copies of it, Maxwell loading the handle again on each path, and the
// selects of a guarded MOV under the guard `guard`), or null.
const ir::Inst* HandleLoad(Value value, Value guard) {
    std::vector<const ir::Inst*> pending{value.Def()};
    std::set<const ir::Inst*> seen;
    const ir::Inst* found = nullptr;
    while (!pending.empty()) {
        const ir::Inst* inst = pending.back();
        pending.pop_back();
        if (inst == nullptr) {
            return nullptr;
        }
        if (!seen.insert(inst).second) {
            continue;
        }
        if (IsSelect(inst) && !guard.IsEmpty() && inst->Arg(0) == guard) {
            pending.push_back(inst->Arg(1).Def());
            continue;
        }
        if (inst->op == ir::Op::Phi) {
            for (std::size_t i = 0; i < inst->args.size(); ++i) {
                pending.push_back(inst->Arg(i).Def());
            }
            continue;
        }
        if (inst->op != ir::Op::ConstBank || !inst->Arg(0).IsImmediate() ||
            !inst->Arg(1).IsImmediate() || inst->Arg(1).Bits() % 4 != 0 ||
            (found != nullptr && !SameLoad(found, inst))) {
            return nullptr;
        }
        found = inst;
    }
    return found;
}

}  // namespace

// A bindless TEX's (TXQ's) handle register must hold a word loaded from a fixed place of a
// constant bank (ULDC URn, c[bank][offset]; Maxwell: MOV Rn, c[bank][offset]): that word is the
// handle the image is bound by.
void ResolveTextureHandle(Translator& t, ir::Inst& sample) {
    const Value handle = sample.args.back().Resolve();
    sample.args.pop_back();
    const ir::Inst* load = HandleLoad(handle, sample.block->TakenGuard());
    if (load == nullptr) {
        t.Unsupported(
            "a texture handle in a register that does not hold one word of a constant "
            "bank at a fixed offset (handles computed at run time need descriptor indexing)");
    }
    if (sample.op == ir::Op::ImageQuery) {
        sample.resource = ImageOf(t, load->Arg(0).Bits(), load->Arg(1).Bits() / 4,
                                  {.kind = ImageKind::Sampled}, false);
        return;
    }
    // The shape the sample was emitted with: its coordinates, the layer among them.
    const bool arrayed = ir::ImageShapeArrayed(sample.aux2);
    const u32 axes = ir::ImageShapeCoordinates(sample.aux2) - (arrayed ? 1 : 0);
    const ImageDim dim = axes == 1 ? ImageDim::D1 : axes == 2 ? ImageDim::D2 : ImageDim::D3;
    sample.resource = ImageOf(t, load->Arg(0).Bits(), load->Arg(1).Bits() / 4,
                              {.kind = ImageKind::Sampled, .dim = dim, .arrayed = arrayed});
}

void AddTextureHandlers(HandlerTable& table) {
    table[op::kTEX] = [](Translator& t) { Texture(t, ImageOp::SampleLod); };
    table[op::kTLD] = [](Translator& t) { Texture(t, ImageOp::Fetch); };
    table[op::kTLD4] = [](Translator& t) { Texture(t, ImageOp::Gather); };
    table[op::kTXD] = [](Translator& t) { Texture(t, ImageOp::SampleGrad); };
    table[op::kTXQ] = TextureQuery;
    table[op::kSULD] = SurfaceLoad;
    table[op::kSUST] = SurfaceStore;
}

}  // namespace shader::frontend
