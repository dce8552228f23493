#pragma once

#include <spirv/unified1/GLSL.std.450.h>

#include <array>
#include <map>
#include <set>
#include <span>
#include <string_view>
#include <vector>

#include "shader/environment.h"
#include "shader/ir/program.h"
#include "shader/passes/structurize.h"
#include "shader/program.h"
#include "shader/sph.h"
#include "shader/spirv/module.h"

namespace shader::spirv {

inline constexpr u32 kCbank0Binding = 0;
inline constexpr u32 kFirstGlobalBinding = 1;
inline constexpr u32 kWarpSize = 32;

// Writes one program's SPIR-V: emit_compute.cpp (resources, instructions, structured control
// flow), emit_memory.cpp, emit_atomic.cpp, emit_warp.cpp, emit_special.cpp, emit_texture.cpp;
// emit_graphics.cpp for what vertex and fragment stages add (their inputs and outputs).
class Emitter {
    using Inst = ir::Inst;
    using MemoryWidth = ir::MemoryWidth;
    using Op = ir::Op;
    using Type = ir::Type;
    using Value = ir::Value;
    using Node = passes::Node;
    using StorageClass = spv::StorageClass;

public:
    Emitter(const ir::Program& ir, const ShaderEnvironment& env)
        : ir_(ir),
          env_(env),
          target_(env.Target()),
          launch_(env.GetStage() == Stage::Compute ? env.Launch() : ComputeLaunch{}) {}
    void Run(const std::vector<Node>& structure);
    void FillCompute(ComputeProgram& out) const;
    void FillGraphics(GraphicsProgram& out) const;

private:
    [[noreturn]] void Fail(const Inst& inst, std::string_view what) const;
    u32 TypeId(Type type);  // declared once, then from type_ids_
    u32 DeclareType(Type type);
    u32 Uint(u32 value) { return m_.Uint(value); }
    u32 Emit(spv::Op op, Type type, std::span<const u32> operands);
    u32 Emit(spv::Op op, Type type, std::initializer_list<u32> operands) {
        return Emit(op, type, std::span<const u32>(operands.begin(), operands.size()));
    }
    u32 Glsl(GLSLstd450 op, Type type, std::span<const u32> operands);
    u32 Glsl(GLSLstd450 op, Type type, std::initializer_list<u32> operands) {
        return Glsl(op, type, std::span<const u32>(operands.begin(), operands.size()));
    }
    u32 IdOf(const Value& raw);
    // Resources.
    u32 BuiltinInput(spv::BuiltIn builtin, u32 components);
    u32 BuiltinComponent(spv::BuiltIn builtin, u32 component);
    void DeclareCommon();
    // SPV_KHR_float_controls execution modes for what the target guarantees (float_arith.h in
    // the frontend relies on them): DenormPreserve, SignedZeroInfNanPreserve per width.
    void DeclareFloatControls();
    // Element kinds of the storage buffer aliases: words per element (1, 2, 4), or one of these.
    static constexpr u32 kScalar64 = 0;
    static constexpr u32 kByte = 0x101;
    static constexpr u32 kHalfWord = 0x102;
    static constexpr u32 kFloat32 = 0x104;
    u32 ElementType(u32 element_words);
    static u32 ElementBytes(u32 element_words);
    // One storage buffer variable per (buffer, element type): aliases of one binding.
    u32 GlobalBuffer(u32 resource, u32 element_words);
    // A uniform buffer of `words` uvec4 (std140 arrays have a 16-byte stride) at a binding.
    u32 UniformBank(u32 words, u32 binding);
    // A word of a constant bank's uniform buffer (cbank0_ or another bank's) at a byte offset.
    u32 ConstBankWord(u32 byte_offset_id, u32 variable);
    u32 ConstBankWord(u32 byte_offset_id) { return ConstBankWord(byte_offset_id, cbank0_); }
    // The uniform buffer variable of constant bank `bank` (compute: bank 0's own binding), for
    // `inst`'s read; fails naming it where the bank is not bound.
    u32 BankVariable(const Inst& inst, u32 bank);
    // Byte offset of a global address within its parameter's buffer.
    u32 GlobalOffset(const Inst& inst);
    u32 GlobalPointer(u32 resource, u32 element_words, u32 byte_offset);
    // Shared memory (one array of words for the workgroup) and local memory (one per thread):
    // both addressed by byte offsets.
    enum class Window : u8 { Shared, Local };
    u32 WindowPointer(Window window, u32 byte_offset);
    // A byte or half-word out of the word it lives in.
    u32 ExtractNarrow(u32 word, u32 byte_offset, MemoryWidth width);
    // Narrow stores change only their bytes of the word, with two atomics, so that threads
    // writing the other bytes of the same word at the same time keep theirs.
    bool StoresNarrowDirectly(MemoryWidth width) const;
    void StoreNarrow(u32 word_pointer, u32 byte_offset, MemoryWidth width, u32 value,
                     spv::Scope scope);
    // The mask of a narrow value's bits in its word (.first) and the value moved there (.second).
    std::pair<u32, u32> NarrowInWord(u32 byte_offset, MemoryWidth width, u32 value);
    u32 WordOffset(u32 byte_offset, u32 word);
    u32 LoadGlobal(const Inst& inst);
    void StoreGlobal(const Inst& inst);
    u32 LoadWindowAt(const Inst& inst, Window window, u32 offset);
    void StoreWindowAt(const Inst& inst, Window window, u32 offset);
    // A global memory instruction whose address is generic (emit_generic.cpp).
    u32 GenericAccess(const Inst& inst);
    u32 Threads() const { return launch_.block[0] * launch_.block[1] * launch_.block[2]; }
    bool IsCompute() const { return env_.GetStage() == Stage::Compute; }
    // Graphics stages (emit_graphics.cpp): the inputs and outputs the stage header declares, as
    // Input and Output variables (built-ins, or vec4s at Locations: generic vector N at N, the
    // fixed-function texture coordinates after them), which attribute loads, stores,
    // interpolation and the fragment outputs reach by the attribute's address.
    void DeclareStageInterface();
    void FinishStageInterface();
    void DeclareVaryings(StorageClass storage);
    u32 InterfaceVariable(StorageClass storage, u32 type, u32 location);
    u32 BuiltinVariable(StorageClass storage, spv::BuiltIn builtin, u32 type);
    // A pointer to the f32 (or int) component at attribute byte address `address`; fails
    // naming the attribute where the header declares none there.
    u32 AttributePointer(const Inst& inst, u32 address, StorageClass storage);
    u32 LoadAttribute(const Inst& inst);
    void StoreAttribute(const Inst& inst);
    void StoreViewportIndex(const Inst& inst);
    u32 Interpolate(const Inst& inst);
    void FragmentOutput(const Inst& inst);
    void Discard();
    u32 QuadSwap(const Inst& inst);
    u32 QuadSwizzleAdd(const Inst& inst);
    static bool ComputeOnly(Op op);
    void ReturnFromMain();
    bool Uses(Op first, Op last) const;
    bool UsesWarpOperations() const { return Uses(Op::WarpReadLane, Op::WarpMatch); }
    // MATCH and BAR.RED always go through shared memory; the others only without subgroups.
    bool UsesWarpScratch() const;
    u32 SubgroupScope();
    u32 SubgroupReadLane(const Inst& inst);
    u32 SubgroupBallot(const Inst& inst);
    u32 SubgroupReduce(const Inst& inst);
    u32 ScratchPointer(u32 word_index);
    void WorkgroupBarrier();
    // Warp operations without subgroup operations of the right width: every thread publishes
    // its word in the scratch area, then reads those of its warp's 32 lanes. `combine` folds
    // lane k's word into the running result; lanes past the end of the block are left out.
    template <typename Combine>
    u32 AcrossWarp(u32 published, u32 initial, Combine combine) {
        const u32 thread = LinearThreadIndex();
        m_.Code(spv::Op::OpStore, {ScratchPointer(thread), published});
        WorkgroupBarrier();
        const u32 warp_base =
            Emit(spv::Op::OpBitwiseAnd, Type::U32, {thread, Uint(~(kWarpSize - 1))});
        u32 result = initial;
        for (u32 lane = 0; lane < kWarpSize; ++lane) {
            const u32 index = Emit(spv::Op::OpIAdd, Type::U32, {warp_base, Uint(lane)});
            const u32 word = Emit(spv::Op::OpLoad, Type::U32, {ScratchPointer(index)});
            const u32 combined = combine(result, word, lane);
            if (Threads() % kWarpSize == 0) {
                result = combined;
            } else {
                const u32 exists = Emit(spv::Op::OpULessThan, Type::Bool, {index, Uint(Threads())});
                result = Emit(spv::Op::OpSelect, Type::U32, {exists, combined, result});
            }
        }
        WorkgroupBarrier();
        return result;
    }
    u32 WarpReadLane(const Inst& inst);
    u32 WarpBallot(const Inst& inst);
    u32 WarpReduce(const Inst& inst);
    u32 WarpMatch(const Inst& inst);
    // BAR.RED: every thread clears the counter (the same value), then adds its predicate.
    u32 BlockCount(const Inst& inst);
    // A warp-wide execution barrier that makes earlier shared-memory stores visible (emit_tensor).
    void WarpSync();
    // An atomic read-modify-write; what SPIR-V has no instruction for (CUDA's wrapping
    // increment and decrement, float add without the extension) runs as a compare-and-swap loop.
    // `float_pointer`: the same address as a float, where the device adds floats atomically.
    u32 Atomic(const Inst& inst, u32 pointer, spv::Scope scope, u32 float_pointer = 0);
    template <typename Update>
    u32 CompareSwapLoop(u32 pointer, u32 scope_id, Type type, Update update) {
        const u32 relaxed = Uint(static_cast<u32>(spv::MemorySemanticsMask::MaskNone));
        const u32 first = Emit(spv::Op::OpAtomicLoad, type, {pointer, scope_id, relaxed});
        const u32 before = current_label_;
        const u32 header = m_.NewId();
        const u32 body = m_.NewId();
        const u32 continue_target = m_.NewId();
        const u32 merge = m_.NewId();
        const u32 old = m_.NewId();
        const u32 observed = m_.NewId();
        Terminate(spv::Op::OpBranch, {header});
        Label(header);
        m_.Code(spv::Op::OpPhi, {TypeId(type), old, first, before, observed, continue_target});
        m_.Code(spv::Op::OpLoopMerge,
                {merge, continue_target, static_cast<u32>(spv::LoopControlMask::MaskNone)});
        Terminate(spv::Op::OpBranch, {body});
        Label(body);
        const u32 next = update(old);
        m_.Code(spv::Op::OpAtomicCompareExchange,
                {TypeId(type), observed, pointer, scope_id, relaxed, relaxed, next, old});
        const u32 done = Emit(spv::Op::OpIEqual, Type::Bool, {observed, old});
        Terminate(spv::Op::OpBranchConditional, {done, merge, continue_target});
        Label(continue_target);
        Terminate(spv::Op::OpBranch, {header});
        Label(merge);
        return old;
    }
    u32 AtomicGlobal(const Inst& inst);
    u32 AtomicShared(const Inst& inst);
    // The thread's index in its block, as CUDA numbers them (x fastest), and its lane in its
    // warp of 32 (warps are cut from that index, whatever the host's subgroup size).
    u32 LinearThreadIndex();
    u32 LaneId();
    u32 SpecialRegister(const Inst& inst);
    // SR_CLOCKLO (word 0) or SR_CLOCKHI (word 1) through OpReadClockKHR.
    u32 ReadClock(const Inst& inst, u32 word);
    // Texture and surface parameters as images after the constant banks (emit_texture.cpp).
    void DeclareImages(u32 first_binding);
    u32 ImageSample(const Inst& inst);
    u32 ImageRead(const Inst& inst);
    u32 ImageQuery(const Inst& inst);
    void ImageWrite(const Inst& inst);
    u32 ImageCoordinates(const Inst& inst, std::size_t first, bool integer);
    u32 RawCode(spv::Op op, u32 type_id, std::vector<u32> operands);
    static bool IsFloatArithmetic(spv::Op op);
    void EmitInst(const Inst& inst);
    void DeclarePhis();
    // The values the successors' phis take when control comes from `block`.
    void StorePhiInputs(const ir::Block* block, const ir::Block* next);
    void Label(u32 label);
    void Terminate(spv::Op op, std::initializer_list<u32> operands);
    void EmitNodes(const std::vector<Node>& nodes);
    // Skip nodes (structurize.h): the rest of a list runs in the other arm of the Skip's
    // selection, nested, for up to kNestedSkips of them; then those selections close and the
    // rest runs under `if (!skipped)`, and so on. Nesting stays bounded (drivers limit it) and
    // a thread that skips passes one test per kNestedSkips. Values defined after the first Skip
    // and used in other blocks pass through variables, since their definitions need not
    // dominate the uses any more.
    static constexpr std::size_t kNestedSkips = 16;
    struct SkipGuard {
        u32 skipped = 0;          // bool variable, once the list has a Skip
        std::vector<u32> merges;  // of the selections open in this list, innermost last
    };
    void EmitSkip(const Node& node, SkipGuard& guard);
    void CloseSkipGuard(SkipGuard& guard);
    void DemoteValuesLeavingSkipGuards(const std::vector<Node>& structure);
    const ir::Program& ir_;
    const ShaderEnvironment& env_;
    const TargetProfile& target_;
    const ComputeLaunch launch_;
    Module m_;
    std::vector<u32> spirv_;
    std::vector<ImageBinding> images_;  // as bound, per ProgramInfo::images
    // Graphics stages: what the header declares, by Location and by built-in.
    std::map<std::pair<StorageClass, u32>, u32> varyings_;  // (storage, Location) -> vec4
    std::map<std::pair<StorageClass, spv::BuiltIn>, u32> builtin_variables_;
    std::map<u32, Interpolation> input_interpolation_;  // by Location
    std::map<u32, AttributeType> integer_inputs_;       // a vertex stage's, by Location
    u32 clip_distances_ = 0;                            // the array's length
    ResourceLayout layout_;
    u32 function_ = 0;
    u32 first_label_ = 0;
    u32 cbank0_ = 0;
    u32 cbank0_words_ = 0;
    std::map<u32, u32> constant_banks_;  // other banks (ProgramInfo::constant_banks): variables
    u32 shared_ = 0;
    u32 local_ = 0;  // the thread's local memory, local_words_ words
    u32 local_words_ = 0;
    u32 scratch_base_ = 0;         // first word of the warp operations' scratch in shared memory
    bool subgroup_warps_ = false;  // warp operations as subgroup operations
    bool terminated_ = false;
    u32 current_label_ = 0;
    std::vector<u32> interface_;
    std::map<spv::BuiltIn, u32> builtins_;
    std::map<std::pair<u32, u32>, u32> global_variables_;
    std::set<u32> decorated_arrays_;
    std::vector<u32> image_variables_;  // per ProgramInfo::images
    std::vector<u32> image_types_;      // their (sampled) image types
    const Inst* current_ = nullptr;     // the instruction being emitted, for messages
    std::vector<u32> ids_;              // by instruction id; 0 until emitted
    std::array<u32, 8> type_ids_{};     // by ir::Type, 0 until declared
    std::map<const Inst*, u32> phi_variables_;
    std::vector<u32> demoted_;  // by instruction id: the variable of a value kept in one, or 0
    std::vector<std::pair<u32, u32>> loops_;  // (merge, continue target)
};

}  // namespace shader::spirv
