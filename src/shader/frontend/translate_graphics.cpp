// Graphics-stage instructions: ALD / AST (attribute loads and stores of vertex stages), IPA
// (fragment inputs), KILL, and the quad exchanges NVIDIA's compiler builds derivatives from
// (SHFL.BFLY within a quad, FSWZADD). Attributes are named by their byte address in the
// attribute space (ir::Op::LoadAttribute); which exist is the stage header's business, checked
// when the emitter declares them (spirv/emit_graphics.cpp).
#include "base/error.h"
#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::Type;
using ir::Value;

constexpr u32 kQuadClamp = 0x1c03;  // SHFL's c: segment mask 0x1c, clamp 3 (one quad)

void RequireGraphics(Translator& t, Stage stage, const char* what) {
    if (t.Env().GetStage() != stage) {
        t.Unsupported(fmt::format("{} in a {} stage", what, StageName(t.Env().GetStage())));
    }
}

u32 AttributeAddress(Translator& t, std::size_t operand) {
    const sass::OperandSpec& spec = t.Spec(operand);
    if (spec.f3 >= 0 && t.Field(spec.f3) != kZeroRegister) {
        t.Unsupported("an attribute address in a register (Maxwell a[Rn+offset], .PHYS)");
    }
    return static_cast<u32>(t.Field(spec.field)) * spec.scale;
}

u32 AccessWords(Translator& t) {
    const sass::ModifierName width = t.EnumName({mod::k64, mod::k96, mod::k128});
    return width.empty() ? 1 : width == mod::k64 ? 2 : width == mod::k96 ? 3 : 4;
}

void CheckVertexForm(Translator& t, std::size_t vertex_operand) {
    if (t.Has(mod::kP)) {
        t.Unsupported("a per-patch attribute (.P)");
    }
    if (t.Field(t.Spec(vertex_operand).field) != kZeroRegister) {
        t.Unsupported("an attribute of another vertex (a vertex index register)");
    }
}

// ALD[.64/.96/.128] Rd, a[address]: Rd.. take consecutive words of the stage's inputs (or, with
// .O, of what it has written to its outputs).
void Ald(Translator& t) {
    RequireGraphics(t, Stage::Vertex, "ALD");
    CheckVertexForm(t, 2);
    if (t.Has(mod::kO)) {
        t.Unsupported("a load of the stage's own outputs (ALD.O)");
    }
    const u32 address = AttributeAddress(t, 1);
    const u32 dst = t.DstReg(0);
    for (u32 word = 0; word < AccessWords(t); ++word) {
        const Value value = t.Emit(ir::Op::LoadAttribute, Type::U32, {}, address + 4 * word);
        if (dst != kZeroRegister) {
            t.SetReg(dst + word, value);
        }
    }
}

// AST[.64/.96/.128] a[address], Rs: the stage's outputs from Rs...
void Ast(Translator& t) {
    RequireGraphics(t, Stage::Vertex, "AST");
    CheckVertexForm(t, 2);
    const u32 address = AttributeAddress(t, 0);
    const u32 source = t.DstReg(1);
    for (u32 word = 0; word < AccessWords(t); ++word) {
        const Value value = source == kZeroRegister ? Value::U32(0) : t.Reg(source + word);
        t.Emit(ir::Op::StoreAttribute, Type::Void, {value}, address + 4 * word);
    }
}

// IPA.mode[.CENTROID] Rd, a[address]: an input of the fragment stage at the pixel (PASS: as the
// rasteriser's plane gives it, which for perspective inputs is value / w; CONSTANT: the
// provoking vertex's value). Volta's IPA has no multiply mode: perspective correction is the
// code's own multiply by 1 / a[0x7c].
void Ipa(Translator& t) {
    RequireGraphics(t, Stage::Fragment, "IPA");
    if (t.Field(t.Spec(1).field) != kTruePredicate) {
        t.Unsupported("IPA with a predicate operand");
    }
    const sass::ModifierName mode = t.EnumName({mod::kPASS, mod::kCONSTANT, mod::kSTATE});
    ir::InterpolateMode interpolate = ir::InterpolateMode::Pass;
    if (mode == mod::kCONSTANT) {
        interpolate = ir::InterpolateMode::Constant;
    } else if (mode == mod::kSTATE) {
        t.Unsupported("IPA.STATE (interpolation chosen by the 3D engine's state)");
    }
    const auto location =
        t.Has(mod::kCENTROID) ? ir::InterpolateLocation::Centroid : ir::InterpolateLocation::Center;
    const Value value = t.Emit(ir::Op::Interpolate, Type::U32, {}, AttributeAddress(t, 2),
                               static_cast<u32>(interpolate) | static_cast<u32>(location) << 4);
    t.WriteDst(0, value);
}

