#pragma once

#include <bit>

#include "base/types.h"
#include "shader/ir/type.h"

namespace shader::ir {

struct Inst;

// An operand: the result of an instruction or an immediate of a type.
class Value {
public:
    Value() = default;
    explicit Value(Inst* inst) : inst_(inst) {}

    static Value Imm(Type type, u64 bits) {
        Value value;
        value.type_ = type;
        value.bits_ = bits;
        return value;
    }
    static Value U32(u32 v) { return Imm(Type::U32, v); }
    static Value U64(u64 v) { return Imm(Type::U64, v); }
    static Value Bool(bool v) { return Imm(Type::Bool, v ? 1 : 0); }
    static Value F32(float v) { return Imm(Type::F32, std::bit_cast<u32>(v)); }
    static Value F64(double v) { return Imm(Type::F64, std::bit_cast<u64>(v)); }

    bool IsEmpty() const { return inst_ == nullptr && type_ == Type::Void; }
    bool IsImmediate() const { return inst_ == nullptr && type_ != Type::Void; }
    // The defining instruction, past any Identity left by a replacement; null for immediates.
    Inst* Def() const;
    // This value with Identity chains followed.
    Value Resolve() const;
    Type GetType() const;
    u64 Bits() const { return bits_; }
    bool operator==(const Value& other) const {
        return inst_ == other.inst_ && type_ == other.type_ && bits_ == other.bits_;
    }

private:
    Inst* inst_ = nullptr;
    Type type_ = Type::Void;
    u64 bits_ = 0;
};

}  // namespace shader::ir
