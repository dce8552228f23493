#pragma once

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp11>

#include <functional>
#include <string_view>
#include <unordered_map>

#include "shader/environment.h"
#include "shader/frontend/ssa_builder.h"
#include "shader/ir/program.h"
#include "shader/sass/instruction.h"
#include "shader/sass/names.h"
#include "shader/sass/operand_text.h"

namespace shader::frontend {

// The register numbers that read as zero or true and drop writes: RZ, URZ, PT / UPT.
inline constexpr u32 kZeroRegister = 255;
inline constexpr u32 kZeroUniformRegister = 63;
inline constexpr u32 kTruePredicate = 7;

// The state of translating one SASS instruction into IR: the block being filled, the decoded
// instruction, and helpers to read its operands and write its results.
class Translator {
public:
    Translator(ir::Program& program, SsaBuilder& ssa, const ShaderEnvironment& env)
        : program_(program), ssa_(ssa), env_(env) {}

    void Begin(ir::Block* block, const sass::Instruction& inst, u64 offset);
    // While set, register and predicate writes keep their old value where `guard` is false
    // (a predicated instruction without side effects).
    void SetGuard(ir::Value guard) { guard_ = guard; }
    // The instruction's guard predicate (true when it has none).
    ir::Value Guard() const { return guard_.IsEmpty() ? ir::Value::Bool(true) : guard_; }
    ir::Block* CurrentBlock() const { return block_; }
    void SetBlock(ir::Block* block) { block_ = block; }
    const sass::Instruction& Inst() const { return *inst_; }
    u64 Offset() const { return offset_; }
    const ShaderEnvironment& Env() const { return env_; }
    // What the host device guarantees (native float arithmetic where it is exact there).
    const TargetProfile& Target() const { return env_.Target(); }
    ir::Program& Program() { return program_; }

    [[noreturn]] void Unsupported(std::string_view what) const;

    // Emission.
    // `fast` where `use_slow` is false, else what `slow` computes in a block of its own (the
    // instruction's remaining code goes on in the block after both).
    ir::Value Conditional(ir::Value use_slow, ir::Value fast,
                          const std::function<ir::Value()>& slow);
    ir::Value Emit(ir::Op op, ir::Type type, std::vector<ir::Value> args, u32 aux = 0,
                   u32 aux2 = 0);
    ir::Value Spv(spv::Op op, ir::Type type, std::vector<ir::Value> args) {
        return Emit(ir::Op::Spv, type, std::move(args), static_cast<u32>(op));
    }
    ir::Value Glsl(GLSLstd450 op, ir::Type type, std::vector<ir::Value> args) {
        return Emit(ir::Op::Glsl, type, std::move(args), op);
    }
    ir::Value BitcastF32(ir::Value u32_value);
    ir::Value BitcastU32(ir::Value f32_value);
    ir::Value Pack64(ir::Value lo, ir::Value hi);
    ir::Value Lo(ir::Value u64_value);
    ir::Value Hi(ir::Value u64_value);
    ir::Value ConstBank(u32 bank, ir::Value byte_offset);

    // Registers by number (RZ, PT, URZ, UPT read as zero / true; writes to them are dropped).
    ir::Value Reg(u32 reg);
    void SetReg(u32 reg, ir::Value value);
    ir::Value Reg64(u32 reg);
    void SetReg64(u32 reg, ir::Value value);
    ir::Value UniformReg(u32 reg);
    void SetUniformReg(u32 reg, ir::Value value);
    ir::Value Pred(u32 pred);
    void SetPred(u32 pred, ir::Value value);
    ir::Value UniformPred(u32 pred);
    // The result of the last BAR.RED, read by B2R.RESULT.
    ir::Value BarrierResult();
    void SetBarrierResult(ir::Value value);
    void SetUniformPred(u32 pred, ir::Value value);
    // Maxwell's condition code flags (Bool values).
    enum class CcFlag : u32 { Zero, Sign, Carry, Overflow };
    ir::Value ConditionFlag(CcFlag flag);
    void SetConditionFlag(CcFlag flag, ir::Value value);

    // Operands of the instruction by their position in the form.
    std::size_t OperandCount() const { return inst_->form->operands.size(); }
    const sass::OperandSpec& Spec(std::size_t index) const;
    sass::OperandKind Kind(std::size_t index) const { return Spec(index).kind; }
    u64 Field(int field) const { return inst_->Value(field); }
    bool Flag(int field) const { return field >= 0 && inst_->Value(field) != 0; }
    u32 DstReg(std::size_t index) const;  // register number of a destination operand
    // A 32-bit integer source with its negate / bitwise-not applied.
    ir::Value Int(std::size_t index);
    // The same without modifiers, for operands whose modifier means something else.
    ir::Value Raw(std::size_t index);
    ir::Value Float(std::size_t index);  // F32, with negate and absolute value
    ir::Value Double(
        std::size_t index);  // F64 from a register pair, c[] pair or high-word immediate
    ir::Value Int64(std::size_t index);      // U64 from a register pair or c[] pair
    ir::Value Predicate(std::size_t index);  // with "!" applied
    u64 Immediate(std::size_t index) const;  // immediate operand's value, sign-extended and scaled
    // A memory operand's address: [R.64+offset] of global memory (U64), and [R+offset] (with
    // .X4/.X8/.X16 scaling) of shared and local memory, a byte address in the window (U32).
    ir::Value GlobalAddress(std::size_t operand);
    ir::Value WindowAddress(std::size_t operand);
    void WriteDst(std::size_t index, ir::Value value);    // register or predicate destination
    void WriteDst64(std::size_t index, ir::Value value);  // register pair

