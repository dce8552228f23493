// Tensor-core instructions: LDSM (PTX ldmatrix) and HMMA / IMMA (PTX mma.sync). Each thread of a
// warp holds fragments of the matrices; the layouts are the PTX ISA manual's ("Warp-level
// matrix load instruction: ldmatrix" and "Matrix Fragments for mma.m16n8k8 / mma.m16n8k16 /
// mma.m16n8k32"). With groupID = lane / 4 and tid = lane % 4, for every shape used here:
//  - A (16 x K, row major): register r holds elements of row groupID + 8 * (r & 1), at the
//    columns kc * (4 * P) + tid * P + e (e < P, the elements per register; kc = r / 2);
//  - B (K x 8, column major): register r holds column groupID, rows r * (4 * P) + tid * P + e;
//  - C and D (16 x 8): element i is row groupID + 8 * (i / 2), column tid * 2 + i % 2 (four f32
//    or s32 registers, or two registers of f16 pairs).
// A thread reads the A registers of the four lanes of its group and the B registers of the
// lanes holding its two columns with WarpReadLane, then computes its four dot products.
//
// Numerics: products of f16, bf16 and tf32 inputs are exact in f64, and the sums are taken in
// f64 (C first, then k in order) and rounded once to the accumulator type, so the result is the
// exact sum rounded to nearest whenever the terms span at most 53 bits. NVIDIA does not document
// the tensor cores' internal order and rounding; the reference inputs are chosen so that every
// order gives the same result. TF32 operands ignore the low 13 bits of the f32. S8: exact
// integer sums, wrapping at 32 bits.
#include "shader/frontend/float_rounding.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::MemoryWidth;
using ir::Type;
using ir::Value;
using spv::Op;

Value Lane(Translator& t) {
    return t.Emit(ir::Op::SpecialReg, Type::U32, {}, static_cast<u32>(ir::SpecialRegister::LaneId));
}

Value ReadLane(Translator& t, Value value, Value lane) {
    return t.Emit(ir::Op::WarpReadLane, Type::U32, {value, lane});
}

Value Add(Translator& t, Value a, Value b) {
    return t.Spv(Op::OpIAdd, Type::U32, {a, b});
}

Value And(Translator& t, Value a, u32 mask) {
    return t.Spv(Op::OpBitwiseAnd, Type::U32, {a, Value::U32(mask)});
}

Value Shl(Translator& t, Value a, u32 bits) {
    return t.Spv(Op::OpShiftLeftLogical, Type::U32, {a, Value::U32(bits)});
}

Value Shr(Translator& t, Value a, u32 bits) {
    return t.Spv(Op::OpShiftRightLogical, Type::U32, {a, Value::U32(bits)});
}

// Register `reg + index` of a register tuple (all zero for RZ).
Value TupleReg(Translator& t, u32 reg, u32 index) {
    return reg == kZeroRegister ? Value::U32(0) : t.Reg(reg + index);
}

