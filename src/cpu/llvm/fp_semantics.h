#pragma once

// IEEE 754 binary32/binary64 classification and the A64 NaN rules on the bits of values, as
// integers (iN, or vectors of them: lanes of a SIMD register). From the Arm ARM's pseudocode
// (shared/functions/float: FPUnpack, FPProcessNaN(s), FPProcessNaNs3, FPDefaultNaN).

#include <initializer_list>

#include <llvm/IR/IRBuilder.h>

#include "base/types.h"

namespace cpu::llvm_tier::fp {

using llvm::Value;
using Builder = llvm::IRBuilder<>;

// 32 or 64: the width of one number in bits.
inline unsigned Width(Value* bits) {
    return bits->getType()->getScalarSizeInBits();
}
inline Value* Constant(Value* like, u64 value) {
    return llvm::ConstantInt::get(like->getType(), value);
}
inline u64 SignBit(unsigned width) {
    return u64{1} << (width - 1);
}
inline u64 ExponentMask(unsigned width) {
    return width == 32 ? 0x7f800000u : 0x7ff0000000000000ull;
}
inline u64 QuietBit(unsigned width) {
    return width == 32 ? 0x00400000u : 0x0008000000000000ull;
}

// float/double (or vectors of them) for bits of that width, and back.
inline llvm::Type* FloatTypeFor(Builder& b, llvm::Type* bits_type) {
    llvm::Type* scalar = bits_type->getScalarSizeInBits() == 32 ? b.getFloatTy() : b.getDoubleTy();
    if (auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(bits_type)) {
        return llvm::FixedVectorType::get(scalar, vector->getNumElements());
    }
    return scalar;
}
inline Value* ToFloat(Builder& b, Value* bits) {
    return b.CreateBitCast(bits, FloatTypeFor(b, bits->getType()));
}
inline Value* ToBits(Builder& b, Value* number) {
    llvm::Type* type = number->getType();
    if (auto* vector = llvm::dyn_cast<llvm::VectorType>(type)) {
        return b.CreateBitCast(number, llvm::VectorType::getInteger(vector));
    }
    return b.CreateBitCast(number, b.getIntNTy(type->getPrimitiveSizeInBits()));
}

inline Value* Magnitude(Builder& b, Value* bits) {
    return b.CreateAnd(bits, Constant(bits, SignBit(Width(bits)) - 1));
}
inline Value* IsNaN(Builder& b, Value* bits) {
    return b.CreateICmpUGT(Magnitude(b, bits), Constant(bits, ExponentMask(Width(bits))));
}
inline Value* IsSignallingNaN(Builder& b, Value* bits) {
    Value* quiet_clear =
        b.CreateICmpEQ(b.CreateAnd(bits, Constant(bits, QuietBit(Width(bits)))), Constant(bits, 0));
    return b.CreateAnd(IsNaN(b, bits), quiet_clear);
}
inline Value* IsZero(Builder& b, Value* bits) {
    return b.CreateICmpEQ(Magnitude(b, bits), Constant(bits, 0));
}
inline Value* IsInfinity(Builder& b, Value* bits) {
    return b.CreateICmpEQ(Magnitude(b, bits), Constant(bits, ExponentMask(Width(bits))));
}
inline Value* Quiet(Builder& b, Value* bits) {
    return b.CreateOr(bits, Constant(bits, QuietBit(Width(bits))));
}
inline Value* Negate(Builder& b, Value* bits) {
    return b.CreateXor(bits, Constant(bits, SignBit(Width(bits))));
}
// FPDefaultNaN: sign 0, exponent all ones, only the quiet bit of the fraction.
inline Value* DefaultNaN(Value* like) {
    const unsigned width = Width(like);
    return Constant(like, ExponentMask(width) | QuietBit(width));
}
inline Value* AnyOf(Builder& b, std::initializer_list<Value*> conditions) {
    Value* result = nullptr;
    for (Value* condition : conditions) {
        result = result == nullptr ? condition : b.CreateOr(result, condition);
    }
    return result;
}

// FPProcessNaNs(3): the first signalling NaN quieted, else the first quiet NaN; meaningful
// where one operand is a NaN.
inline Value* ProcessNaNs(Builder& b, std::initializer_list<Value*> operands) {
    Value* result = nullptr;
    // Built from the last choice to the first: quiet NaNs in reverse order, then signalling.
    for (auto it = std::rbegin(operands); it != std::rend(operands); ++it) {
        result = result == nullptr ? *it : b.CreateSelect(IsNaN(b, *it), *it, result);
    }
    for (auto it = std::rbegin(operands); it != std::rend(operands); ++it) {
        result = b.CreateSelect(IsSignallingNaN(b, *it), Quiet(b, *it), result);
    }
    return result;
}

// A signed integer that orders numbers (not NaNs) as their values do, -0 just below +0.
inline Value* OrderKey(Builder& b, Value* bits) {
    Value* negative = b.CreateAShr(bits, Constant(bits, Width(bits) - 1));
    return b.CreateXor(bits, b.CreateLShr(negative, Constant(bits, 1)));
}

}  // namespace cpu::llvm_tier::fp