// KILL [P]: the invocation's pixel is discarded where P (and the guard) hold.
void Kill(Translator& t) {
    RequireGraphics(t, Stage::Fragment, "KILL");
    const Value condition = t.Spv(spv::Op::OpLogicalAnd, Type::Bool, {t.Guard(), t.Predicate(0)});
    ir::Block* kill = t.Program().NewBlock(t.Offset());
    ir::Block* after = t.Program().NewBlock(t.Offset());
    ir::Block* block = t.CurrentBlock();
    block->end.kind = ir::Terminator::Kind::Branch;
    block->end.condition = condition;
    block->end.targets[0] = kill;
    block->end.targets[1] = after;
    t.SetBlock(kill);
    t.Emit(ir::Op::Discard, Type::Void, {});
    kill->end.kind = ir::Terminator::Kind::Jump;
    kill->end.targets[0] = after;
    t.SetBlock(after);
}

}  // namespace

// SHFL.BFLY PT, Rd, Ra, 0x1 or 0x2, 0x1c03 in a fragment stage: the value of the quad's
// horizontal or vertical neighbour.
bool TranslateQuadShuffle(Translator& t) {
    if (t.Env().GetStage() != Stage::Fragment) {
        return false;
    }
    const sass::ModifierName mode = t.EnumName({mod::kIDX, mod::kBFLY});
    const sass::OperandKind b = t.Kind(3);
    const sass::OperandKind c = t.Kind(4);
    const bool immediates =
        b == sass::OperandKind::HexImmediate && c == sass::OperandKind::HexImmediate;
    if (mode != mod::kBFLY || !immediates || (t.Immediate(3) != 1 && t.Immediate(3) != 2) ||
        t.Immediate(4) != kQuadClamp || t.Field(t.Spec(0).field) != kTruePredicate) {
        t.Unsupported(
            "a SHFL in a fragment stage other than a quad butterfly (BFLY 1 or 2, "
            "c = 0x1c03, no predicate result)");
    }
    const Value value =
        t.Emit(ir::Op::QuadSwap, Type::U32, {t.Int(2)}, static_cast<u32>(t.Immediate(3)));
    t.WriteDst(1, value);
    return true;
}

void AddGraphicsHandlers(HandlerTable& table) {
    table[op::kALD] = Ald;
    table[op::kAST] = Ast;
    table[op::kIPA] = Ipa;
    table[op::kKILL] = Kill;
    // FSWZADD[.FTZ] Rd, Ra, Rb, SWZ: per quad lane q, operation (SWZ >> 2q) & 3 of Ra and Rb:
    // a + b, a - b, b - a, b (the letters nvdisasm prints per lane, lane 3 first). Used with
    // the quad neighbour's value for derivatives.
    table[op::kFSWZADD] = [](Translator& t) {
        RequireGraphics(t, Stage::Fragment, "FSWZADD");
        if (t.Has(mod::kNDV) || !t.EnumName({mod::kRM, mod::kRP, mod::kRZ}).empty()) {
            t.Unsupported("FSWZADD with .NDV or a rounding mode");
        }
        const sass::OperandSpec& swizzle = t.Spec(3);
        const bool ftz = t.Has(mod::kFTZ);
        const auto operand = [&](std::size_t index) {
            const Value value = t.Float(index);
            return ftz ? FlushDenormal(t, value) : value;
        };
        Value sum = t.Emit(ir::Op::QuadSwizzleAdd, Type::F32, {operand(1), operand(2)},
                           static_cast<u32>(t.Field(swizzle.field)));
        if (ftz) {
            sum = FlushDenormal(t, sum);
        }
        t.WriteDst(0, t.BitcastU32(sum));
    };
}

}  // namespace shader::frontend
