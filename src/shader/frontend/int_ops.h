#pragma once

// Short names for the integer and boolean IR operations the exact float code is written in.
// Binary operations take their result type from the first operand (U32 or U64); shift amounts
// may be U32 for U64 values.
#include "shader/frontend/translator.h"

namespace shader::frontend {

class IntOps {
public:
    explicit IntOps(Translator& t) : t_(t) {}

    using Value = ir::Value;

    Value Add(Value a, Value b) { return Same(spv::Op::OpIAdd, a, b); }
    Value Sub(Value a, Value b) { return Same(spv::Op::OpISub, a, b); }
    Value Mul(Value a, Value b) { return Same(spv::Op::OpIMul, a, b); }
    Value And(Value a, Value b) { return Same(spv::Op::OpBitwiseAnd, a, b); }
    Value Or(Value a, Value b) { return Same(spv::Op::OpBitwiseOr, a, b); }
    Value Xor(Value a, Value b) { return Same(spv::Op::OpBitwiseXor, a, b); }
    Value Shl(Value a, Value bits) { return Same(spv::Op::OpShiftLeftLogical, a, bits); }
    Value Shr(Value a, Value bits) { return Same(spv::Op::OpShiftRightLogical, a, bits); }
    Value Shl(Value a, u32 bits) { return Shl(a, Value::U32(bits)); }
    Value Shr(Value a, u32 bits) { return Shr(a, Value::U32(bits)); }
    Value UMin(Value a, Value b) { return t_.Glsl(GLSLstd450UMin, a.GetType(), {a, b}); }
    Value UMax(Value a, Value b) { return t_.Glsl(GLSLstd450UMax, a.GetType(), {a, b}); }
    Value SMin(Value a, Value b) { return t_.Glsl(GLSLstd450SMin, a.GetType(), {a, b}); }
    Value SMax(Value a, Value b) { return t_.Glsl(GLSLstd450SMax, a.GetType(), {a, b}); }
    // The index of the highest set bit of a U32, or 0xffffffff for zero.
    Value Msb32(Value a) { return t_.Glsl(GLSLstd450FindUMsb, ir::Type::U32, {a}); }

    Value Eq(Value a, Value b) { return Test(spv::Op::OpIEqual, a, b); }
    Value Ne(Value a, Value b) { return Test(spv::Op::OpINotEqual, a, b); }
    Value ULt(Value a, Value b) { return Test(spv::Op::OpULessThan, a, b); }
    Value UGt(Value a, Value b) { return Test(spv::Op::OpUGreaterThan, a, b); }
    Value UGe(Value a, Value b) { return Test(spv::Op::OpUGreaterThanEqual, a, b); }
    Value SLt(Value a, Value b) { return Test(spv::Op::OpSLessThan, a, b); }
    Value SGt(Value a, Value b) { return Test(spv::Op::OpSGreaterThan, a, b); }
    Value SGe(Value a, Value b) { return Test(spv::Op::OpSGreaterThanEqual, a, b); }

    Value LAnd(Value a, Value b) { return Test(spv::Op::OpLogicalAnd, a, b); }
    Value LOr(Value a, Value b) { return Test(spv::Op::OpLogicalOr, a, b); }
    Value LEq(Value a, Value b) { return Test(spv::Op::OpLogicalEqual, a, b); }
    Value LNe(Value a, Value b) { return Test(spv::Op::OpLogicalNotEqual, a, b); }
    Value LNot(Value a) { return t_.Spv(spv::Op::OpLogicalNot, ir::Type::Bool, {a}); }
    Value Select(Value condition, Value a, Value b) {
        return t_.Spv(spv::Op::OpSelect, a.GetType(), {condition, a, b});
    }
    // 0 or 1 of the type of `like`.
    Value Bit(Value condition, Value like) {
        const bool wide = like.GetType() == ir::Type::U64;
        return Select(condition, wide ? Value::U64(1) : Value::U32(1),
                      wide ? Value::U64(0) : Value::U32(0));
    }

    Value Lo(Value a) { return t_.Lo(a); }
    Value Hi(Value a) { return t_.Hi(a); }
    Value Pack(Value lo, Value hi) { return t_.Pack64(lo, hi); }
    Value Widen(Value a) { return t_.Spv(spv::Op::OpUConvert, ir::Type::U64, {a}); }

    Translator& T() { return t_; }

private:
    Value Same(spv::Op op, Value a, Value b) { return t_.Spv(op, a.GetType(), {a, b}); }
    Value Test(spv::Op op, Value a, Value b) { return t_.Spv(op, ir::Type::Bool, {a, b}); }

    Translator& t_;
};

}  // namespace shader::frontend