    // Modifiers: true when the instruction text would carry ".NAME".
    bool Has(sass::ModifierName name) const;
    // The printed name of the modifier whose names include one of `any_of` (empty if not printed).
    sass::ModifierName EnumName(std::initializer_list<sass::ModifierName> any_of) const;

private:
    ir::Value ReadVar(u32 variable, ir::Type type);
    ir::Value FixedConstant(u32 bank, s64 offset) const;
    s64 MemoryOffset(const sass::OperandSpec& spec) const;
    void CheckPlainAddress(const sass::OperandSpec& spec) const;
    ir::Value ConstantWord(const sass::OperandSpec& spec, s64 extra);
    void WriteVar(u32 variable, ir::Type type, ir::Value value);

    ir::Program& program_;
    SsaBuilder& ssa_;
    const ShaderEnvironment& env_;
    ir::Block* block_ = nullptr;
    const sass::Instruction* inst_ = nullptr;
    u64 offset_ = 0;
    ir::Value guard_;
    u32 next_scratch_variable_ = kScratchVariableBase;
};

// a OP b for OP in F, LT, EQ, LE, GT, NE, GE, T (translate_integer.cpp).
ir::Value IntegerCompare(Translator& t, sass::ModifierName how, bool is_signed, ir::Value a,
                         ir::Value b);
// Shared by the *SETP handlers: Pd = comparison OP Pc, Pd2 = !comparison OP Pc.
ir::Value CombinePredicate(Translator& t, sass::ModifierName how, ir::Value a, ir::Value b);
void WriteSetp(Translator& t, ir::Value comparison, std::size_t combine_operand);
// BAR.RED's reduction (translate_warp.cpp), after BAR's barrier.
void BarrierReduce(Translator& t);
// A load's or store's width from its .U8 ... .128 suffix (none: 32 bits), the same in both
// generations' memory forms.
ir::MemoryWidth MemoryWidthOf(Translator& t);

// The checked instruction and modifier names (sass/names.h), for the handlers.
namespace op = sass::op;
namespace mod = sass::mod;

using Handler = std::function<void(Translator&)>;

// Handlers by mnemonic: bound by the checked names of sass/names.h, looked up by the decoded
// instruction's mnemonic.
class HandlerTable {
public:
    Handler& operator[](sass::Mnemonic name) { return handlers_[name.text]; }
    const Handler& at(sass::Mnemonic name) const { return handlers_.at(name.text); }
    const Handler* Find(std::string_view decoded) const {
        const auto found = handlers_.find(decoded);
        return found == handlers_.end() ? nullptr : &found->second;
    }
    // Moves every handler of `other` in, each wrapped by `wrap`.
    template <typename Wrap>
    void TakeAll(HandlerTable&& other, Wrap wrap) {
        for (auto& [name, handler] : other.handlers_) {
            handlers_[name] = wrap(std::move(handler));
        }
    }

private:
    std::unordered_map<std::string_view, Handler> handlers_;
};

// Each family's handlers, by mnemonic (translate_*.cpp).
void AddIntegerHandlers(HandlerTable& table);
void AddFloatHandlers(HandlerTable& table);
void AddConversionHandlers(HandlerTable& table);
void AddHalfHandlers(HandlerTable& table);
void AddMemoryHandlers(HandlerTable& table);
void AddMoveHandlers(HandlerTable& table);
void AddWarpHandlers(HandlerTable& table);
void AddAtomicHandlers(HandlerTable& table);
void AddTensorHandlers(HandlerTable& table);
void AddTextureHandlers(HandlerTable& table);
void AddGraphicsHandlers(HandlerTable& table);
// The image of a TEX whose handle was in a uniform register: Inst::resource until
// ResolveTextureHandle (translate_texture.cpp) finds it, after SSA construction.
inline constexpr u32 kUnresolvedImage = ~0u;
// The image of the handle at c[bank][word offset * 4] (translate_texture.cpp); later uses of the
// same handle must agree on its kind, dimension and texel size (2D and ARRAY_2D make it
// arrayed). A use that does not know the dimension (TXQ) takes that of the others, or the
// environment's.
u32 ImageOf(Translator& t, u64 bank, u64 word_offset, ImageBinding use, bool knows_dim = true);
void ResolveTextureHandle(Translator& t, ir::Inst& sample);
// SHFL in a fragment stage: the quad butterflies of derivatives (translate_graphics.cpp); false
// in other stages, where SHFL is a warp operation.
bool TranslateQuadShuffle(Translator& t);

// Ampere's handlers by mnemonic, and Maxwell's (translate_maxwell.cpp: Ampere's where the
// forms agree, its own where they do not; translate_maxwell_texture.cpp, _surface.cpp).
const HandlerTable& Handlers();
const HandlerTable& MaxwellHandlers();
void AddMaxwellTextureHandlers(HandlerTable& table);
void AddMaxwellSurfaceHandlers(HandlerTable& table);
void AddMaxwellMemoryHandlers(HandlerTable& table);
void AddMaxwellIntegerHandlers(HandlerTable& table);

}  // namespace shader::frontend