// LDSM.16.{M88,MT88}[.2,.4] Rd, [Ra]: ldmatrix of 1, 2 or 4 8x8 matrices of b16. Lanes 8i..8i+7
// address the rows of matrix i; register i of lane l gets matrix i's row l / 4, columns
// 2 (l % 4) and 2 (l % 4) + 1 (or, transposed, that column pair of the transposed matrix:
// rows 2 (l % 4) and 2 (l % 4) + 1 of column l / 4).
void Ldsm(Translator& t) {
    const sass::ModifierName count = t.EnumName({mod::k2, mod::k4});
    if (count == mod::kUnnamedValue) {
        t.Unsupported("LDSM matrix count");
    }
    const u32 matrices = count == mod::k4 ? 4 : count == mod::k2 ? 2 : 1;
    const bool transpose = t.Has(mod::kMT88);
    const Value address = t.WindowAddress(1);
    const Value lane = Lane(t);
    // The other lanes' earlier shared-memory stores must be visible to this thread's loads.
    t.Emit(ir::Op::WarpSync, Type::Void, {});
    std::vector<Value> words;
    for (u32 i = 0; i < matrices; ++i) {
        if (!transpose) {
            const Value row = ReadLane(t, address, Add(t, Shr(t, lane, 2), Value::U32(i * 8)));
            const Value at = Add(t, row, Shl(t, And(t, lane, 3), 2));
            words.push_back(
                t.Emit(ir::Op::LoadShared, Type::U32, {at}, static_cast<u32>(MemoryWidth::B32)));
            continue;
        }
        const Value first_row = Add(t, Shl(t, And(t, lane, 3), 1), Value::U32(i * 8));
        const Value column_bytes = Shl(t, Shr(t, lane, 2), 1);
        Value halves[2];
        for (u32 h = 0; h < 2; ++h) {
            const Value row = ReadLane(t, address, Add(t, first_row, Value::U32(h)));
            halves[h] = t.Emit(ir::Op::LoadShared, Type::U32, {Add(t, row, column_bytes)},
                               static_cast<u32>(MemoryWidth::U16));
        }
        words.push_back(t.Spv(Op::OpBitwiseOr, Type::U32, {halves[0], Shl(t, halves[1], 16)}));
    }
    const u32 dst = t.DstReg(0);
    if (dst != kZeroRegister) {
        for (u32 i = 0; i < matrices; ++i) {
            t.SetReg(dst + i, words[i]);
        }
    }
}

enum class Element { F16, BF16, TF32, S8 };

u32 ElementsPerRegister(Element element) {
    switch (element) {
        case Element::F16:
        case Element::BF16:
            return 2;
        case Element::TF32:
            return 1;
        case Element::S8:
            return 4;
    }
    return 1;
}

// Element e of a fragment register: an exact F64, or for S8 the sign-extended U32.
Value ElementOf(Translator& t, Element element, Value word, u32 e) {
    switch (element) {
        case Element::F16: {
            const Value half = e == 0 ? And(t, word, 0xffff) : Shr(t, word, 16);
            return t.Spv(Op::OpFConvert, Type::F64, {HalfToF32(t, half)});
        }
        case Element::BF16: {
            const Value bits = e == 0 ? Shl(t, word, 16) : And(t, word, 0xffff0000);
            return t.Spv(Op::OpFConvert, Type::F64, {t.BitcastF32(bits)});
        }
        case Element::TF32:
            return t.Spv(Op::OpFConvert, Type::F64, {t.BitcastF32(And(t, word, 0xffffe000))});
        case Element::S8:
            return t.Spv(Op::OpBitFieldSExtract, Type::U32,
                         {word, Value::U32(e * 8), Value::U32(8)});
    }
    return word;
}

enum class Accumulator { F32, F16, S32 };

