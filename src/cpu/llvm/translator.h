#pragma once

// The A64 -> LLVM IR translator of one region (TranslateRegion in region_translator.h): the
// integer instructions here, the FP and SIMD ones in fp_translator.cpp, simd_translator.cpp and
// vector_memory_translator.cpp. Internal to this folder.

#include <algorithm>
#include <array>
#include <cstddef>
#include <map>
#include <set>
#include <vector>

#include <llvm/ADT/STLExtras.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>

#include "cpu/code_tier.h"
#include "cpu/guest_memory.h"
#include "cpu/llvm/a64_instruction.h"
#include "cpu/llvm/page_check_plan.h"
#include "cpu/llvm/region.h"
#include "cpu/llvm/region_translator.h"

namespace cpu::llvm_tier {

using llvm::BasicBlock;
using llvm::Value;

constexpr unsigned kSp = 31;

enum class ShiftType { Lsl = 0, Lsr = 1, Asr = 2, Ror = 3 };

class Translator {
public:
    Translator(const Region& region, const MemoryLayout& memory, llvm::Module& module,
               const std::string& name)
        : region_(region), memory_(memory), context_(module.getContext()), builder_(context_) {
        // Floating point as the guest runs it: exceptions are flags the region reports in FPSR
        // (region_call.h), so LLVM must neither fold, speculate nor drop an FP operation, and
        // the rounding mode is round to nearest (regions exit where FPCR asks for another).
        builder_.setIsFPConstrained(true);
        builder_.setDefaultConstrainedExcept(llvm::fp::ebStrict);
        builder_.setDefaultConstrainedRounding(llvm::RoundingMode::NearestTiesToEven);
        auto* state_type = llvm::Type::getInt8PtrTy(context_);
        auto* type = llvm::FunctionType::get(builder_.getVoidTy(), {state_type}, false);
        function_ = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module);
        function_->addParamAttr(0, llvm::Attribute::NoAlias);
        function_->addFnAttr(llvm::Attribute::StrictFP);
        state_ = function_->getArg(0);
        // Guest memory never aliases the permission table (it lies outside the guest's space).
        llvm::MDBuilder metadata(context_);
        llvm::MDNode* domain = metadata.createAnonymousAliasScopeDomain("guest");
        guest_memory_scope_ =
            llvm::MDNode::get(context_, {metadata.createAnonymousAliasScope(domain, "memory")});
    }

