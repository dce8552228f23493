#include "shader/spirv/emitter.h"

#include <bit>

#include "base/error.h"
#include "shader/passes/module_data.h"

namespace shader::spirv {

u32 Emitter::ElementType(u32 element_words) {
    switch (element_words) {
        case kScalar64:
            return TypeId(Type::U64);
        case kByte:
            return m_.TypeUint(8);
        case kHalfWord:
            return m_.TypeUint(16);
        case kFloat32:
            return m_.TypeFloat(32);
        case 1:
            return m_.TypeUint(32);
        default:
            return m_.TypeVector(m_.TypeUint(32), element_words);
    }
}

u32 Emitter::ElementBytes(u32 element_words) {
    switch (element_words) {
        case kScalar64:
            return 8;
        case kByte:
            return 1;
        case kHalfWord:
            return 2;
        case kFloat32:
            return 4;
        default:
            return element_words * 4;
    }
}

// Devices with 8- and 16-bit storage take narrow stores as they are.
bool Emitter::StoresNarrowDirectly(MemoryWidth width) const {
    return ir::MemoryBytes(width) == 1 ? target_.storage_8bit && target_.int8
                                       : target_.storage_16bit && target_.int16;
}

// One storage buffer variable per (buffer, element type): aliases of one binding.
u32 Emitter::GlobalBuffer(u32 resource, u32 element_words) {
    const auto key = std::make_pair(resource, element_words);
    if (const auto it = global_variables_.find(key); it != global_variables_.end()) {
        return it->second;
    }
    const u32 element = ElementType(element_words);
    const u32 array = m_.TypeRuntimeArray(element);
    if (decorated_arrays_.insert(array).second) {
        m_.Decorate(array, spv::Decoration::ArrayStride, {ElementBytes(element_words)});
    }
    const u32 block = m_.TypeStruct({array});
    m_.Decorate(block, spv::Decoration::Block);
    m_.MemberDecorate(block, 0, spv::Decoration::Offset, {0});
    const u32 variable = m_.GlobalVariable(m_.TypePointer(StorageClass::StorageBuffer, block),
                                           StorageClass::StorageBuffer);
    m_.Decorate(variable, spv::Decoration::DescriptorSet, {0});
    m_.Decorate(variable, spv::Decoration::Binding, {kFirstGlobalBinding + resource});
    global_variables_[key] = variable;
    return variable;
}

// A word of a constant bank's uniform buffer at a byte offset.
u32 Emitter::ConstBankWord(u32 byte_offset_id, u32 variable) {
    const u32 index = Emit(spv::Op::OpShiftRightLogical, Type::U32, {byte_offset_id, Uint(4)});
    const u32 pointer = m_.TypePointer(StorageClass::Uniform, m_.TypeVector(m_.TypeUint(32), 4));
    const u32 element = m_.NewId();
    m_.Code(spv::Op::OpAccessChain, {pointer, element, variable, Uint(0), index});
    const u32 vector = Emit(spv::Op::OpLoad, Type::U32x4, {element});
    const u32 word =
        Emit(spv::Op::OpBitFieldUExtract, Type::U32, {byte_offset_id, Uint(2), Uint(2)});
    return Emit(spv::Op::OpVectorExtractDynamic, Type::U32, {vector, word});
}

u32 Emitter::BankVariable(const Inst& inst, u32 bank) {
    if (bank == 0 && IsCompute()) {
        return cbank0_;
    }
    const auto found = constant_banks_.find(bank);
    if (found == constant_banks_.end()) {
        Fail(inst, "constant bank " + std::to_string(bank) + " is not bound");
    }
    return found->second;
}

// Byte offset of a global address within its parameter's buffer (or the module's global
// memory, at its made-up address).
u32 Emitter::GlobalOffset(const Inst& inst) {
    const ConstantAddress address = ir_.info.global_buffers.at(inst.resource);
    u32 base = 0;
    if (address == passes::kModuleGlobalBuffer) {
        base = m_.Constant64(TypeId(Type::U64), passes::kModuleGlobalAddress);
    } else {
        const u32 bank = BankVariable(inst, address.bank);
        const u32 lo = ConstBankWord(Uint(address.offset), bank);
        const u32 hi = ConstBankWord(Uint(address.offset + 4), bank);
        const u32 pair = Emit(spv::Op::OpCompositeConstruct, Type::U32x2, {lo, hi});
        base = Emit(spv::Op::OpBitcast, Type::U64, {pair});
    }
    const u32 difference = Emit(spv::Op::OpISub, Type::U64, {IdOf(inst.args[0]), base});
    return Emit(spv::Op::OpUConvert, Type::U32, {difference});
}

u32 Emitter::GlobalPointer(u32 resource, u32 element_words, u32 byte_offset) {
    const u32 variable = GlobalBuffer(resource, element_words);
    const u32 shift = static_cast<u32>(std::countr_zero(ElementBytes(element_words)));
    const u32 index = Emit(spv::Op::OpShiftRightLogical, Type::U32, {byte_offset, Uint(shift)});
    const u32 pointer = m_.NewId();
    m_.Code(spv::Op::OpAccessChain,
            {m_.TypePointer(StorageClass::StorageBuffer, ElementType(element_words)), pointer,
             variable, Uint(0), index});
    return pointer;
}

u32 Emitter::WindowPointer(Window window, u32 byte_offset) {
    const bool local = window == Window::Local;
    if ((local ? local_ : shared_) == 0) {
        base::Fail("SPIR-V emission: {} memory used by a kernel that declares none",
                   local ? "local" : "shared");
    }
    u32 index = Emit(spv::Op::OpShiftRightLogical, Type::U32, {byte_offset, Uint(2)});
    if (local) {
        // Within the array whatever the address: a stray one reads or changes only this thread's
        // own words, as the GPU keeps it within the thread's window.
        index = Glsl(GLSLstd450UMin, Type::U32, {index, Uint(local_words_ - 1)});
    }
    const u32 pointer = m_.NewId();
    m_.Code(
        spv::Op::OpAccessChain,
        {m_.TypePointer(local ? StorageClass::Function : StorageClass::Workgroup, m_.TypeUint(32)),
         pointer, local ? local_ : shared_, index});
    return pointer;
}

// A byte or half-word out of the word it lives in.
u32 Emitter::ExtractNarrow(u32 word, u32 byte_offset, MemoryWidth width) {
    const u32 bit = Emit(spv::Op::OpShiftLeftLogical, Type::U32,
                         {Emit(spv::Op::OpBitwiseAnd, Type::U32, {byte_offset, Uint(3)}), Uint(3)});
    const bool is_signed = width == MemoryWidth::S8 || width == MemoryWidth::S16;
    const u32 bits = ir::MemoryBytes(width) * 8;
    return Emit(is_signed ? spv::Op::OpBitFieldSExtract : spv::Op::OpBitFieldUExtract, Type::U32,
                {word, bit, Uint(bits)});
}

// Narrow stores change only their bytes of the word, with two atomics, so that threads
// writing the other bytes of the same word at the same time keep theirs.
std::pair<u32, u32> Emitter::NarrowInWord(u32 byte_offset, MemoryWidth width, u32 value) {
    const u32 bit = Emit(spv::Op::OpShiftLeftLogical, Type::U32,
                         {Emit(spv::Op::OpBitwiseAnd, Type::U32, {byte_offset, Uint(3)}), Uint(3)});
    const u32 mask_bits = ir::MemoryBytes(width) == 1 ? 0xff : 0xffff;
    const u32 mask = Emit(spv::Op::OpShiftLeftLogical, Type::U32, {Uint(mask_bits), bit});
    const u32 shifted = Emit(spv::Op::OpBitwiseAnd, Type::U32,
                             {Emit(spv::Op::OpShiftLeftLogical, Type::U32, {value, bit}), mask});
    return {mask, shifted};
}

void Emitter::StoreNarrow(u32 word_pointer, u32 byte_offset, MemoryWidth width, u32 value,
                          spv::Scope scope) {
    const auto [mask, shifted] = NarrowInWord(byte_offset, width, value);
    const u32 keep = Emit(spv::Op::OpNot, Type::U32, {mask});
    const u32 scope_id = Uint(static_cast<u32>(scope));
    const u32 semantics = Uint(static_cast<u32>(spv::MemorySemanticsMask::MaskNone));
    Emit(spv::Op::OpAtomicAnd, Type::U32, {word_pointer, scope_id, semantics, keep});
    Emit(spv::Op::OpAtomicOr, Type::U32, {word_pointer, scope_id, semantics, shifted});
}

u32 Emitter::WordOffset(u32 byte_offset, u32 word) {
    return word == 0 ? byte_offset
                     : Emit(spv::Op::OpIAdd, Type::U32, {byte_offset, Uint(word * 4)});
}

u32 Emitter::LoadGlobal(const Inst& inst) {
    const auto width = static_cast<MemoryWidth>(inst.aux);
    const u32 offset = GlobalOffset(inst);
    const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
    const u32 value =
        Emit(spv::Op::OpLoad, inst.type, {GlobalPointer(inst.resource, words, offset)});
    return ir::MemoryBytes(width) < 4 ? ExtractNarrow(value, offset, width) : value;
}

void Emitter::StoreGlobal(const Inst& inst) {
    const auto width = static_cast<MemoryWidth>(inst.aux);
    const u32 offset = GlobalOffset(inst);
    const u32 value = IdOf(inst.args[1]);
    if (ir::MemoryBytes(width) < 4 && StoresNarrowDirectly(width)) {
        const bool byte = ir::MemoryBytes(width) == 1;
        m_.AddCapability(byte ? spv::Capability::Int8 : spv::Capability::Int16);
        m_.AddCapability(byte ? spv::Capability::StorageBuffer8BitAccess
                              : spv::Capability::StorageBuffer16BitAccess);
        m_.AddExtension(byte ? "SPV_KHR_8bit_storage" : "SPV_KHR_16bit_storage");
        const u32 element = byte ? kByte : kHalfWord;
        const u32 narrow = m_.NewId();
        m_.Code(spv::Op::OpUConvert, {ElementType(element), narrow, value});
        m_.Code(spv::Op::OpStore, {GlobalPointer(inst.resource, element, offset), narrow});
        return;
    }
    if (ir::MemoryBytes(width) < 4) {
        StoreNarrow(GlobalPointer(inst.resource, 1, offset), offset, width, value,
                    spv::Scope::Device);
        return;
    }
    const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
    m_.Code(spv::Op::OpStore, {GlobalPointer(inst.resource, words, offset), value});
}

u32 Emitter::LoadWindowAt(const Inst& inst, Window window, u32 offset) {
    const auto width = static_cast<MemoryWidth>(inst.aux);
    const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
    std::vector<u32> parts;
    for (u32 i = 0; i < words; ++i) {
        parts.push_back(
            Emit(spv::Op::OpLoad, Type::U32, {WindowPointer(window, WordOffset(offset, i))}));
    }
    if (words > 1) {
        return Emit(spv::Op::OpCompositeConstruct, inst.type, parts);
    }
    return ir::MemoryBytes(width) < 4 ? ExtractNarrow(parts[0], offset, width) : parts[0];
}

void Emitter::StoreWindowAt(const Inst& inst, Window window, u32 offset) {
    const auto width = static_cast<MemoryWidth>(inst.aux);
    const u32 value = IdOf(inst.args[1]);
    if (ir::MemoryBytes(width) < 4 && window == Window::Shared) {
        StoreNarrow(WindowPointer(window, offset), offset, width, value, spv::Scope::Workgroup);
        return;
    }
    if (ir::MemoryBytes(width) < 4) {
        // Only this thread has its local memory: the word is read, changed and written back.
        const u32 pointer = WindowPointer(window, offset);
        const auto [mask, shifted] = NarrowInWord(offset, width, value);
        const u32 kept = Emit(
            spv::Op::OpBitwiseAnd, Type::U32,
            {Emit(spv::Op::OpLoad, Type::U32, {pointer}), Emit(spv::Op::OpNot, Type::U32, {mask})});
        m_.Code(spv::Op::OpStore,
                {pointer, Emit(spv::Op::OpBitwiseOr, Type::U32, {kept, shifted})});
        return;
    }
    const u32 words = width == MemoryWidth::B128 ? 4 : width == MemoryWidth::B64 ? 2 : 1;
    for (u32 i = 0; i < words; ++i) {
        const u32 part =
            words == 1 ? value : Emit(spv::Op::OpCompositeExtract, Type::U32, {value, i});
        m_.Code(spv::Op::OpStore, {WindowPointer(window, WordOffset(offset, i)), part});
    }
}

}  // namespace shader::spirv