// D = A * B + C for one m16n8kK tile; operands Rd, Ra, Rb, Rc.
void MatrixMultiplyAdd(Translator& t, u32 k_size, Element element, Accumulator accumulator) {
    const u32 per_register = ElementsPerRegister(element);
    const u32 chunk = 4 * per_register;  // k values covered by one register of the four lanes
    const u32 chunks = k_size / chunk;
    const u32 a_reg = static_cast<u32>(t.Field(t.Spec(1).field));
    const u32 b_reg = static_cast<u32>(t.Field(t.Spec(2).field));
    const u32 c_reg = static_cast<u32>(t.Field(t.Spec(3).field));

    const Value lane = Lane(t);
    const Value group_base = And(t, lane, ~3u);
    const Value column_base = Shl(t, And(t, lane, 3), 3);  // lane of column 2 tid, row chunk 0
    // a[h][k], b[c][k]: the elements of this thread's rows groupID + 8 h and columns 2 tid + c.
    std::vector<Value> a[2], b[2];
    for (u32 h = 0; h < 2; ++h) {
        a[h].resize(k_size);
        b[h].resize(k_size);
    }
    for (u32 j = 0; j < 4; ++j) {
        const Value a_lane = Add(t, group_base, Value::U32(j));
        for (u32 r = 0; r < 2 * chunks; ++r) {
            const Value word = ReadLane(t, TupleReg(t, a_reg, r), a_lane);
            for (u32 e = 0; e < per_register; ++e) {
                a[r & 1][(r / 2) * chunk + j * per_register + e] = ElementOf(t, element, word, e);
            }
        }
        for (u32 c = 0; c < 2; ++c) {
            const Value b_lane = Add(t, column_base, Value::U32(c * 4 + j));
            for (u32 r = 0; r < chunks; ++r) {
                const Value word = ReadLane(t, TupleReg(t, b_reg, r), b_lane);
                for (u32 e = 0; e < per_register; ++e) {
                    b[c][r * chunk + j * per_register + e] = ElementOf(t, element, word, e);
                }
            }
        }
    }

    Value results[4];
    for (u32 i = 0; i < 4; ++i) {
        const u32 h = i / 2;
        const u32 c = i % 2;
        Value sum;
        switch (accumulator) {
            case Accumulator::F32:
                sum = t.Spv(Op::OpFConvert, Type::F64, {t.BitcastF32(TupleReg(t, c_reg, i))});
                break;
            case Accumulator::F16:
                sum = ElementOf(t, Element::F16, TupleReg(t, c_reg, h), c);
                break;
            case Accumulator::S32:
                sum = TupleReg(t, c_reg, i);
                break;
        }
        for (u32 k = 0; k < k_size; ++k) {
            if (accumulator == Accumulator::S32) {
                const Value product = t.Spv(Op::OpIMul, Type::U32, {a[h][k], b[c][k]});
                sum = t.Spv(Op::OpIAdd, Type::U32, {sum, product});
            } else {
                const Value product = t.Spv(Op::OpFMul, Type::F64, {a[h][k], b[c][k]});
                sum = t.Spv(Op::OpFAdd, Type::F64, {sum, product});
            }
        }
        results[i] = sum;
    }

    const u32 d_reg = t.DstReg(0);
    if (d_reg == kZeroRegister) {
        return;
    }
    if (accumulator == Accumulator::F16) {
        for (u32 r = 0; r < 2; ++r) {
            const Value low = F32BitsToHalf(t, RoundToOddF32Bits(t, results[2 * r]), false);
            const Value high = F32BitsToHalf(t, RoundToOddF32Bits(t, results[2 * r + 1]), false);
            t.SetReg(d_reg + r, t.Spv(Op::OpBitwiseOr, Type::U32, {low, Shl(t, high, 16)}));
        }
        return;
    }
    for (u32 i = 0; i < 4; ++i) {
        Value value = results[i];
        if (accumulator == Accumulator::F32) {
            value = t.BitcastU32(t.Spv(Op::OpFConvert, Type::F32, {value}));
        }
        t.SetReg(d_reg + i, value);
    }
}

// HMMA.{1688,16816}.{F16,F32}[.BF16,.TF32] Rd, Ra, Rb, Rc (f16 inputs without a type modifier).
void Hmma(Translator& t) {
    const sass::ModifierName shape = t.EnumName({mod::k1688, mod::k16816});
    const sass::ModifierName input = t.EnumName({mod::kBF16, mod::kTF32});
    const bool f16_accumulator = t.EnumName({mod::kF16, mod::kF32}) == mod::kF16;
    const Element element = input == mod::kBF16   ? Element::BF16
                            : input == mod::kTF32 ? Element::TF32
                                                  : Element::F16;
    if (input == mod::kUnnamedValue || (element != Element::F16 && f16_accumulator)) {
        t.Unsupported("HMMA input and accumulator types");
    }
    const u32 k_size = shape == mod::k1688 ? 8 : 16;
    if (k_size % (4 * ElementsPerRegister(element)) != 0) {
        t.Unsupported("HMMA shape for this input type");
    }
    MatrixMultiplyAdd(t, k_size, element, f16_accumulator ? Accumulator::F16 : Accumulator::F32);
}

// IMMA.16832.S8.S8 Rd, Ra.ROW, Rb.COL, Rc
void Imma(Translator& t) {
    MatrixMultiplyAdd(t, 32, Element::S8, Accumulator::S32);
}

}  // namespace

void AddTensorHandlers(HandlerTable& table) {
    table[op::kLDSM] = Ldsm;
    table[op::kHMMA] = Hmma;
    table[op::kIMMA] = Imma;
}

}  // namespace shader::frontend