    llvm::Function* Translate() {
        BasicBlock* entry = NewBlock("entry");
        builder_.SetInsertPoint(entry);
        LoadState();
        for (const u64 start : region_.block_starts) {
            if (region_.Contains(start)) {
                blocks_[start] = NewBlock("block");
            }
        }
        FindBlocksThatCheck();
        EnterIfFpcrIsTranslated();
        for (const auto& [start, block] : blocks_) {
            builder_.SetInsertPoint(block);
            EmitBlock(start);
        }
        StoreStateAtExits();
        return function_;
    }

private:
    // --- state ---------------------------------------------------------------------------
    Value* StateField(std::size_t offset, llvm::Type* type) {
        Value* byte = builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), state_, offset);
        return builder_.CreateBitCast(byte, type->getPointerTo());
    }
    Value* LoadField(std::size_t offset, llvm::Type* type) {
        return builder_.CreateLoad(type, StateField(offset, type));
    }
    void StoreField(std::size_t offset, Value* value) {
        builder_.CreateStore(value, StateField(offset, value->getType()));
    }

    void LoadState() {
        auto* i64 = builder_.getInt64Ty();
        auto* i1 = builder_.getInt1Ty();
        for (unsigned index = 0; index < 32; ++index) {
            registers_[index] = builder_.CreateAlloca(i64);
            const std::size_t offset =
                index == kSp ? offsetof(RegionState, sp) : offsetof(RegionState, x) + 8 * index;
            entry_stores_.insert(builder_.CreateStore(LoadField(offset, i64), registers_[index]));
        }
        Value* nzcv = LoadField(offsetof(RegionState, nzcv), builder_.getInt32Ty());
        for (unsigned flag = 0; flag < 4; ++flag) {
            flags_[flag] = builder_.CreateAlloca(i1);
            entry_stores_.insert(builder_.CreateStore(
                builder_.CreateTrunc(builder_.CreateLShr(nzcv, 31 - flag), i1), flags_[flag]));
        }
        auto* i32 = builder_.getInt32Ty();
        for (unsigned index = 0; index < 32; ++index) {
            vregs_[index] = builder_.CreateAlloca(VectorType());
            entry_stores_.insert(builder_.CreateStore(
                LoadField(offsetof(RegionState, v) + 16 * index, VectorType()), vregs_[index]));
        }
        fpsr_ = builder_.CreateAlloca(i32);
        entry_stores_.insert(
            builder_.CreateStore(LoadField(offsetof(RegionState, fpsr), i32), fpsr_));
        // FPCR cannot change inside a region (MSR FPCR is not translated). The translation is
        // exact for round to nearest without flush to zero (RMode 0, FZ 0; bits 22-24) and
        // follows DN (bit 25) at run time; FZ16 and AHP only concern FP16, not translated.
        Value* fpcr = LoadField(offsetof(RegionState, fpcr), i32);
        fpcr_ = fpcr;
        fp_exact_ = builder_.CreateICmpEQ(builder_.CreateAnd(fpcr, builder_.getInt32(0x01c00000)),
                                          builder_.getInt32(0));
        default_nan_ = builder_.CreateICmpNE(
            builder_.CreateAnd(fpcr, builder_.getInt32(0x02000000)), builder_.getInt32(0));
        count_ = builder_.CreateAlloca(i64);
        builder_.CreateStore(builder_.getInt64(0), count_);
        exit_pc_ = builder_.CreateAlloca(i64);
        exit_kind_ = builder_.CreateAlloca(builder_.getInt32Ty());
        budget_ = LoadField(offsetof(RegionState, instruction_budget), i64);
        halt_ = LoadField(offsetof(RegionState, halt_requested), builder_.getInt8PtrTy());
        memory_base_ = LoadField(offsetof(RegionState, memory_base), builder_.getInt8PtrTy());
        permission_table_ =
            LoadField(offsetof(RegionState, permission_table), builder_.getInt8PtrTy());
    }

    // The LLVM blocks from which a store to slot (other than its entry value) reaches:
    // every block after such a store on some path. An exit outside this set leaves the slot
    // as it was at the region's entry, so it need not store it back.
    std::set<const BasicBlock*> ReachedByWrites(llvm::AllocaInst* slot) const {
        std::set<const BasicBlock*> reached;
        std::vector<const BasicBlock*> pending;
        for (const llvm::User* user : slot->users()) {
            const auto* store = llvm::dyn_cast<llvm::StoreInst>(user);
            if (store != nullptr && store->getPointerOperand() == slot &&
                !entry_stores_.contains(store) && reached.insert(store->getParent()).second) {
                pending.push_back(store->getParent());
            }
        }
        while (!pending.empty()) {
            const BasicBlock* block = pending.back();
            pending.pop_back();
            if (const llvm::Instruction* terminator = block->getTerminator()) {
                for (const BasicBlock* next : llvm::successors(terminator)) {
                    if (reached.insert(next).second) {
                        pending.push_back(next);
                    }
                }
            }
        }
        return reached;
    }

    // Every exit stores its own state (no block merging the values of every exit, which made
    // register allocation and SimplifyCFG take seconds on large regions), and only what may
    // have been written on a path to it: a register only read still holds its entry value in
    // RegionState.
    void StoreStateAtExits() {
        std::vector<std::set<const BasicBlock*>> written_registers;
        for (llvm::AllocaInst* slot : registers_) {
            written_registers.push_back(ReachedByWrites(slot));
        }
        std::set<const BasicBlock*> written_flags;
        for (llvm::AllocaInst* slot : flags_) {
            written_flags.merge(ReachedByWrites(slot));
        }
        std::vector<std::set<const BasicBlock*>> written_vregs;
        for (llvm::AllocaInst* slot : vregs_) {
            written_vregs.push_back(ReachedByWrites(slot));
        }
        const std::set<const BasicBlock*> written_fpsr = ReachedByWrites(fpsr_);
        auto* i64 = builder_.getInt64Ty();
        for (BasicBlock* exit : exits_to_core_) {
            builder_.SetInsertPoint(exit);
            for (unsigned index = 0; index < 32; ++index) {
                if (written_registers[index].contains(exit)) {
                    const std::size_t offset = index == kSp ? offsetof(RegionState, sp)
                                                            : offsetof(RegionState, x) + 8 * index;
                    StoreField(offset, builder_.CreateLoad(i64, registers_[index]));
                }
            }
            if (written_flags.contains(exit)) {
                Value* nzcv = builder_.getInt32(0);
                for (unsigned flag = 0; flag < 4; ++flag) {
                    Value* bit = builder_.CreateZExt(Flag(flag), builder_.getInt32Ty());
                    nzcv = builder_.CreateOr(nzcv, builder_.CreateShl(bit, 31 - flag));
                }
                StoreField(offsetof(RegionState, nzcv), nzcv);
            }
            for (unsigned index = 0; index < 32; ++index) {
                if (written_vregs[index].contains(exit)) {
                    StoreField(offsetof(RegionState, v) + 16 * index,
                               builder_.CreateLoad(VectorType(), vregs_[index]));
                }
            }
            if (written_fpsr.contains(exit)) {
                StoreField(offsetof(RegionState, fpsr),
                           builder_.CreateLoad(builder_.getInt32Ty(), fpsr_));
            }
            StoreField(offsetof(RegionState, pc), builder_.CreateLoad(i64, exit_pc_));
            StoreField(offsetof(RegionState, exit),
                       builder_.CreateLoad(builder_.getInt32Ty(), exit_kind_));
            StoreField(offsetof(RegionState, instructions), builder_.CreateLoad(i64, count_));
            builder_.CreateRetVoid();
        }
    }

    // --- control flow --------------------------------------------------------------------
    BasicBlock* NewBlock(const char* name) { return BasicBlock::Create(context_, name, function_); }

    // Leaves the region with pc (a constant or a register's value) next. The exits of one
    // guest block (its budget check, its accesses' faults, its branches out) share one block
    // that stores the state (StoreStateAtExits): its merged values differ only in what that
    // guest block writes, not in everything the region writes.
    void Exit(Value* pc, RegionExit kind = RegionExit::Continue) {
        builder_.CreateStore(pc, exit_pc_);
        builder_.CreateStore(builder_.getInt32(static_cast<u32>(kind)), exit_kind_);
        if (block_exit_ == nullptr) {
            block_exit_ = NewBlock("exit");
            exits_to_core_.push_back(block_exit_);
        }
        builder_.CreateBr(block_exit_);
    }

    // The block that continues at pc: a block of the region, or an exit to the core.
    BasicBlock* Target(u64 pc) {
        if (const auto found = blocks_.find(pc); found != blocks_.end()) {
            return found->second;
        }
        auto& exit = exits_[pc];
        if (exit == nullptr) {
            exit = NewBlock("exit_to");
            llvm::IRBuilder<>::InsertPointGuard guard(builder_);
            builder_.SetInsertPoint(exit);
            Exit(builder_.getInt64(pc));
        }
        return exit;
    }

    // The blocks that check the instruction budget and Halt() at their start: the entry and
    // every block a cycle of the region can come back to. Addresses only grow along a
    // fall-through, so every cycle takes a branch to an address at or before its own, or a
    // RET to a call site or a BR/BLR to a known entry point: checking the targets of those bounds
    // the instructions run between two checks by the region's size, and the checks are a function
    // of the code alone (the same switching points on every run under --deterministic). A check in
    // every block was a load, compare and branch per block and an exit block for each.
    void FindBlocksThatCheck() {
        checking_blocks_ = region_.return_points;
        checking_blocks_.insert(region_.indirect_targets.begin(), region_.indirect_targets.end());
        checking_blocks_.insert(region_.entry);
        for (const auto& [pc, word] : region_.words) {
            const A64Op op = *Classify(word);
            if (IsDirectBranch(op) && BranchTarget(op, word, pc) <= pc) {
                checking_blocks_.insert(BranchTarget(op, word, pc));
            }
        }
    }
    static bool IsDirectBranch(A64Op op) {
        return op == A64Op::Branch || op == A64Op::BranchLink || op == A64Op::BranchConditional ||
               op == A64Op::CompareBranch || op == A64Op::TestBranch;
    }

    void EmitBlock(u64 start) {
        block_exit_ = nullptr;
        exits_.clear();
        // A compiler barrier (no machine code): guest accesses stay inside their block.
        builder_.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent,
                             llvm::SyncScope::SingleThread);
        if (checking_blocks_.contains(start)) {
            EmitBudgetAndHaltCheck(start);
        }
        plan_ = PlanPageChecks(BlockWords(start));
        open_checks_.clear();
        EmitInstructionsFrom(start);
        if (!precise_tail_.empty()) {
            // Where a shared page check failed: the rest of the block with a check per access.
            in_precise_tail_ = true;
            const auto [first_pc, first_block] = *precise_tail_.begin();
            builder_.SetInsertPoint(first_block);
            EmitInstructionsFrom(first_pc);
            in_precise_tail_ = false;
            precise_tail_.clear();
        }
    }

    // The (pc, word) of the guest block at start, as EmitInstructionsFrom walks it.
    std::vector<std::pair<u64, u32>> BlockWords(u64 start) const {
        std::vector<std::pair<u64, u32>> words;
        for (u64 pc = start;; pc += 4) {
            const auto word = region_.words.find(pc);
            if ((pc != start && region_.block_starts.contains(pc) && region_.Contains(pc)) ||
                word == region_.words.end()) {
                return words;
            }
            words.emplace_back(pc, word->second);
            if (EndsBlock(*Classify(word->second))) {
                return words;
            }
        }
    }

    // The guest block's instructions from pc on (its start, or in the precise tail, where a
    // shared page check failed), to its branch or the next block of the region.
    void EmitInstructionsFrom(u64 start) {
        for (u64 pc = start;; pc += 4) {
            if (pc != start && region_.block_starts.contains(pc) && region_.Contains(pc)) {
                builder_.CreateBr(Target(pc));
                return;
            }
            const auto word = region_.words.find(pc);
            if (word == region_.words.end()) {
                Exit(builder_.getInt64(pc));
                return;
            }
            if (const auto entry = precise_tail_.find(pc);
                in_precise_tail_ && entry != precise_tail_.end() &&
                entry->second != builder_.GetInsertBlock()) {
                builder_.CreateBr(entry->second);  // a later shared check failing comes here
                builder_.SetInsertPoint(entry->second);
            }
            pc_ = pc;
            word_ = word->second;
            access_index_ = 0;
            const A64Op op = *Classify(word_);
            if (EndsBlock(op)) {
                EmitBranch(op);
                return;
            }
            EmitInstruction(op);
            CountInstruction();
        }
    }

    // Ends the region before the block at start once the instruction budget (a deterministic
    // time slice, or the kernel's halt-check slice) is spent or another thread called Halt().
    void EmitBudgetAndHaltCheck(u64 start) {
        Value* spent =
            builder_.CreateICmpUGE(builder_.CreateLoad(builder_.getInt64Ty(), count_), budget_);
        auto* halt = builder_.CreateLoad(builder_.getInt8Ty(), halt_);
        halt->setAtomic(llvm::AtomicOrdering::Monotonic);
        halt->setAlignment(llvm::Align(1));
        Value* stop = builder_.CreateOr(spent, builder_.CreateICmpNE(halt, builder_.getInt8(0)));
        BasicBlock* body = NewBlock("body");
        BasicBlock* leave = NewBlock("leave");
        builder_.CreateCondBr(stop, leave, body);
        builder_.SetInsertPoint(leave);
        Exit(builder_.getInt64(start));
        builder_.SetInsertPoint(body);
    }

    void CountInstruction() {
        builder_.CreateStore(builder_.CreateAdd(builder_.CreateLoad(builder_.getInt64Ty(), count_),
                                                builder_.getInt64(1)),
                             count_);
    }

    // --- registers and flags -------------------------------------------------------------
    llvm::IntegerType* Type(bool sf) { return sf ? builder_.getInt64Ty() : builder_.getInt32Ty(); }
    Value* Constant(bool sf, u64 value) { return llvm::ConstantInt::get(Type(sf), value); }

    // Register 31 reads as zero.
    Value* Reg(unsigned index, bool sf) {
        if (index == 31) {
            return Constant(sf, 0);
        }
        return Narrow(builder_.CreateLoad(builder_.getInt64Ty(), registers_[index]), sf);
    }
    // Register 31 is SP.
    Value* RegOrSp(unsigned index, bool sf) {
        return Narrow(builder_.CreateLoad(builder_.getInt64Ty(), registers_[index]), sf);
    }
    Value* Narrow(Value* value, bool sf) {
        return sf ? value : builder_.CreateTrunc(value, builder_.getInt32Ty());
    }
    // A W register write clears the upper half; writes to register 31 are discarded.
    void SetReg(unsigned index, Value* value) {
        if (index != 31) {
            SetRegOrSp(index, value);
        }
    }
    void SetRegOrSp(unsigned index, Value* value) {
        EndChecksOff(index);
        builder_.CreateStore(builder_.CreateZExt(value, builder_.getInt64Ty()), registers_[index]);
    }

    Value* Flag(unsigned flag) { return builder_.CreateLoad(builder_.getInt1Ty(), flags_[flag]); }
    void SetFlags(Value* n, Value* z, Value* c, Value* v) {
        const std::array<Value*, 4> values{n, z, c, v};
        for (unsigned flag = 0; flag < 4; ++flag) {
            builder_.CreateStore(values[flag], flags_[flag]);
        }
    }
    void SetLogicalFlags(Value* result) {
        SetFlags(builder_.CreateICmpSLT(result, Constant(IsWide(result), 0)),
                 builder_.CreateICmpEQ(result, Constant(IsWide(result), 0)), builder_.getFalse(),
                 builder_.getFalse());
    }
    static bool IsWide(Value* value) { return value->getType()->getIntegerBitWidth() == 64; }

    // ConditionHolds of the Arm ARM.
    Value* Condition(unsigned condition) {
        Value* result = nullptr;
        switch (condition >> 1) {
            case 0:
                result = Flag(1);
                break;  // EQ: Z
            case 1:
                result = Flag(2);
                break;  // CS: C
            case 2:
                result = Flag(0);
                break;  // MI: N
            case 3:
                result = Flag(3);
                break;  // VS: V
            case 4:
                result = builder_.CreateAnd(Flag(2), builder_.CreateNot(Flag(1)));
                break;
            case 5:
                result = builder_.CreateICmpEQ(Flag(0), Flag(3));
                break;  // GE
            case 6:     // GT
                result = builder_.CreateAnd(builder_.CreateICmpEQ(Flag(0), Flag(3)),
                                            builder_.CreateNot(Flag(1)));
                break;
            default:
                return builder_.getTrue();  // AL and NV
        }
        return (condition & 1) ? builder_.CreateNot(result) : result;
    }

    // AddWithCarry of the Arm ARM; sets NZCV when set_flags.
    Value* AddWithCarry(Value* a, Value* b, Value* carry, bool set_flags) {
        const bool sf = IsWide(a);
        Value* result =
            builder_.CreateAdd(builder_.CreateAdd(a, b), builder_.CreateZExt(carry, Type(sf)));
        if (set_flags) {
            auto* wide = builder_.getIntNTy(sf ? 128 : 64);
            Value* carry_wide = builder_.CreateZExt(carry, wide);
            Value* unsigned_sum = builder_.CreateAdd(
                builder_.CreateAdd(builder_.CreateZExt(a, wide), builder_.CreateZExt(b, wide)),
                carry_wide);
            Value* signed_sum = builder_.CreateAdd(
                builder_.CreateAdd(builder_.CreateSExt(a, wide), builder_.CreateSExt(b, wide)),
                carry_wide);
            SetFlags(builder_.CreateICmpSLT(result, Constant(sf, 0)),
                     builder_.CreateICmpEQ(result, Constant(sf, 0)),
                     builder_.CreateICmpNE(unsigned_sum, builder_.CreateZExt(result, wide)),
                     builder_.CreateICmpNE(signed_sum, builder_.CreateSExt(result, wide)));
        }
        return result;
    }
    Value* AddOrSubtract(Value* a, Value* b, bool subtract, bool set_flags) {
        if (subtract) {
            return AddWithCarry(a, builder_.CreateNot(b), builder_.getTrue(), set_flags);
        }
        return AddWithCarry(a, b, builder_.getFalse(), set_flags);
    }

    Value* Shift(Value* value, ShiftType type, unsigned amount) {
        if (amount == 0) {
            return value;
        }
        Value* count = Constant(IsWide(value), amount);
        switch (type) {
            case ShiftType::Lsl:
                return builder_.CreateShl(value, count);
            case ShiftType::Lsr:
                return builder_.CreateLShr(value, count);
            case ShiftType::Asr:
                return builder_.CreateAShr(value, count);
            case ShiftType::Ror:
                return Rotate(value, count);
        }
        return value;
    }
    Value* Rotate(Value* value, Value* count) {
        return builder_.CreateIntrinsic(llvm::Intrinsic::fshr, {value->getType()},
                                        {value, value, count});
    }

    // ExtendReg of the Arm ARM: register index's low bits, extended to datasize, shifted left.
    Value* ExtendReg(unsigned index, unsigned option, unsigned shift, bool sf) {
        static constexpr unsigned kBits[] = {8, 16, 32, 64};
        const unsigned bits = kBits[option & 3];
        Value* value = builder_.CreateTrunc(Reg(index, true), builder_.getIntNTy(bits));
        Value* extended = (option & 4) ? builder_.CreateSExtOrTrunc(value, Type(sf))
                                       : builder_.CreateZExtOrTrunc(value, Type(sf));
        return builder_.CreateShl(extended, Constant(sf, shift));
    }

    // --- instructions --------------------------------------------------------------------
    u32 F(unsigned low, unsigned count) const { return Field(word_, low, count); }
    bool Sf() const { return F(31, 1) != 0; }
    unsigned Rd() const { return F(0, 5); }
    unsigned Rn() const { return F(5, 5); }
    unsigned Rm() const { return F(16, 5); }

    void EmitInstruction(A64Op op) {
        switch (op) {
            case A64Op::Nop:
                return;
            case A64Op::AddSubImmediate:
                return EmitAddSubImmediate();
            case A64Op::LogicalImmediate:
                return EmitLogicalImmediate();
            case A64Op::MoveWide:
                return EmitMoveWide();
            case A64Op::Bitfield:
                return EmitBitfield();
            case A64Op::Extract:
                return EmitExtract();
            case A64Op::PcRelative:
                return EmitPcRelative();
            case A64Op::LogicalShifted:
                return EmitLogicalShifted();
            case A64Op::AddSubShifted:
                return EmitAddSubShifted();
            case A64Op::AddSubExtended:
                return EmitAddSubExtended();
            case A64Op::AddSubCarry:
                return EmitAddSubCarry();
            case A64Op::ConditionalCompare:
                return EmitConditionalCompare();
            case A64Op::ConditionalSelect:
                return EmitConditionalSelect();
            case A64Op::DataProcessing1:
                return EmitDataProcessing1();
            case A64Op::DataProcessing2:
                return EmitDataProcessing2();
            case A64Op::DataProcessing3:
                return EmitDataProcessing3();
            case A64Op::LoadStoreImmediate:
                return EmitLoadStoreImmediate();
            case A64Op::LoadStoreRegister:
                return EmitLoadStoreRegister();
            case A64Op::LoadLiteral:
                return EmitLoadLiteral();
            case A64Op::SystemRegister:
                return EmitSystemRegister();
            case A64Op::LoadStorePair:
                return F(26, 1) ? EmitVectorLoadStorePair() : EmitLoadStorePair();
            case A64Op::FpDataProcessing1:
                return EmitFpDataProcessing1();
            case A64Op::FpDataProcessing2:
                return EmitFpDataProcessing2();
            case A64Op::FpDataProcessing3:
                return EmitFpDataProcessing3();
            case A64Op::FpCompare:
            case A64Op::FpConditionalCompare:
                return EmitFpCompare(op == A64Op::FpConditionalCompare);
            case A64Op::FpConditionalSelect:
                return EmitFpConditionalSelect();
            case A64Op::FpImmediate:
                return EmitFpImmediate();
            case A64Op::FpIntegerConversion:
                return EmitFpIntegerConversion();
            case A64Op::SimdThreeSame:
                return EmitSimdThreeSame();
            case A64Op::SimdCopy:
                return EmitSimdCopy();
            case A64Op::SimdModifiedImmediate:
                return EmitSimdModifiedImmediate();
            case A64Op::SimdShiftImmediate:
                return EmitSimdShiftImmediate();
            case A64Op::SimdTwoRegisterMisc:
                return EmitSimdTwoRegisterMisc();
            case A64Op::SimdByElement:
                return EmitSimdByElement();
            case A64Op::SimdLoadReplicate:
                return EmitSimdLoadReplicate();
            case A64Op::SimdPermute:
                return EmitSimdPermute();
            case A64Op::SimdExtract:
                return EmitSimdExtract();
            default:
                return;  // branches are EmitBranch's
        }
    }

    void EmitAddSubImmediate() {
        const bool sf = Sf();
        const bool set_flags = F(29, 1) != 0;
        const u64 immediate = u64{F(10, 12)} << (F(22, 1) ? 12 : 0);
        Value* result =
            AddOrSubtract(RegOrSp(Rn(), sf), Constant(sf, immediate), F(30, 1) != 0, set_flags);
        set_flags ? SetReg(Rd(), result) : SetRegOrSp(Rd(), result);
    }

    void EmitLogicalImmediate() {
        const bool sf = Sf();
        const auto masks = *DecodeBitMasks(F(22, 1), F(10, 6), F(16, 6), true, sf ? 64 : 32);
        Value* a = Reg(Rn(), sf);
        Value* b = Constant(sf, masks.wmask);
        switch (F(29, 2)) {
            case 0:
                return SetRegOrSp(Rd(), builder_.CreateAnd(a, b));
            case 1:
                return SetRegOrSp(Rd(), builder_.CreateOr(a, b));
            case 2:
                return SetRegOrSp(Rd(), builder_.CreateXor(a, b));
            default: {
                Value* result = builder_.CreateAnd(a, b);
                SetLogicalFlags(result);
                return SetReg(Rd(), result);
            }
        }
    }

    void EmitMoveWide() {
        const bool sf = Sf();
        const unsigned position = F(21, 2) * 16;
        const u64 immediate = u64{F(5, 16)} << position;
        switch (F(29, 2)) {
            case 0:
                return SetReg(Rd(), Constant(sf, ~immediate));  // MOVN
            case 2:
                return SetReg(Rd(), Constant(sf, immediate));  // MOVZ
            default: {                                         // MOVK
                Value* kept =
                    builder_.CreateAnd(Reg(Rd(), sf), Constant(sf, ~(u64{0xffff} << position)));
                return SetReg(Rd(), builder_.CreateOr(kept, Constant(sf, immediate)));
            }
        }
    }

    // SBFM, BFM, UBFM as the Arm ARM's pseudocode writes them.
    void EmitBitfield() {
        const bool sf = Sf();
        const unsigned bits = sf ? 64 : 32;
        const unsigned opc = F(29, 2);
        const unsigned immr = F(16, 6);
        const unsigned imms = F(10, 6);
        const auto masks = *DecodeBitMasks(F(22, 1), imms, immr, false, bits);
        Value* destination = opc == 1 ? Reg(Rd(), sf) : Constant(sf, 0);
        Value* source = Reg(Rn(), sf);
        Value* rotated = Shift(source, ShiftType::Ror, immr);
        Value* bottom =
            builder_.CreateOr(builder_.CreateAnd(destination, Constant(sf, ~masks.wmask)),
                              builder_.CreateAnd(rotated, Constant(sf, masks.wmask)));
        Value* top = destination;
        if (opc == 0) {  // SBFM replicates bit imms of the source
            top = builder_.CreateAShr(builder_.CreateShl(source, Constant(sf, bits - 1 - imms)),
                                      Constant(sf, bits - 1));
        }
        Value* result = builder_.CreateOr(builder_.CreateAnd(top, Constant(sf, ~masks.tmask)),
                                          builder_.CreateAnd(bottom, Constant(sf, masks.tmask)));
        SetReg(Rd(), result);
    }

    void EmitExtract() {
        const bool sf = Sf();
        Value* result =
            builder_.CreateIntrinsic(llvm::Intrinsic::fshr, {Type(sf)},
                                     {Reg(Rn(), sf), Reg(Rm(), sf), Constant(sf, F(10, 6))});
        SetReg(Rd(), result);
    }

    void EmitPcRelative() {
        const u64 immediate = SignExtend((u64{F(5, 19)} << 2) | F(29, 2), 21);
        const bool page = F(31, 1) != 0;
        const u64 value = page ? (pc_ & ~u64{0xfff}) + (immediate << 12) : pc_ + immediate;
        SetReg(Rd(), builder_.getInt64(value));
    }

    void EmitLogicalShifted() {
        const bool sf = Sf();
        Value* a = Reg(Rn(), sf);
        Value* b = Shift(Reg(Rm(), sf), static_cast<ShiftType>(F(22, 2)), F(10, 6));
        if (F(21, 1)) {
            b = builder_.CreateNot(b);  // BIC, ORN, EON, BICS
        }
        switch (F(29, 2)) {
            case 0:
                return SetReg(Rd(), builder_.CreateAnd(a, b));
            case 1:
                return SetReg(Rd(), builder_.CreateOr(a, b));
            case 2:
                return SetReg(Rd(), builder_.CreateXor(a, b));
            default: {
                Value* result = builder_.CreateAnd(a, b);
                SetLogicalFlags(result);
                return SetReg(Rd(), result);
            }
        }
    }

    void EmitAddSubShifted() {
        const bool sf = Sf();
        Value* b = Shift(Reg(Rm(), sf), static_cast<ShiftType>(F(22, 2)), F(10, 6));
        SetReg(Rd(), AddOrSubtract(Reg(Rn(), sf), b, F(30, 1) != 0, F(29, 1) != 0));
    }

    void EmitAddSubExtended() {
        const bool sf = Sf();
        const bool set_flags = F(29, 1) != 0;
        Value* b = ExtendReg(Rm(), F(13, 3), F(10, 3), sf);
        Value* result = AddOrSubtract(RegOrSp(Rn(), sf), b, F(30, 1) != 0, set_flags);
        set_flags ? SetReg(Rd(), result) : SetRegOrSp(Rd(), result);
    }

    void EmitAddSubCarry() {
        const bool sf = Sf();
        Value* b = Reg(Rm(), sf);
        if (F(30, 1)) {
            b = builder_.CreateNot(b);  // SBC, SBCS
        }
        SetReg(Rd(), AddWithCarry(Reg(Rn(), sf), b, Flag(2), F(29, 1) != 0));
    }

    void EmitConditionalCompare() {
        const bool sf = Sf();
        Value* holds = Condition(F(12, 4));
        Value* b = F(11, 1) ? Constant(sf, F(16, 5)) : Reg(Rm(), sf);
        AddOrSubtract(Reg(Rn(), sf), b, F(30, 1) != 0, true);
        const unsigned nzcv = F(0, 4);
        for (unsigned flag = 0; flag < 4; ++flag) {
            Value* otherwise = builder_.getInt1((nzcv >> (3 - flag)) & 1);
            builder_.CreateStore(builder_.CreateSelect(holds, Flag(flag), otherwise), flags_[flag]);
        }
    }

    void EmitConditionalSelect() {
        const bool sf = Sf();
        Value* holds = Condition(F(12, 4));
        Value* otherwise = Reg(Rm(), sf);
        const bool invert = F(30, 1) != 0;
        const bool increment = F(10, 1) != 0;
        if (invert) {
            otherwise = builder_.CreateNot(otherwise);
        }
        if (increment) {
            otherwise = builder_.CreateAdd(otherwise, Constant(sf, 1));  // CSINC, or CSNEG
        }
        SetReg(Rd(), builder_.CreateSelect(holds, Reg(Rn(), sf), otherwise));
    }

    void EmitDataProcessing1() {
        const bool sf = Sf();
        Value* x = Reg(Rn(), sf);
        Value* result = nullptr;
        switch (F(10, 6)) {
            case 0:
                result = builder_.CreateUnaryIntrinsic(llvm::Intrinsic::bitreverse, x);
                break;
            case 1: {  // REV16: the bytes of each halfword swapped
                const u64 even = sf ? 0x00ff00ff00ff00ffull : 0x00ff00ffull;
                result = builder_.CreateOr(
                    builder_.CreateAnd(builder_.CreateLShr(x, Constant(sf, 8)), Constant(sf, even)),
                    builder_.CreateShl(builder_.CreateAnd(x, Constant(sf, even)), Constant(sf, 8)));
                break;
            }
            case 2:  // REV32 (64-bit: the bytes of each word), REV (32-bit)
                result = builder_.CreateUnaryIntrinsic(llvm::Intrinsic::bswap, x);
                if (sf) {
                    result = Rotate(result, Constant(sf, 32));
                }
                break;
            case 3:
                result = builder_.CreateUnaryIntrinsic(llvm::Intrinsic::bswap, x);
                break;
            case 4:
                result =
                    builder_.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, x, builder_.getFalse());
                break;
            default: {  // CLS: leading zeros of x<N-1:1> EOR x<N-2:0>
                Value* differences = builder_.CreateOr(
                    builder_.CreateXor(x, builder_.CreateShl(x, Constant(sf, 1))), Constant(sf, 1));
                result = builder_.CreateBinaryIntrinsic(llvm::Intrinsic::ctlz, differences,
                                                        builder_.getFalse());
                break;
            }
        }
        SetReg(Rd(), result);
    }

    void EmitDataProcessing2() {
        const bool sf = Sf();
        const unsigned bits = sf ? 64 : 32;
        Value* a = Reg(Rn(), sf);
        Value* b = Reg(Rm(), sf);
        const u32 opcode = F(10, 6);
        if (opcode == 0b000010 || opcode == 0b000011) {
            // A64 division by zero gives zero and INT_MIN / -1 gives INT_MIN; LLVM's is undefined
            // for both, so the divisor is replaced where they happen.
            Value* zero = builder_.CreateICmpEQ(b, Constant(sf, 0));
            Value* result = nullptr;
            if (opcode == 0b000010) {
                Value* divisor = builder_.CreateSelect(zero, Constant(sf, 1), b);
                result = builder_.CreateUDiv(a, divisor);
            } else {
                Value* overflow =
                    builder_.CreateAnd(builder_.CreateICmpEQ(a, Constant(sf, u64{1} << (bits - 1))),
                                       builder_.CreateICmpEQ(b, Constant(sf, ~u64{0})));
                Value* divisor =
                    builder_.CreateSelect(builder_.CreateOr(zero, overflow), Constant(sf, 1), b);
                result = builder_.CreateSDiv(a, divisor);
            }
            SetReg(Rd(), builder_.CreateSelect(zero, Constant(sf, 0), result));
            return;
        }
        Value* count = builder_.CreateAnd(b, Constant(sf, bits - 1));
        switch (opcode) {
            case 0b001000:
                return SetReg(Rd(), builder_.CreateShl(a, count));
            case 0b001001:
                return SetReg(Rd(), builder_.CreateLShr(a, count));
            case 0b001010:
                return SetReg(Rd(), builder_.CreateAShr(a, count));
            default:
                return SetReg(Rd(), Rotate(a, count));
        }
    }

    void EmitDataProcessing3() {
        const bool sf = Sf();
        const unsigned ra = F(10, 5);
        const bool subtract = F(15, 1) != 0;
        switch (F(21, 3)) {
            case 0: {  // MADD, MSUB
                Value* product = builder_.CreateMul(Reg(Rn(), sf), Reg(Rm(), sf));
                Value* accumulator = Reg(ra, sf);
                SetReg(Rd(), subtract ? builder_.CreateSub(accumulator, product)
                                      : builder_.CreateAdd(accumulator, product));
                return;
            }
            case 1:
            case 5: {  // SMADDL, SMSUBL, UMADDL, UMSUBL
                const bool is_signed = F(21, 3) == 1;
                auto extend = [&](unsigned index) {
                    Value* w = Reg(index, false);
                    return is_signed ? builder_.CreateSExt(w, builder_.getInt64Ty())
                                     : builder_.CreateZExt(w, builder_.getInt64Ty());
                };
                Value* product = builder_.CreateMul(extend(Rn()), extend(Rm()));
                Value* accumulator = Reg(ra, true);
                SetReg(Rd(), subtract ? builder_.CreateSub(accumulator, product)
                                      : builder_.CreateAdd(accumulator, product));
                return;
            }
            default: {  // SMULH, UMULH: the high half of the 128-bit product
                const bool is_signed = F(21, 3) == 2;
                auto* i128 = builder_.getIntNTy(128);
                auto extend = [&](Value* x) {
                    return is_signed ? builder_.CreateSExt(x, i128) : builder_.CreateZExt(x, i128);
                };
                Value* product =
                    builder_.CreateMul(extend(Reg(Rn(), true)), extend(Reg(Rm(), true)));
                SetReg(Rd(), builder_.CreateTrunc(builder_.CreateLShr(product, 64),
                                                  builder_.getInt64Ty()));
                return;
            }
        }
    }

    // --- memory --------------------------------------------------------------------------
    // The guest permission byte of the table entry `page` (unordered, not monotonic: LLVM may
    // then reuse one page's byte for several accesses).
    Value* PagePermission(Value* page) {
        auto* i8 = builder_.getInt8Ty();
        auto* permission =
            builder_.CreateLoad(i8, builder_.CreateInBoundsGEP(i8, permission_table_, page));
        permission->setAtomic(llvm::AtomicOrdering::Unordered);
        permission->setAlignment(llvm::Align(1));
        permission->setMetadata(llvm::LLVMContext::MD_noalias, guest_memory_scope_);
        return permission;
    }

    // Branches to `allowed` where every page of [address, address + bytes) (bytes <=
    // kPageSize: one page or two neighbours) allows `need`, else to `refused`: one load of the
    // page's table entry and one branch. One clamp: a page index past the address space
    // becomes the table's first entry past it, which is 0 (GuestMemory::PermissionTable). An
    // access within its page needs the entry's own bits; one whose bytes cross into the next
    // page needs its both-pages bits (this page and the next allow it), so no second entry is
    // read: the crossing selects the shift of the entry, without a branch.
    void BranchIfPagesAllow(Value* address, u64 bytes, Permission need, BasicBlock* allowed,
                            BasicBlock* refused) {
        auto& bld = builder_;
        Value* page = bld.CreateLShr(address, 12);
        Value* past_the_end = bld.getInt64(u64{1} << (memory_.address_bits - 12));
        page = bld.CreateSelect(bld.CreateICmpULT(page, past_the_end), page, past_the_end);
        Value* entry = PagePermission(page);
        if (bytes > 1) {
            Value* in_page = bld.CreateAnd(address, bld.getInt64(kPageSize - 1));
            Value* crosses = bld.CreateICmpUGT(in_page, bld.getInt64(kPageSize - bytes));
            entry = bld.CreateLShr(
                entry, bld.CreateSelect(crosses, bld.getInt8(GuestMemory::kBothPagesShift),
                                        bld.getInt8(0)));
        }
        const u8 bits = static_cast<u8>(need);
        bld.CreateCondBr(
            bld.CreateICmpEQ(bld.CreateAnd(entry, bld.getInt8(bits)), bld.getInt8(bits)), allowed,
            refused, FaultIsRare());
    }

    // The host pointer of [address, address + bytes) once every page of it allows the access;
    // otherwise the region ends with a fault at this instruction, its registers untouched.
    // Where the block's PageCheckPlan has several accesses off one base share a check, the
    // first checks the pages of all (failing, it goes to the block's precise tail: the rest of
    // the guest block again with a check per access, which faults at the right instruction)
    // and the others none, as long as the base keeps its value (SetRegOrSp ends the check).
    Value* CheckedHostPointer(Value* address, unsigned bytes, bool write, llvm::Type* type) {
        const AccessKey key{pc_, access_index_++};
        const bool covered = !in_precise_tail_ && plan_.covered.contains(key) &&
                             open_checks_.contains(plan_.covered.at(key));
        if (!in_precise_tail_ && plan_.leads.contains(key)) {
            EmitSharedCheck(plan_.leads.at(key), address);
        } else if (!covered) {
            const Permission need = write ? Permission::Write : Permission::Read;
            BasicBlock* ok = NewBlock("access");
            BasicBlock* fault = NewBlock("fault");
            BranchIfPagesAllow(address, bytes, need, ok, fault);
            builder_.SetInsertPoint(fault);
            StoreField(offsetof(RegionState, fault_address), address);
            Exit(builder_.getInt64(pc_), write ? RegionExit::WriteFault : RegionExit::ReadFault);
            builder_.SetInsertPoint(ok);
        }
        Value* host = builder_.CreateInBoundsGEP(builder_.getInt8Ty(), memory_base_, address);
        return builder_.CreateBitCast(host, type->getPointerTo());
    }

    // The check of plan_.checks[index], made by the access at address (its lead).
    void EmitSharedCheck(std::size_t index, Value* address) {
        const SharedPageCheck& check = plan_.checks[index];
        Permission need = Permission::None;
        need = check.read ? need | Permission::Read : need;
        need = check.write ? need | Permission::Write : need;
        Value* low = builder_.CreateAdd(
            address, builder_.getInt64(static_cast<u64>(check.low - check.lead_offset)));
        BasicBlock* ok = NewBlock("access");
        BasicBlock*& precise = precise_tail_[pc_];
        if (precise == nullptr) {
            precise = NewBlock("precise");
        }
        BranchIfPagesAllow(low, static_cast<u64>(check.high - check.low), need, ok, precise);
        builder_.SetInsertPoint(ok);
        open_checks_.insert(index);
    }
    // A write to a base register ends the checks made off it.
    void EndChecksOff(unsigned index) {
        std::erase_if(open_checks_,
                      [&](std::size_t check) { return plan_.checks[check].base == index; });
    }
    llvm::MDNode* FaultIsRare() {
        return llvm::MDBuilder(context_).createBranchWeights(1 << 20, 1);
    }

    // Guest accesses are plain loads and stores that LLVM may combine and reorder inside a
    // guest basic block (as the architecture's weak ordering allows), but never across one:
    // every block boundary is a compiler barrier (EmitBlock), so a loop polling what another
    // core writes reads memory again on every iteration.
    Value* Load(Value* address, unsigned bytes) {
        llvm::Type* type = builder_.getIntNTy(bytes * 8);
        Value* pointer = CheckedHostPointer(address, bytes, false, type);
        auto* load = builder_.CreateAlignedLoad(type, pointer, llvm::Align(1));
        load->setMetadata(llvm::LLVMContext::MD_alias_scope, guest_memory_scope_);
        return load;
    }
    void Store(Value* address, Value* value) {
        const unsigned bytes = value->getType()->getIntegerBitWidth() / 8;
        Value* pointer = CheckedHostPointer(address, bytes, true, value->getType());
        auto* store = builder_.CreateAlignedStore(value, pointer, llvm::Align(1));
        store->setMetadata(llvm::LLVMContext::MD_alias_scope, guest_memory_scope_);
    }

    // One register access of LDR/STR/LDRS*/PRFM (size and opc of the encoding).
    void Access(unsigned size, unsigned opc, unsigned rt, Value* address) {
        if (F(26, 1)) {
            return AccessVector(AccessScale(), (opc & 1) != 0, rt, address);
        }
        const unsigned bytes = 1u << size;
        if (opc == 0) {
            Store(address, builder_.CreateTrunc(Reg(rt, true), builder_.getIntNTy(bytes * 8)));
            return;
        }
        if (opc == 2 && size == 3) {
            return;  // PRFM: a hint, no access and no fault
        }
        Value* value = Load(address, bytes);
        if (opc == 1) {
            SetReg(rt, builder_.CreateZExt(value, builder_.getInt64Ty()));
        } else if (opc == 2) {
            SetReg(rt, builder_.CreateSExt(value, builder_.getInt64Ty()));
        } else {
            SetReg(rt, builder_.CreateSExt(value, builder_.getInt32Ty()));
        }
    }

    void EmitLoadStoreImmediate() {
        const std::optional<BaseOffsetAccess> access =
            DecodeBaseOffsetAccess(A64Op::LoadStoreImmediate, word_);
        if (!access) {
            return;  // PRFM: a hint, no access and no fault
        }
        Value* base = RegOrSp(Rn(), true);
        Access(F(30, 2), F(22, 2), Rd(),
               builder_.CreateAdd(base, builder_.getInt64(access->offsets[0])));
        if (access->written_back) {
            SetRegOrSp(Rn(), builder_.CreateAdd(base, builder_.getInt64(*access->written_back)));
        }
    }

    void EmitLoadStoreRegister() {
        const unsigned size = F(30, 2);
        Value* offset = ExtendReg(Rm(), F(13, 3), F(12, 1) ? AccessScale() : 0, true);
        Access(size, F(22, 2), Rd(), builder_.CreateAdd(RegOrSp(Rn(), true), offset));
    }

    void EmitLoadLiteral() {
        const u64 address = pc_ + (SignExtend(F(5, 19), 19) << 2);
        if (F(26, 1)) {  // S, D, Q
            return AccessVector(2 + F(30, 2), true, Rd(), builder_.getInt64(address));
        }
        switch (F(30, 2)) {
            case 0:
                return Access(2, 1, Rd(), builder_.getInt64(address));
            case 1:
                return Access(3, 1, Rd(), builder_.getInt64(address));
            case 2:
                return Access(2, 2, Rd(), builder_.getInt64(address));
            default:
                return;  // PRFM (literal)
        }
    }

    // LDP/STP's (integer and SIMD&FP) two addresses, and the base's new value in the post- and
    // pre-index forms.
    struct PairAddresses {
        Value* first;
        Value* second;
        Value* written_back;  // null in the offset and no-allocate forms
    };
    PairAddresses PairAddressesOf() {
        const BaseOffsetAccess access = *DecodeBaseOffsetAccess(A64Op::LoadStorePair, word_);
        Value* base = RegOrSp(Rn(), true);
        auto at = [&](u64 offset) { return builder_.CreateAdd(base, builder_.getInt64(offset)); };
        return {at(access.offsets[0]), at(access.offsets[1]),
                access.written_back ? at(*access.written_back) : nullptr};
    }
    void WriteBackPairBase(const PairAddresses& pair) {
        if (pair.written_back != nullptr) {
            SetRegOrSp(Rn(), pair.written_back);
        }
    }

    void EmitLoadStorePair() {
        const unsigned opc = F(30, 2);
        const bool load = F(22, 1) != 0;
        const unsigned scale = opc == 2 ? 3 : 2;
        const unsigned bytes = 1u << scale;
        const unsigned rt = Rd();
        const unsigned rt2 = F(10, 5);
        const PairAddresses pair = PairAddressesOf();
        auto* element = builder_.getIntNTy(bytes * 8);
        if (load) {
            // Both elements are read before either register is written, so that a fault on
            // the second leaves the registers as they were.
            Value* first_value = Load(pair.first, bytes);
            Value* second_value = Load(pair.second, bytes);
            auto widen = [&](Value* value) {
                return opc == 1 ? builder_.CreateSExt(value, builder_.getInt64Ty())
                                : builder_.CreateZExt(value, builder_.getInt64Ty());
            };
            SetReg(rt, widen(first_value));
            SetReg(rt2, widen(second_value));
        } else {
            Value* first_value = builder_.CreateTrunc(Reg(rt, true), element);
            Value* second_value = builder_.CreateTrunc(Reg(rt2, true), element);
            Store(pair.first, first_value);
            Store(pair.second, second_value);
        }
        WriteBackPairBase(pair);
    }

    // MRS/MSR of NZCV (the flags in bits 31-28, the rest reads as zero) and MRS of FPCR.
    void EmitSystemRegister() {
        const unsigned rt = Rd();
        if (F(21, 1) == 0) {  // MSR NZCV, Xt
            Value* value = Reg(rt, true);
            auto bit = [&](unsigned position) {
                return builder_.CreateTrunc(builder_.CreateLShr(value, position),
                                            builder_.getInt1Ty());
            };
            return SetFlags(bit(31), bit(30), bit(29), bit(28));
        }
        if (F(10, 1) != 0) {  // FPCR: CRm 4
            return SetReg(rt, builder_.CreateZExt(fpcr_, builder_.getInt64Ty()));
        }
        Value* nzcv = builder_.getInt64(0);
        for (unsigned flag = 0; flag < 4; ++flag) {
            Value* bit = builder_.CreateZExt(Flag(flag), builder_.getInt64Ty());
            nzcv = builder_.CreateOr(nzcv, builder_.CreateShl(bit, 31 - flag));
        }
        SetReg(rt, nzcv);
    }

    // --- branches ------------------------------------------------------------------------
    void EmitBranch(A64Op op) {
        const u64 target = BranchTarget(op, word_, pc_);
        const u64 next = pc_ + 4;
        switch (op) {
            case A64Op::Branch:
                CountInstruction();
                builder_.CreateBr(Target(target));
                return;
            case A64Op::BranchLink:
                SetReg(30, builder_.getInt64(next));
                CountInstruction();
                builder_.CreateBr(Target(target));
                return;
            case A64Op::BranchConditional: {
                Value* holds = Condition(F(0, 4));
                CountInstruction();
                builder_.CreateCondBr(holds, Target(target), Target(next));
                return;
            }
            case A64Op::CompareBranch: {
                Value* zero = builder_.CreateICmpEQ(Reg(Rd(), Sf()), Constant(Sf(), 0));
                CountInstruction();
                const bool branch_if_nonzero = F(24, 1) != 0;
                builder_.CreateCondBr(zero, Target(branch_if_nonzero ? next : target),
                                      Target(branch_if_nonzero ? target : next));
                return;
            }
            case A64Op::TestBranch: {
                const unsigned bit = (F(31, 1) << 5) | F(19, 5);
                Value* set = builder_.CreateTrunc(
                    builder_.CreateLShr(Reg(Rd(), true), builder_.getInt64(bit)),
                    builder_.getInt1Ty());
                CountInstruction();
                const bool branch_if_set = F(24, 1) != 0;
                builder_.CreateCondBr(set, Target(branch_if_set ? target : next),
                                      Target(branch_if_set ? next : target));
                return;
            }
            case A64Op::BranchRegister:
            case A64Op::BranchLinkRegister: {
                // To one of the region's known entry points, it stays in the region.
                Value* destination = Reg(Rn(), true);
                if (op == A64Op::BranchLinkRegister) {
                    SetReg(30, builder_.getInt64(next));
                }
                CountInstruction();
                return EmitDispatch(destination, region_.indirect_targets);
            }
            case A64Op::Return: {
                // A return to one of the region's own call sites stays in the region.
                Value* destination = Reg(Rn(), true);
                CountInstruction();
                return EmitDispatch(destination, region_.return_points);
            }
            default:
                return;
        }
    }

    // Goes on at destination: the region's block there where it is one of `known`, else an
    // exit to the core.
    void EmitDispatch(Value* destination, const std::set<u64>& known) {
        BasicBlock* outside = NewBlock("indirect_out");
        auto* dispatch = builder_.CreateSwitch(destination, outside, known.size());
        for (const u64 point : known) {
            if (blocks_.contains(point)) {
                dispatch->addCase(builder_.getInt64(point), blocks_[point]);
            }
        }
        builder_.SetInsertPoint(outside);
        Exit(destination);
    }

    // log2 of the bytes a load/store (immediate or register offset) accesses: size, or 4 for
    // the 128-bit SIMD&FP form (V 1, opc<1> 1).
    unsigned AccessScale() const { return F(26, 1) && F(23, 1) ? 4 : F(30, 2); }

    // --- SIMD&FP registers (vector_memory_translator.cpp, fp_translator.cpp) ----------------
    llvm::FixedVectorType* VectorType() {
        return llvm::FixedVectorType::get(builder_.getInt64Ty(), 2);
    }
    // The low `bits` of V[index] as an integer (8 to 128 bits).
    Value* VScalar(unsigned index, unsigned bits);
    // V[index] = value (an integer of 8 to 128 bits), the bits above it cleared.
    void SetVScalar(unsigned index, Value* value);
    // V[index] (or its low half, !full) as lanes of lane_bits integers.
    Value* VLanes(unsigned index, unsigned lane_bits, bool full);
    // V[index] = lanes (64 or 128 bits of them), the bits above a 64-bit vector cleared.
    void SetVLanes(unsigned index, Value* lanes);
    void AccessVector(unsigned scale, bool load, unsigned rt, Value* address);
    void EmitVectorLoadStorePair();

    // --- floating point (fp_translator.cpp) ----------------------------------------------
    // A region with FP or SIMD instructions runs only under an FPCR it translates exactly:
    // otherwise it returns at its entry, having run nothing (RegionExit::FpcrUnsupported). One
    // check at the entry, not one per instruction: a loop-invariant branch in every FP
    // instruction made LLVM's loop passes unswitch and copy loops (seconds of compile time).
    void EnterIfFpcrIsTranslated();
    // FPSR |= bits where condition (an i1) holds.
    void RaiseFpsr(Value* condition, u32 bits);
    // The A64 result (bits) of the 2-source operation `opcode` of C4.1.96 (FMUL 0 ... FNMUL 8)
    // and of FPMulAdd(addend, n, m), lane by lane, with their NaN rules, FPCR.DN and flags.
    Value* FpBinary(unsigned opcode, Value* a, Value* b);
    Value* FpMulAdd(Value* addend, Value* n, Value* m);
    // A host operation's result where no operand was a NaN: an invalid operation's NaN is the
    // A64 default NaN (positive, unlike SSE's).
    Value* FpHostResult(Value* result_bits);
    // `host_bits` where none of its lanes is a NaN, else what `exact` emits, in a block of its
    // own that the fast path branches around. For arithmetic whose result is a NaN whenever an
    // operand is one (add, subtract, multiply, divide, fused multiply-add), a result without
    // NaNs had no NaN operand and no invalid operation, so the A64 NaN rules, FPCR.DN and
    // the IOC computed on the bits have nothing to change: that costs one compare and branch
    // per instruction instead of the rules' twenty-odd vector operations (bench matmul).
    Value* HostResultUnlessNaN(Value* host_bits, llvm::function_ref<Value*()> exact);
    // FPCR.DN: every NaN result is the default NaN.
    Value* FpApplyDefaultNaN(Value* bits);
    void EmitFpDataProcessing1();
    void EmitFpDataProcessing2();
    void EmitFpDataProcessing3();
    void EmitFpCompare(bool conditional);
    void EmitFpConditionalSelect();
    void EmitFpImmediate();
    void EmitFpIntegerConversion();

    // --- Advanced SIMD (simd_translator.cpp) ---------------------------------------------
    // The lanes of an FP operand: for a 64-bit vector (!q), two singles padded with two lanes
    // of 1.0, so that the host's 128-bit operation raises no flag for lanes the guest lacks.
    Value* FpLanes(unsigned index, bool is_double, bool q);
    // Writes FP lanes from FpLanes-shaped operands: the low two singles only where !q.
    void SetFpLanes(unsigned index, Value* lanes, bool q);
    Value* Splat(Value* element, unsigned count);
    void EmitSimdThreeSame();
    void EmitSimdThreeSameInteger();
    void EmitSimdCopy();
    void EmitSimdModifiedImmediate();
    void EmitSimdShiftImmediate();
    void EmitSimdTwoRegisterMisc();
    void EmitSimdByElement();
    void EmitSimdLoadReplicate();
    void EmitSimdPermute();
    void EmitSimdExtract();

    const Region& region_;
    const MemoryLayout& memory_;
    llvm::LLVMContext& context_;
    llvm::IRBuilder<> builder_;
    llvm::Function* function_ = nullptr;
    Value* state_ = nullptr;
    std::array<llvm::AllocaInst*, 32> registers_{};  // X0..X30, then SP
    std::array<llvm::AllocaInst*, 4> flags_{};       // N, Z, C, V
    std::array<llvm::AllocaInst*, 32> vregs_{};      // V0..V31 as <2 x i64>
    llvm::AllocaInst* fpsr_ = nullptr;
    Value* fpcr_ = nullptr;         // FPCR, constant in a region
    Value* fp_exact_ = nullptr;     // FPCR asks for what the translation does exactly
    Value* default_nan_ = nullptr;  // FPCR.DN
    llvm::AllocaInst* count_ = nullptr;
    llvm::AllocaInst* exit_pc_ = nullptr;
    llvm::AllocaInst* exit_kind_ = nullptr;
    std::set<u64> checking_blocks_;  // FindBlocksThatCheck
    Value* budget_ = nullptr;
    Value* halt_ = nullptr;
    Value* memory_base_ = nullptr;
    Value* permission_table_ = nullptr;
    llvm::MDNode* guest_memory_scope_ = nullptr;
    std::map<u64, BasicBlock*> blocks_;
    // This guest block's branches out of the region, by target, and the block storing the
    // state for every exit of this guest block.
    std::map<u64, BasicBlock*> exits_;
    BasicBlock* block_exit_ = nullptr;
    std::vector<BasicBlock*> exits_to_core_;
    std::set<const llvm::StoreInst*> entry_stores_;  // LoadState's stores of the entry values
    // The page checks of the guest block being emitted (CheckedHostPointer): its plan, the
    // shared checks made so far whose base still holds its value, and the precise tail's
    // entries by the pc of the shared check that goes there.
    PageCheckPlan plan_;
    std::set<std::size_t> open_checks_;
    std::map<u64, BasicBlock*> precise_tail_;
    bool in_precise_tail_ = false;
    unsigned access_index_ = 0;  // of the instruction at pc_
    u64 pc_ = 0;
    u32 word_ = 0;
};

}  // namespace cpu::llvm_tier
