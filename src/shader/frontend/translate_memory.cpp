// Loads and stores of global, shared, local and constant memory.
#include "shader/frontend/translator.h"

namespace shader::frontend {
namespace {

using ir::MemoryWidth;
using ir::Type;
using ir::Value;
using spv::Op;

Type LoadType(MemoryWidth width) {
    switch (width) {
        case MemoryWidth::B64:
            return Type::U32x2;
        case MemoryWidth::B128:
            return Type::U32x4;
        default:
            return Type::U32;
    }
}

u32 RegisterCount(MemoryWidth width) {
    return width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
}

void WriteLoaded(Translator& t, std::size_t dst_operand, MemoryWidth width, Value loaded) {
    const u32 count = RegisterCount(width);
    const u32 reg = t.DstReg(dst_operand);
    if (count == 1) {
        t.SetReg(reg, loaded);
        return;
    }
    if (reg == kZeroRegister) {
        return;
    }
    for (u32 i = 0; i < count; ++i) {
        t.SetReg(reg + i, t.Emit(ir::Op::Extract, Type::U32, {loaded, Value::U32(i)}));
    }
}

Value StoredValue(Translator& t, std::size_t operand, MemoryWidth width) {
    const u32 count = RegisterCount(width);
    const u32 reg = static_cast<u32>(t.Field(t.Spec(operand).field));
    if (count == 1) {
        return t.Reg(reg);
    }
    std::vector<Value> parts;
    for (u32 i = 0; i < count; ++i) {
        parts.push_back(reg == kZeroRegister ? Value::U32(0) : t.Reg(reg + i));
    }
    return t.Emit(ir::Op::Construct, LoadType(width), std::move(parts));
}

void Ldg(Translator& t) {
    const MemoryWidth width = MemoryWidthOf(t);
    const Value loaded =
        t.Emit(ir::Op::LoadGlobal, LoadType(width), {t.GlobalAddress(2)}, static_cast<u32>(width));
    WriteLoaded(t, 1, width, loaded);
}

void Stg(Translator& t) {
    const MemoryWidth width = MemoryWidthOf(t);
    t.Emit(ir::Op::StoreGlobal, Type::Void, {t.GlobalAddress(0), StoredValue(t, 1, width)},
           static_cast<u32>(width));
}

// LDS / LDL Rd, [Ra + offset] and STS / STL [Ra + offset], Rb: shared memory and the thread's
// local memory, both addressed by 32-bit offsets into their window.
template <ir::Op kLoad>
void LoadWindow(Translator& t) {
    const MemoryWidth width = MemoryWidthOf(t);
    const Value loaded =
        t.Emit(kLoad, LoadType(width), {t.WindowAddress(1)}, static_cast<u32>(width));
    WriteLoaded(t, 0, width, loaded);
}

template <ir::Op kStore>
void StoreWindow(Translator& t) {
    const MemoryWidth width = MemoryWidthOf(t);
    t.Emit(kStore, Type::Void, {t.WindowAddress(0), StoredValue(t, 1, width)},
           static_cast<u32>(width));
}

// LDGSTS[.64|.128] [Rs], [Ra.64]: CUDA's cp.async, a copy from global to shared memory that
// completes asynchronously; LDGDEPBAR and DEPBAR wait for it before the copied words are
// read. Done here as a load and a store at the LDGSTS: the copy is then complete before any
// later read, which the wait guarantees anyway. The optional trailing predicate (printed only
// when it is not PT) is not translated: what its false value does (skip the copy, or write
// zeros with .ZFILL) is not established; with PT, .ZFILL copies like the plain form.
void Ldgsts(Translator& t) {
    const sass::OperandSpec& predicate = t.Spec(2);
    if (t.Field(predicate.field) != kTruePredicate || t.Flag(predicate.invert)) {
        t.Unsupported("LDGSTS with a source predicate");
    }
    const MemoryWidth width = MemoryWidthOf(t);
    const Value loaded =
        t.Emit(ir::Op::LoadGlobal, LoadType(width), {t.GlobalAddress(1)}, static_cast<u32>(width));
    t.Emit(ir::Op::StoreShared, Type::Void, {t.WindowAddress(0), loaded}, static_cast<u32>(width));
}

// LDC[.64] Rd, c[bank][R+offset] and ULDC[.64] URd, c[bank][offset].
void LoadConstant(Translator& t) {
    const MemoryWidth width = MemoryWidthOf(t);
    if (width == MemoryWidth::B64) {
        t.WriteDst64(0, t.Int64(1));
    } else if (width == MemoryWidth::B32) {
        t.WriteDst(0, t.Raw(1));
    } else {
        t.Unsupported("narrow constant loads");
    }
}

}  // namespace

MemoryWidth MemoryWidthOf(Translator& t) {
    const sass::ModifierName name = t.EnumName({mod::kU8, mod::k128});
    static constexpr std::pair<sass::ModifierName, MemoryWidth> kWidths[] = {
        {mod::kU8, MemoryWidth::U8},          {mod::kS8, MemoryWidth::S8},
        {mod::kU16, MemoryWidth::U16},        {mod::kS16, MemoryWidth::S16},
        {mod::kNotPrinted, MemoryWidth::B32}, {mod::k64, MemoryWidth::B64},
        {mod::k128, MemoryWidth::B128}};
    for (const auto& [text, width] : kWidths) {
        if (text == name) {
            return width;
        }
    }
    t.Unsupported("memory width ." + std::string(name.text));
}

void AddMemoryHandlers(HandlerTable& table) {
    table[op::kLDG] = Ldg;
    table[op::kSTG] = Stg;
    table[op::kLDS] = LoadWindow<ir::Op::LoadShared>;
    table[op::kSTS] = StoreWindow<ir::Op::StoreShared>;
    table[op::kLDL] = LoadWindow<ir::Op::LoadLocal>;
    table[op::kSTL] = StoreWindow<ir::Op::StoreLocal>;
    table[op::kLDGSTS] = Ldgsts;
    table[op::kLDC] = LoadConstant;
    table[op::kULDC] = LoadConstant;
}

}  // namespace shader::frontend
