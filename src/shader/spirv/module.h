#pragma once

#include <spirv/unified1/spirv.hpp11>

#include <array>
#include <initializer_list>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/types.h"

namespace shader::spirv {

// A SPIR-V module under construction: ids, the logical sections of the module in their order,
// and types and constants made once each.
class Module {
public:
    u32 NewId() { return next_id_++; }

    void AddCapability(spv::Capability capability);
    void AddExtension(std::string_view name);
    u32 GlslImport();

    u32 TypeVoid() { return Type(spv::Op::OpTypeVoid, {}); }
    u32 TypeBool() { return Type(spv::Op::OpTypeBool, {}); }
    u32 TypeUint(u32 width) { return Type(spv::Op::OpTypeInt, {width, 0}); }
    u32 TypeSint(u32 width) { return Type(spv::Op::OpTypeInt, {width, 1}); }
    u32 TypeFloat(u32 width) { return Type(spv::Op::OpTypeFloat, {width}); }
    u32 TypeVector(u32 component, u32 count) {
        return Type(spv::Op::OpTypeVector, {component, count});
    }
    u32 TypeArray(u32 element, u32 length);  // length as a literal; the constant is made here
    u32 TypeRuntimeArray(u32 element) { return Type(spv::Op::OpTypeRuntimeArray, {element}); }
    u32 TypeStruct(std::initializer_list<u32> members);
    u32 TypePointer(spv::StorageClass storage, u32 type) {
        return Type(spv::Op::OpTypePointer, {static_cast<u32>(storage), type});
    }
    // OpTypeImage: depth 0, single-sampled; sampled 1 (with a sampler) or 2 (storage).
    u32 TypeImage(u32 sampled_type, spv::Dim dim, bool arrayed, u32 sampled,
                  spv::ImageFormat format) {
        return Type(spv::Op::OpTypeImage,
                    {sampled_type, static_cast<u32>(dim), 0, arrayed ? 1u : 0u, 0, sampled,
                     static_cast<u32>(format)});
    }
    u32 TypeSampledImage(u32 image) { return Type(spv::Op::OpTypeSampledImage, {image}); }
    u32 TypeFunction(u32 result) { return Type(spv::Op::OpTypeFunction, {result}); }

    u32 Constant32(u32 type, u32 bits) { return Type(spv::Op::OpConstant, {type, bits}); }
    u32 Constant64(u32 type, u64 bits) {
        return Type(spv::Op::OpConstant,
                    {type, static_cast<u32>(bits), static_cast<u32>(bits >> 32)});
    }
    u32 ConstantBool(bool value) {
        return Type(value ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse, {TypeBool()});
    }
    u32 Uint(u32 value) { return Constant32(TypeUint(32), value); }

    void Decorate(u32 target, spv::Decoration decoration, std::initializer_list<u32> literals = {});
    void MemberDecorate(u32 type, u32 member, spv::Decoration decoration,
                        std::initializer_list<u32> literals = {});
    u32 GlobalVariable(u32 pointer_type, spv::StorageClass storage);

    void SetEntryPoint(spv::ExecutionModel model, u32 function, std::string_view name,
                       const std::vector<u32>& interface);
    void SetLocalSize(u32 function, u32 x, u32 y, u32 z);
    void AddExecutionMode(u32 function, spv::ExecutionMode mode,
                          std::initializer_list<u32> literals = {});

    // Code of the one function, appended in order.
    void Code(spv::Op op, std::initializer_list<u32> operands) {
        Append(code_, op, std::span<const u32>(operands.begin(), operands.size()));
    }
    void Code(spv::Op op, std::span<const u32> operands) { Append(code_, op, operands); }
    void ReserveCode(std::size_t words) { code_.reserve(words); }
    // An instruction with a result: op %type %id operands...
    void CodeResult(spv::Op op, u32 type, u32 id, std::span<const u32> operands);
    // Function-scope variables must open the first block: they go to a separate list.
    u32 FunctionVariable(u32 pointer_type);

    // The module's words, with the function body wrapped between its label and end.
    std::vector<u32> Assemble(u32 function, u32 result_type, u32 function_type,
                              u32 first_label) const;

private:
    u32 Type(spv::Op op, std::initializer_list<u32> operands);
    static void Append(std::vector<u32>& out, spv::Op op, std::span<const u32> operands);
    static void Append(std::vector<u32>& out, spv::Op op, std::initializer_list<u32> operands) {
        Append(out, op, std::span<const u32>(operands.begin(), operands.size()));
    }
    static std::vector<u32> StringWords(std::string_view text);

    u32 next_id_ = 1;
    u32 glsl_ = 0;
    std::vector<u32> capabilities_;
    std::vector<u32> extensions_;
    std::vector<u32> imports_;
    std::vector<u32> entry_points_;
    std::vector<u32> execution_modes_;
    std::vector<u32> annotations_;
    std::vector<u32> globals_;  // types, constants, global variables
    std::vector<u32> variables_;
    std::vector<u32> code_;
    // A type or constant by its opcode and operands, without a heap allocation to look it up.
    struct TypeKey {
        std::array<u32, 10> words{};
        u32 size = 0;
        bool operator==(const TypeKey&) const = default;
    };
    struct TypeKeyHash {
        std::size_t operator()(const TypeKey& key) const {
            u64 hash = 0xcbf29ce484222325ull;  // FNV-1a over the words
            for (u32 i = 0; i < key.size; ++i) {
                hash = (hash ^ key.words[i]) * 0x100000001b3ull;
            }
            return static_cast<std::size_t>(hash);
        }
    };
    std::unordered_map<TypeKey, u32, TypeKeyHash> types_;
    std::vector<spv::Capability> capability_list_;
    std::vector<std::string> extension_list_;
};

}  // namespace shader::spirv
