#include "shader/frontend/translator.h"

#include <algorithm>

#include "base/error.h"

namespace shader::frontend {

using ir::Op;
using ir::Type;
using ir::Value;
using sass::OperandKind;

// A constant bank the environment fixes (ptxas' constants in a cubin's bank 2) is read at
// translation time.
Value Translator::FixedConstant(u32 bank, s64 offset) const {
    const std::optional<u32> word =
        offset < 0 ? std::nullopt : env_.ReadConstantBank(bank, static_cast<u32>(offset));
    if (!word) {
        Unsupported(fmt::format("c[{:#x}] offset {} outside the bytes of that bank", bank, offset));
    }
    return Value::U32(*word);
}

void Translator::Begin(ir::Block* block, const sass::Instruction& inst, u64 offset) {
    block_ = block;
    inst_ = &inst;
    offset_ = offset;
    guard_ = {};
}

void Translator::Unsupported(std::string_view what) const {
    base::Fail("{}: instruction at {:#06x} ({}) cannot be translated: {}", env_.Name(), offset_,
               sass::Disassemble(*inst_, {.address = offset_}), what);
}

Value Translator::Emit(Op op, Type type, std::vector<Value> args, u32 aux, u32 aux2) {
    ir::Inst* inst = program_.NewInst(op, type, std::move(args), aux, aux2);
    inst->block = block_;
    inst->sass_offset = offset_;
    block_->insts.push_back(inst);
    return Value(inst);
}

Value Translator::Conditional(Value use_slow, Value fast, const std::function<Value()>& slow) {
    const u32 variable = next_scratch_variable_++;
    const Type type = fast.GetType();
    ssa_.Write(variable, block_, fast);
    ir::Block* slow_block = program_.NewBlock(offset_);
    ir::Block* after = program_.NewBlock(offset_);
    block_->end.kind = ir::Terminator::Kind::Branch;
    block_->end.condition = use_slow;
    block_->end.targets[0] = slow_block;
    block_->end.targets[1] = after;
    block_ = slow_block;
    const Value slow_value = slow();
    ssa_.Write(variable, block_, slow_value);
    block_->end.kind = ir::Terminator::Kind::Jump;
    block_->end.targets[0] = after;
    block_ = after;
    return ssa_.Read(variable, type, after);
}

Value Translator::BitcastF32(Value value) {
    if (value.IsImmediate()) {
        return Value::Imm(Type::F32, value.Bits());
    }
    return Spv(spv::Op::OpBitcast, Type::F32, {value});
}

Value Translator::BitcastU32(Value value) {
    if (value.IsImmediate()) {
        return Value::Imm(Type::U32, value.Bits());
    }
    return Spv(spv::Op::OpBitcast, Type::U32, {value});
}

Value Translator::Pack64(Value lo, Value hi) {
    return Emit(Op::Pack64, Type::U64, {lo, hi});
}

Value Translator::Lo(Value value) {
    return Emit(Op::Unpack64Lo, Type::U32, {value});
}

Value Translator::Hi(Value value) {
    return Emit(Op::Unpack64Hi, Type::U32, {value});
}

Value Translator::ConstBank(u32 bank, Value byte_offset) {
    return Emit(Op::ConstBank, Type::U32, {Value::U32(bank), byte_offset});
}

Value Translator::ReadVar(u32 variable, Type type) {
    return ssa_.Read(variable, type, block_);
}

void Translator::WriteVar(u32 variable, Type type, Value value) {
    if (!guard_.IsEmpty()) {
        const Value old = ssa_.Read(variable, type, block_);
        value = Spv(spv::Op::OpSelect, type, {guard_, value, old});
    }
    ssa_.Write(variable, block_, value);
}

Value Translator::Reg(u32 reg) {
    return reg == kZeroRegister ? Value::U32(0) : ReadVar(reg, Type::U32);
}

void Translator::SetReg(u32 reg, Value value) {
    if (reg != kZeroRegister) {
        WriteVar(reg, Type::U32, value);
    }
}

Value Translator::Reg64(u32 reg) {
    if (reg == kZeroRegister) {
        return Value::U64(0);
    }
    return Pack64(Reg(reg), Reg(reg + 1));
}

void Translator::SetReg64(u32 reg, Value value) {
    if (reg == kZeroRegister) {
        return;
    }
    SetReg(reg, Lo(value));
    SetReg(reg + 1, Hi(value));
}

Value Translator::UniformReg(u32 reg) {
    return reg == kZeroUniformRegister ? Value::U32(0) : ReadVar(kUniformBase + reg, Type::U32);
}

void Translator::SetUniformReg(u32 reg, Value value) {
    if (reg != kZeroUniformRegister) {
        WriteVar(kUniformBase + reg, Type::U32, value);
    }
}

Value Translator::Pred(u32 pred) {
    return pred == kTruePredicate ? Value::Bool(true) : ReadVar(kPredicateBase + pred, Type::Bool);
}

void Translator::SetPred(u32 pred, Value value) {
    if (pred != kTruePredicate) {
        WriteVar(kPredicateBase + pred, Type::Bool, value);
    }
}

Value Translator::UniformPred(u32 pred) {
    return pred == kTruePredicate ? Value::Bool(true)
                                  : ReadVar(kUniformPredicateBase + pred, Type::Bool);
}

void Translator::SetUniformPred(u32 pred, Value value) {
    if (pred != kTruePredicate) {
        WriteVar(kUniformPredicateBase + pred, Type::Bool, value);
    }
}

Value Translator::ConditionFlag(CcFlag flag) {
    return ReadVar(kConditionCodeBase + static_cast<u32>(flag), Type::Bool);
}

void Translator::SetConditionFlag(CcFlag flag, Value value) {
    WriteVar(kConditionCodeBase + static_cast<u32>(flag), Type::Bool, value);
}

Value Translator::BarrierResult() {
    return ReadVar(kBarrierResultVariable, Type::U32);
}

void Translator::SetBarrierResult(Value value) {
    WriteVar(kBarrierResultVariable, Type::U32, value);
}

const sass::OperandSpec& Translator::Spec(std::size_t index) const {
    if (index >= inst_->form->operands.size()) {
        Unsupported("operand " + std::to_string(index) + " missing from the form");
    }
    return inst_->form->operands[index];
}

u32 Translator::DstReg(std::size_t index) const {
    return static_cast<u32>(Field(Spec(index).field));
}

u64 Translator::Immediate(std::size_t index) const {
    const sass::OperandSpec& spec = Spec(index);
    const sass::Field& field = inst_->form->fields[static_cast<std::size_t>(spec.field)];
    const u64 value = Field(spec.field);
    switch (spec.kind) {
        case OperandKind::HexImmediate:
            if (spec.f2 >= 0) {
                return value | Field(spec.f2) << field.width;
            }
            return value * spec.scale;
        case OperandKind::SignedImmediate:
            // Maxwell's 20-bit ALU immediates are split (sign bit 56).
            return static_cast<u64>(
                sass::SignExtend(inst_->RawImmediate(spec), inst_->ImmediateWidth(spec)) *
                spec.scale);
        case OperandKind::Float32:
            // Maxwell's keep only the top bits of the f32.
            return inst_->Immediate(spec);
        case OperandKind::Float64High:
            return inst_->Immediate(spec) << 32;
        case OperandKind::Half:
            return inst_->Immediate(spec);
        default:
            Unsupported("operand " + std::to_string(index) + " is not an immediate");
    }
}

Value Translator::ConstantWord(const sass::OperandSpec& spec, s64 extra) {
    if (spec.f4 >= 0) {
        Unsupported("constant bank selected by a uniform register");
    }
    const sass::Field& field = inst_->form->fields[static_cast<std::size_t>(spec.field)];
    const s64 offset = sass::SignExtend(Field(spec.field), field.width) * spec.scale + extra;
    const u32 bank = static_cast<u32>(Field(spec.f2));
    const bool indexed = spec.f3 >= 0 && Field(spec.f3) != kZeroRegister;
    if (env_.FixesConstantBank(bank) && !indexed) {
        return FixedConstant(bank, offset);
    }
    Value address = Value::U32(static_cast<u32>(offset));
    if (indexed) {
        address = Spv(spv::Op::OpIAdd, Type::U32, {Reg(static_cast<u32>(Field(spec.f3))), address});
    }
    return ConstBank(bank, address);
}

s64 Translator::MemoryOffset(const sass::OperandSpec& spec) const {
    if (spec.f2 < 0) {
        return 0;  // a form without an offset field
    }
    const u64 raw = Field(spec.f2);
    if (spec.offset_unsigned) {
        return static_cast<s64>(raw);
    }
    return sass::SignExtend(raw, inst_->form->fields[static_cast<std::size_t>(spec.f2)].width);
}

void Translator::CheckPlainAddress(const sass::OperandSpec& spec) const {
    if (spec.f3 >= 0 && Field(spec.f3) != kZeroUniformRegister) {
        Unsupported("a uniform register in a memory address");
    }
}

Value Translator::GlobalAddress(std::size_t operand) {
    const sass::OperandSpec& spec = Spec(operand);
    CheckPlainAddress(spec);
    const u32 base = static_cast<u32>(Field(spec.field));
    const Value offset = Value::U64(static_cast<u64>(MemoryOffset(spec)));
    if (base == kZeroRegister) {
        return offset;
    }
    return Spv(spv::Op::OpIAdd, Type::U64, {Reg64(base), offset});
}

Value Translator::WindowAddress(std::size_t operand) {
    const sass::OperandSpec& spec = Spec(operand);
    CheckPlainAddress(spec);
    const u32 base = static_cast<u32>(Field(spec.field));
    const Value offset = Value::U32(static_cast<u32>(MemoryOffset(spec)));
    if (base == kZeroRegister) {
        return offset;
    }
    Value address = Reg(base);
    // [R.X4], [R.X8], [R.X16]: the register counts elements of that many bytes.
    if (spec.suffix >= 0 && Field(spec.suffix) != 0) {
        const u32 shift = static_cast<u32>(Field(spec.suffix)) + 1;
        address = Spv(spv::Op::OpShiftLeftLogical, Type::U32, {address, Value::U32(shift)});
    }
    return Spv(spv::Op::OpIAdd, Type::U32, {address, offset});
}

Value Translator::Raw(std::size_t index) {
    const sass::OperandSpec& spec = Spec(index);
    switch (spec.kind) {
        case OperandKind::Register:
            return Reg(static_cast<u32>(Field(spec.field)));
        case OperandKind::UniformRegister:
            return UniformReg(static_cast<u32>(Field(spec.field)));
        case OperandKind::HexImmediate:
        case OperandKind::SignedImmediate:
        case OperandKind::Float32:
        case OperandKind::Half:  // the f16's bits in the low half
            return Value::U32(static_cast<u32>(Immediate(index)));
        case OperandKind::ConstantBuffer:
            return ConstantWord(spec, 0);
        default:
            Unsupported("operand " + std::to_string(index) + " is not a 32-bit value");
    }
}

Value Translator::Int(std::size_t index) {
    const sass::OperandSpec& spec = Spec(index);
    Value value = Raw(index);
    if (Flag(spec.negate)) {
        value = Spv(spv::Op::OpSNegate, Type::U32, {value});
    }
    if (Flag(spec.invert)) {
        value = Spv(spv::Op::OpNot, Type::U32, {value});
    }
    return value;
}

Value Translator::Float(std::size_t index) {
    const sass::OperandSpec& spec = Spec(index);
    Value value = BitcastF32(Raw(index));
    if (Flag(spec.absolute)) {
        value = Glsl(GLSLstd450FAbs, Type::F32, {value});
    }
    if (Flag(spec.negate)) {
        value = Spv(spv::Op::OpFNegate, Type::F32, {value});
    }
    return value;
}

Value Translator::Int64(std::size_t index) {
    const sass::OperandSpec& spec = Spec(index);
    switch (spec.kind) {
        case OperandKind::Register:
            return Reg64(static_cast<u32>(Field(spec.field)));
        case OperandKind::UniformRegister: {
            const u32 reg = static_cast<u32>(Field(spec.field));
            if (reg == kZeroUniformRegister) {
                return Value::U64(0);
            }
            return Pack64(UniformReg(reg), UniformReg(reg + 1));
        }
        case OperandKind::ConstantBuffer:
            return Pack64(ConstantWord(spec, 0), ConstantWord(spec, 4));
        case OperandKind::HexImmediate:
        case OperandKind::SignedImmediate:
            return Value::U64(Immediate(index));
        default:
            Unsupported("operand " + std::to_string(index) + " is not a 64-bit value");
    }
}

Value Translator::Double(std::size_t index) {
    const sass::OperandSpec& spec = Spec(index);
    Value value = spec.kind == OperandKind::Float64High
                      ? Value::Imm(Type::F64, Immediate(index))
                      : Spv(spv::Op::OpBitcast, Type::F64, {Int64(index)});
    if (Flag(spec.absolute)) {
        value = Glsl(GLSLstd450FAbs, Type::F64, {value});
    }
    if (Flag(spec.negate)) {
        value = Spv(spv::Op::OpFNegate, Type::F64, {value});
    }
    return value;
}

Value Translator::Predicate(std::size_t index) {
    const sass::OperandSpec& spec = Spec(index);
    const u32 number = static_cast<u32>(Field(spec.field));
    Value value = spec.kind == OperandKind::UniformPredicate ? UniformPred(number) : Pred(number);
    if (Flag(spec.invert)) {
        value = Spv(spv::Op::OpLogicalNot, Type::Bool, {value});
    }
    return value;
}

void Translator::WriteDst(std::size_t index, Value value) {
    const sass::OperandSpec& spec = Spec(index);
    const u32 number = static_cast<u32>(Field(spec.field));
    switch (spec.kind) {
        case OperandKind::Register:
            SetReg(number, value);
            return;
        case OperandKind::UniformRegister:
            SetUniformReg(number, value);
            return;
        case OperandKind::Predicate:
            SetPred(number, value);
            return;
        case OperandKind::UniformPredicate:
            SetUniformPred(number, value);
            return;
        default:
            Unsupported("destination operand " + std::to_string(index) + " is not a register");
    }
}

void Translator::WriteDst64(std::size_t index, Value value) {
    const sass::OperandSpec& spec = Spec(index);
    const u32 number = static_cast<u32>(Field(spec.field));
    if (spec.kind == OperandKind::UniformRegister) {
        if (number != kZeroUniformRegister) {
            SetUniformReg(number, Lo(value));
            SetUniformReg(number + 1, Hi(value));
        }
        return;
    }
    SetReg64(number, value);
}

bool Translator::Has(sass::ModifierName name) const {
    for (const sass::Modifier& modifier : inst_->form->modifiers) {
        switch (modifier.kind) {
            case sass::ModifierKind::Literal:
                if (modifier.names[0] == name.text) {
                    return true;
                }
                break;
            case sass::ModifierKind::Flag:
                if (modifier.names[0] == name.text && Field(modifier.field) != 0) {
                    return true;
                }
                break;
            case sass::ModifierKind::Enum:
                if (modifier.names[Field(modifier.field)] == name.text) {
                    return true;
                }
                break;
            default:
                break;
        }
    }
    return false;
}

sass::ModifierName Translator::EnumName(std::initializer_list<sass::ModifierName> any_of) const {
    for (const sass::Modifier& modifier : inst_->form->modifiers) {
        if (modifier.kind != sass::ModifierKind::Enum) {
            continue;
        }
        const bool matches = std::any_of(any_of.begin(), any_of.end(), [&](sass::ModifierName n) {
            return std::find(modifier.names.begin(), modifier.names.end(), n.text) !=
                   modifier.names.end();
        });
        if (matches) {
            return sass::ModifierName{modifier.names[Field(modifier.field)]};
        }
    }
    return mod::kNotPrinted;
}

const HandlerTable& Handlers() {
    static const HandlerTable table = [] {
        HandlerTable handlers;
        AddIntegerHandlers(handlers);
        AddFloatHandlers(handlers);
        AddConversionHandlers(handlers);
        AddHalfHandlers(handlers);
        AddMemoryHandlers(handlers);
        AddMoveHandlers(handlers);
        AddWarpHandlers(handlers);
        AddAtomicHandlers(handlers);
        AddTensorHandlers(handlers);
        AddTextureHandlers(handlers);
        AddGraphicsHandlers(handlers);
        // The uniform datapath's forms have the operand layout of their vector twins; the
        // operand helpers read and write uniform registers and predicates by operand kind.
        for (const auto& [uniform, vector] : {std::pair{op::kUIADD3, op::kIADD3},
                                              {op::kULOP3, op::kLOP3},
                                              {op::kUSHF, op::kSHF},
                                              {op::kUFLO, op::kFLO}}) {
            handlers[uniform] = handlers.at(vector);
        }
        return handlers;
    }();
    return table;
}

}  // namespace shader::frontend
