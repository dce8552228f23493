#include "shader/spirv/module.h"

#include <algorithm>
#include <string>

#include "base/error.h"

namespace shader::spirv {

void Module::Append(std::vector<u32>& out, spv::Op op, std::span<const u32> operands) {
    const std::size_t at = out.size();
    out.resize(at + 1 + operands.size());
    out[at] = static_cast<u32>(operands.size() + 1) << 16 | static_cast<u32>(op);
    std::copy(operands.begin(), operands.end(), out.begin() + static_cast<std::ptrdiff_t>(at + 1));
}

void Module::CodeResult(spv::Op op, u32 type, u32 id, std::span<const u32> operands) {
    const std::size_t at = code_.size();
    code_.resize(at + 3 + operands.size());
    code_[at] = static_cast<u32>(operands.size() + 3) << 16 | static_cast<u32>(op);
    code_[at + 1] = type;
    code_[at + 2] = id;
    std::copy(operands.begin(), operands.end(),
              code_.begin() + static_cast<std::ptrdiff_t>(at + 3));
}

std::vector<u32> Module::StringWords(std::string_view text) {
    std::vector<u32> words(text.size() / 4 + 1, 0);
    for (std::size_t i = 0; i < text.size(); ++i) {
        words[i / 4] |= static_cast<u32>(static_cast<u8>(text[i])) << (i % 4 * 8);
    }
    return words;
}

void Module::AddCapability(spv::Capability capability) {
    if (std::find(capability_list_.begin(), capability_list_.end(), capability) !=
        capability_list_.end()) {
        return;
    }
    capability_list_.push_back(capability);
    Append(capabilities_, spv::Op::OpCapability, {static_cast<u32>(capability)});
}

void Module::AddExtension(std::string_view name) {
    if (std::find(extension_list_.begin(), extension_list_.end(), name) != extension_list_.end()) {
        return;
    }
    extension_list_.emplace_back(name);
    Append(extensions_, spv::Op::OpExtension, StringWords(name));
}

u32 Module::GlslImport() {
    if (glsl_ == 0) {
        glsl_ = NewId();
        std::vector<u32> operands{glsl_};
        const std::vector<u32> name = StringWords("GLSL.std.450");
        operands.insert(operands.end(), name.begin(), name.end());
        Append(imports_, spv::Op::OpExtInstImport, operands);
    }
    return glsl_;
}

// Types and constants: one id per distinct (opcode, operands).
u32 Module::Type(spv::Op op, std::initializer_list<u32> operands) {
    TypeKey key;
    if (operands.size() + 1 > key.words.size()) {
        base::Fail("SPIR-V module: a type or constant of {} operands", operands.size());
    }
    key.words[0] = static_cast<u32>(op);
    std::copy(operands.begin(), operands.end(), key.words.begin() + 1);
    key.size = static_cast<u32>(operands.size() + 1);
    const auto [it, inserted] = types_.try_emplace(key, next_id_);
    if (!inserted) {
        return it->second;
    }
    const u32 id = NewId();
    // Constants put their result type first: OpConstant %type %id value.
    const bool has_result_type = op == spv::Op::OpConstant || op == spv::Op::OpConstantTrue ||
                                 op == spv::Op::OpConstantFalse;
    std::array<u32, 11> words{};
    const std::size_t at = has_result_type ? 1 : 0;
    std::copy(operands.begin(), operands.begin() + static_cast<std::ptrdiff_t>(at), words.begin());
    words[at] = id;
    std::copy(operands.begin() + static_cast<std::ptrdiff_t>(at), operands.end(),
              words.begin() + static_cast<std::ptrdiff_t>(at + 1));
    Append(globals_, op, std::span<const u32>(words.data(), operands.size() + 1));
    return id;
}

u32 Module::TypeArray(u32 element, u32 length) {
    return Type(spv::Op::OpTypeArray, {element, Uint(length)});
}

u32 Module::TypeStruct(std::initializer_list<u32> members) {
    // Structs are not deduplicated: each gets its own decorations.
    const u32 id = NewId();
    std::vector<u32> operands{id};
    operands.insert(operands.end(), members.begin(), members.end());
    Append(globals_, spv::Op::OpTypeStruct, operands);
    return id;
}

void Module::Decorate(u32 target, spv::Decoration decoration, std::initializer_list<u32> literals) {
    std::vector<u32> operands{target, static_cast<u32>(decoration)};
    operands.insert(operands.end(), literals.begin(), literals.end());
    Append(annotations_, spv::Op::OpDecorate, operands);
}

void Module::MemberDecorate(u32 type, u32 member, spv::Decoration decoration,
                            std::initializer_list<u32> literals) {
    std::vector<u32> operands{type, member, static_cast<u32>(decoration)};
    operands.insert(operands.end(), literals.begin(), literals.end());
    Append(annotations_, spv::Op::OpMemberDecorate, operands);
}

u32 Module::GlobalVariable(u32 pointer_type, spv::StorageClass storage) {
    const u32 id = NewId();
    Append(globals_, spv::Op::OpVariable, {pointer_type, id, static_cast<u32>(storage)});
    return id;
}

void Module::SetEntryPoint(spv::ExecutionModel model, u32 function, std::string_view name,
                           const std::vector<u32>& interface) {
    std::vector<u32> operands{static_cast<u32>(model), function};
    const std::vector<u32> words = StringWords(name);
    operands.insert(operands.end(), words.begin(), words.end());
    operands.insert(operands.end(), interface.begin(), interface.end());
    Append(entry_points_, spv::Op::OpEntryPoint, operands);
}

void Module::SetLocalSize(u32 function, u32 x, u32 y, u32 z) {
    Append(execution_modes_, spv::Op::OpExecutionMode,
           {function, static_cast<u32>(spv::ExecutionMode::LocalSize), x, y, z});
}

void Module::AddExecutionMode(u32 function, spv::ExecutionMode mode,
                              std::initializer_list<u32> literals) {
    std::vector<u32> operands{function, static_cast<u32>(mode)};
    operands.insert(operands.end(), literals.begin(), literals.end());
    Append(execution_modes_, spv::Op::OpExecutionMode, operands);
}

u32 Module::FunctionVariable(u32 pointer_type) {
    const u32 id = NewId();
    Append(variables_, spv::Op::OpVariable,
           {pointer_type, id, static_cast<u32>(spv::StorageClass::Function)});
    return id;
}

std::vector<u32> Module::Assemble(u32 function, u32 result_type, u32 function_type,
                                  u32 first_label) const {
    constexpr u32 kVersion13 = 0x00010300;
    constexpr u32 kGenerator = 0;  // not registered with Khronos
    std::vector<u32> words;
    // The header, the sections and the few instructions written here (at most 16 words).
    words.reserve(5 + capabilities_.size() + extensions_.size() + imports_.size() +
                  entry_points_.size() + execution_modes_.size() + annotations_.size() +
                  globals_.size() + variables_.size() + code_.size() + 16);
    words.insert(words.end(), {spv::MagicNumber, kVersion13, kGenerator, next_id_, 0});
    const auto add = [&](const std::vector<u32>& section) {
        words.insert(words.end(), section.begin(), section.end());
    };
    add(capabilities_);
    add(extensions_);
    add(imports_);
    Append(words, spv::Op::OpMemoryModel,
           {static_cast<u32>(spv::AddressingModel::Logical),
            static_cast<u32>(spv::MemoryModel::GLSL450)});
    add(entry_points_);
    add(execution_modes_);
    add(annotations_);
    add(globals_);
    Append(words, spv::Op::OpFunction,
           {result_type, function, static_cast<u32>(spv::FunctionControlMask::MaskNone),
            function_type});
    Append(words, spv::Op::OpLabel, {first_label});
    add(variables_);
    add(code_);
    Append(words, spv::Op::OpFunctionEnd, {});
    return words;
}

}  // namespace shader::spirv
