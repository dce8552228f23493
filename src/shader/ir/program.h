#pragma once

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/ir/opcode.h"
#include "shader/ir/value.h"
#include "shader/resource_layout.h"

namespace shader::ir {

struct Block;

inline constexpr u32 kNoGlobalBuffer = 0xffffffff;

struct Inst {
    Op op = Op::Spv;
    Type type = Type::Void;
    u32 aux = 0;       // the op's selector: spv::Op, GLSLstd450, MemoryWidth, AtomicOp, ...
    u32 aux2 = 0;      // a second selector (AtomicType)
    u32 resource = 0;  // global memory: index into ProgramInfo::global_buffers; images: ::images
    // A generic address: shared memory when it falls in the shared window, else global memory
    // (at `resource`, or none: kNoGlobalBuffer).
    bool generic = false;
    std::vector<Value> args;
    Block* block = nullptr;
    u32 id = 0;
    u64 sass_offset = 0;  // the instruction it came from, for messages

    Value Arg(std::size_t index) const { return args[index].Resolve(); }
    void ReplaceWith(Value value) {
        op = Op::Identity;
        args = {value};
    }
};

// How a block ends. Jump and Branch name successors; Exit ends the thread.
struct Terminator {
    enum class Kind : u8 { None, Jump, Branch, Exit };
    Kind kind = Kind::None;
    Value condition;  // Branch: true goes to targets[0]
    Block* targets[2] = {nullptr, nullptr};
};

struct Block {
    u32 index = 0;
    u64 sass_offset = 0;
    std::vector<Inst*> insts;
    std::vector<Block*> preds;
    Terminator end;

    std::vector<Block*> Successors() const;
    // The condition under which this block runs where it is the taken side of its only
    // predecessor's branch (a guarded instruction's block of its own); empty otherwise.
    Value TakenGuard() const;
};

// What the translated program touches, for the resources the emitter declares.
struct ProgramInfo {
    u32 shared_bytes = 0;
    u32 local_bytes = 0;
    u32 cbank0_bytes = 0;
    bool uses_subgroup_ops = false;
    // Instructions after which the threads of a block wait for each other where warps are
    // wider than the host's subgroups, to keep CUDA's converged warps in step
    // (passes::MarkLockstepPoints).
    std::set<const Inst*> lockstep_points;
    // The 64-bit constant bank values (pointer parameters, storage buffer addresses) global
    // memory is reached through, one storage buffer each (passes::LowerGlobalMemory).
    std::vector<ConstantAddress> global_buffers;
    // Constant banks other than 0 and 2 the program reads, by number, with their sizes in
    // bytes: one uniform buffer each (passes::BindModuleData).
    std::map<u32, u32> constant_banks;
    // Texture and surface parameters the program samples, reads or writes (Inst::resource of
    // the image ops indexes this; frontend/translate_texture.cpp); bindings are the emitter's.
    std::vector<ImageBinding> images;
    // Images that only TXQ names so far: their dimension comes from the launch
    // (ShaderEnvironment::TextureHandle).
    std::set<u32> images_without_dim;
};

class Program {
public:
    Block* NewBlock(u64 sass_offset);
    Inst* NewInst(Op op, Type type, std::vector<Value> args, u32 aux = 0, u32 aux2 = 0);

    std::vector<std::unique_ptr<Block>>& Blocks() { return blocks_; }
    const std::vector<std::unique_ptr<Block>>& Blocks() const { return blocks_; }
    Block* Entry() const { return blocks_.front().get(); }
    // Instruction ids are 1..IdLimit()-1: tables indexed by id instead of maps.
    std::size_t IdLimit() const { return insts_.size() + 1; }

    ProgramInfo info;

    // The program as text, one instruction a line (for tests and debugging).
    std::string Dump() const;

private:
    std::vector<std::unique_ptr<Block>> blocks_;
    std::deque<Inst> insts_;
};

}  // namespace shader::ir
