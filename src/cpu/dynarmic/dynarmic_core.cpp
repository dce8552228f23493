#include <atomic>
#include <cstring>
#include <limits>
#include <mutex>
#include <unordered_set>
#include <vector>

#include <dynarmic/interface/A64/a64.h>
#include <dynarmic/interface/A64/config.h>
#include <dynarmic/interface/exclusive_monitor.h>

#include "base/log.h"
#include "cpu/a64_extension.h"
#include "cpu/a64_extension/pointer_auth.h"
#include "cpu/atomic128.h"
#include "cpu/code_tier.h"
#include "cpu/core.h"
#include "cpu/dynarmic/host_division_guard.h"
#include "cpu/exclusive_monitor.h"
#include "cpu/guest_memory.h"
#include "cpu/lse_patch_area.h"

namespace cpu {
namespace {

using Dynarmic::A64::Exception;
using Dynarmic::A64::VAddr;

constexpr auto kFaultHalt = Dynarmic::HaltReason::UserDefined2;
constexpr auto kRegionEntryHalt = Dynarmic::HaltReason::UserDefined3;

// With a code tier, the code-read callback gives this word (BRK #0x7ee1) for the entry of a
// region the tier has compiled; the breakpoint it raises hands the entry to the tier. Only
// addresses in trapped_ mean it: a guest's own BRK never stands at a region's entry, whose
// first instruction is one the tier translates.
constexpr u32 kRegionTrap = 0xd4200000u | (0x7ee1u << 5);
constexpr u32 kNzcvMask = 0xf000'0000;

class DynarmicCore final : public Core, private Dynarmic::A64::UserCallbacks {
public:
    explicit DynarmicCore(const CoreConfig& config)
        : memory_(*config.memory),
          hooks_(*config.hooks),
          lse_patches_(config.lse_patches),
          index_(config.index),
          precise_faults_(config.precise_faults),
          tier_(config.tier),
          tpidrro_(config.tpidrro_el0) {
        Dynarmic::A64::UserConfig& jit_config = jit_config_;
        jit_config.callbacks = this;
        jit_config.processor_id = config.index;
        jit_config.global_monitor =
            config.monitor ? static_cast<Dynarmic::ExclusiveMonitor*>(config.monitor->Backend())
                           : nullptr;
        jit_config.tpidrro_el0 = &tpidrro_;
        jit_config.tpidr_el0 = &tpidr_;
        jit_config.fastmem_pointer = memory_.Base();
        jit_config.fastmem_address_space_bits = memory_.AddressBits();
        jit_config.silently_mirror_fastmem = false;
        jit_config.fastmem_exclusive_access = config.monitor != nullptr;
        jit_config.cntfrq_el0 = static_cast<u32>(kGuestCounterFrequency);
        // The console's Cortex-A78C: 64-byte cache lines, DC ZVA zeroes 64 bytes.
        jit_config.ctr_el0 = 0x8444c004;
        jit_config.dczid_el0 = 4;
        jit_config.enable_cycle_counting = true;
        // A halt check after every access makes a fault stop at its own instruction, but costs
        // about a third of the speed of memory-heavy code; without it the block runs to its end
        // (its supervisor calls and fallbacks skipped) and the report's PC is the block's end.
        jit_config.check_halt_on_memory_access = config.precise_faults;
        InstallHostDivisionGuard();
        if (config.single_core || !config.strict_exclusives) {
            // Without dynarmic's global monitor an exclusive store is one LOCK CMPXCHG against
            // the value the exclusive load read, instead of two spin-locked table updates and
            // two fences around it (LDXR/STXR: about 45 instead of 135 ns here). With one core
            // nothing else can take a reservation between LDXR and STXR (a thread switch clears
            // it), so the table is pure cost there; see CoreConfig::strict_exclusives otherwise.
            jit_config.unsafe_optimizations = true;
            jit_config.optimizations |= Dynarmic::OptimizationFlag::Unsafe_IgnoreGlobalMonitor;
        }
        if (config.single_core && lse_patches_ != nullptr) {
            // On one core LSE atomics need no exclusives at all: plain load/op/store
            // trampolines (see lse_rewriter.h for why they are atomic there).
            lse_patches_->SetMode(LseRewriteMode::kSingleCore);
        }
        jit_config.code_cache_size = 64 * 1024 * 1024;
        // The Jit itself (tens of milliseconds to build) waits for the core's first use:
        // cores that never run a thread never pay for it.
    }

    Stop Run() override {
        fault_.reset();
        if (tier_ != nullptr) {
            return RunWithTier();
        }
        const Dynarmic::HaltReason reason = Engine().Run();
        if (Dynarmic::Has(reason, kFaultHalt)) {
            return FaultStop();
        }
        // Halt() or the end of the instruction budget: the kernel decides what runs next.
        Engine().ClearHalt(Dynarmic::HaltReason::UserDefined1);
        return Stop{StopReason::Halted, std::nullopt};
    }

    // From other host threads: a core that has not run yet has nothing to stop.
    void Halt() override {
        if (jit_ready_.load(std::memory_order_acquire)) {
            halt_requested_.store(true, std::memory_order_release);
            jit_->HaltExecution(Dynarmic::HaltReason::UserDefined1);
        }
    }

    u64 GetX(unsigned index) const override { return Engine().GetRegister(index); }
    void SetX(unsigned index, u64 value) override { Engine().SetRegister(index, value); }
    u64 GetSP() const override { return Engine().GetSP(); }
    void SetSP(u64 value) override { Engine().SetSP(value); }
    u64 GetPC() const override { return Engine().GetPC(); }
    void SetPC(u64 value) override { Engine().SetPC(value); }

    ThreadContext GetContext() const override {
        ThreadContext context;
        context.x = Engine().GetRegisters();
        context.sp = Engine().GetSP();
        context.pc = Engine().GetPC();
        context.pstate = Engine().GetPstate();
        context.v = Engine().GetVectors();
        context.fpcr = Engine().GetFpcr();
        context.fpsr = Engine().GetFpsr();
        context.tpidr = tpidr_;
        return context;
    }

    void SetContext(const ThreadContext& context) override {
        Engine().SetRegisters(context.x);
        Engine().SetSP(context.sp);
        Engine().SetPC(context.pc);
        Engine().SetPstate(context.pstate);
        Engine().SetVectors(context.v);
        Engine().SetFpcr(context.fpcr);
        Engine().SetFpsr(context.fpsr);
        tpidr_ = context.tpidr;
        Engine().ClearExclusiveState();
    }

    void SetTpidrroEl0(u64 value) override { tpidrro_ = value; }
    // From other host threads: a core that has not run yet has no code to drop.
    void InvalidateCode(u64 address, u64 size) override {
        if (tier_ != nullptr) {
            tier_->Invalidate(address, size);
        }
        if (jit_ready_.load(std::memory_order_acquire)) {
            jit_->InvalidateCacheRange(address, size);
        }
    }
    u64 InstructionsExecuted() const override { return ticks_; }
    unsigned Index() const override { return index_; }

private:
    Stop FaultStop() {
        Engine().ClearHalt(kFaultHalt | Dynarmic::HaltReason::MemoryAbort);
        if (fault_ && fault_->pc == 0) {
            // A data abort: the access itself with precise faults, else the block's end.
            fault_->pc = Engine().GetPC();
            fault_->pc_is_precise = precise_faults_;
            fault_ = AtOriginalPc(*fault_);
        }
        return Stop{StopReason::Fault, fault_};
    }

    // Runs the guest in dynarmic's slices and the tier's regions until the kernel's budget is
    // spent, a Halt() or a fault. Whenever the PC is a ready region's entry (reached through
    // the trap word, or where another region left off), the region runs instead of dynarmic.
    Stop RunWithTier() {
        const u64 budget = hooks_.InstructionBudget(*this);
        const u64 start = ticks_;
        for (bool ran = false;; ran = true) {
            DropTranslationsOfNewRegions();
            const u64 used = ticks_ - start;
            if ((ran && used >= budget) || halt_requested_.load(std::memory_order_acquire)) {
                break;
            }
            if (tier_->IsReady(Engine().GetPC())) {
                if (auto stop = RunRegion(budget - std::min(used, budget))) {
                    return *stop;
                }
                continue;
            }
            // dynarmic runs in the tier's slices: where a slice ends (a block entry) is a sample
            // of where the guest spends its time, which is how the tier finds hot code without
            // instrumenting dynarmic's blocks.
            slice_ =
                std::max<u64>(1, std::min(budget - std::min(used, budget), tier_->SampleSlice()));
            const Dynarmic::HaltReason reason = Engine().Run();
            // The trap words dynarmic ran stand for no guest instruction.
            ticks_ -= region_traps_;
            region_traps_ = 0;
            if (Dynarmic::Has(reason, kFaultHalt)) {
                return FaultStop();
            }
            if (Dynarmic::Has(reason, Dynarmic::HaltReason::UserDefined1)) {
                break;
            }
            if (Dynarmic::Has(reason, kRegionEntryHalt)) {
                Engine().ClearHalt(kRegionEntryHalt);
            } else if (!Dynarmic::Has(reason, Dynarmic::HaltReason::CacheInvalidation)) {
                tier_->Sample(Engine().GetPC());  // the slice ended at a block entry
            }
        }
        Engine().ClearHalt(Dynarmic::HaltReason::UserDefined1);
        halt_requested_.store(false, std::memory_order_release);
        return Stop{StopReason::Halted, std::nullopt};
    }

    // The region entered at the current PC, on the guest state dynarmic holds; a fault in it
    // stops the run at the faulting instruction, with the registers as they were before it.
    std::optional<Stop> RunRegion(u64 instructions_left) {
        RegionState state;
        state.x = Engine().GetRegisters();
        state.sp = Engine().GetSP();
        state.pc = Engine().GetPC();
        const u32 pstate = Engine().GetPstate();
        state.nzcv = pstate & kNzcvMask;
        state.v = Engine().GetVectors();
        state.fpcr = Engine().GetFpcr();
        state.fpsr = Engine().GetFpsr();
        state.instruction_budget = instructions_left;
        state.halt_requested = &halt_requested_;
        const std::optional<RegionExit> exit = tier_->Run(state);
        if (!exit) {
            return std::nullopt;  // dropped since IsReady: dynarmic runs the code
        }
        Engine().SetRegisters(state.x);
        Engine().SetSP(state.sp);
        Engine().SetPC(state.pc);
        Engine().SetPstate((pstate & ~kNzcvMask) | (state.nzcv & kNzcvMask));
        Engine().SetVectors(state.v);
        Engine().SetFpsr(state.fpsr);
        ticks_ += state.instructions;
        if (*exit == RegionExit::Continue) {
            return std::nullopt;
        }
        const auto kind = *exit == RegionExit::WriteFault ? GuestFault::Kind::WriteFault
                                                          : GuestFault::Kind::ReadFault;
        fault_ = GuestFault{kind, state.pc, state.fault_address, true};
        return Stop{StopReason::Fault, fault_};
    }

    // Regions that became ready: dynarmic translates their entries anew, as the trap word.
    void DropTranslationsOfNewRegions() {
        new_regions_.clear();
        regions_seen_ = tier_->ReadySince(regions_seen_, new_regions_);
        for (const u64 entry : new_regions_) {
            Engine().InvalidateCacheRange(entry, 4);
        }
    }

    // dynarmic reached a trap word: enter the region, or, where it was dropped since, run the
    // guest's own instruction there.
    void ReachedRegionTrap(VAddr pc) {
        ++region_traps_;
        if (tier_->IsReady(pc)) {
            Engine().HaltExecution(kRegionEntryHalt);
        } else {
            trapped_.erase(pc);
            Engine().InvalidateCacheRange(pc, 4);
        }
    }

    Dynarmic::A64::Jit& Engine() const {
        std::call_once(jit_once_, [this] {
            jit_ = std::make_unique<Dynarmic::A64::Jit>(jit_config_);
            jit_ready_.store(true, std::memory_order_release);
        });
        return *jit_;
    }

    // Slow-path memory access: dynarmic comes here when fastmem faulted.
    template <typename T>
    T ReadMemory(VAddr address) {
        T value{};
        if (!memory_.ReadBlock(address, {reinterpret_cast<u8*>(&value), sizeof(T)})) {
            RaiseFault(GuestFault::Kind::ReadFault, address);
        }
        return value;
    }

    template <typename T>
    void WriteMemory(VAddr address, const T& value) {
        if (!memory_.WriteBlock(address, {reinterpret_cast<const u8*>(&value), sizeof(T)})) {
            RaiseFault(GuestFault::Kind::WriteFault, address);
        }
    }

    template <typename T>
    bool WriteExclusive(VAddr address, T value, T expected) {
        u8* host = memory_.HostPointer(address, sizeof(T), Permission::Write);
        if (host == nullptr) {
            RaiseFault(GuestFault::Kind::WriteFault, address);
            return false;
        }
        if constexpr (sizeof(T) == 16) {
            unsigned __int128 old_value;
            unsigned __int128 new_value;
            std::memcpy(&old_value, &expected, 16);
            std::memcpy(&new_value, &value, 16);
            return CompareAndSwap128(reinterpret_cast<unsigned __int128*>(host), old_value,
                                     new_value) == old_value;
        } else {
            return std::atomic_ref<T>(*reinterpret_cast<T*>(host))
                .compare_exchange_strong(expected, value);
        }
    }

    void RaiseFault(GuestFault::Kind kind, u64 address) {
        if (fault_) {
            return;  // the first fault of a block is the one to report
        }
        fault_ = GuestFault{kind, 0, address};
        // MemoryAbort is the reason check_halt_on_memory_access looks for after each access.
        Engine().HaltExecution(kFaultHalt | Dynarmic::HaltReason::MemoryAbort);
    }

    // A fault inside an LSE trampoline is reported at the instruction it stands for.
    GuestFault AtOriginalPc(GuestFault fault) const {
        if (lse_patches_ != nullptr && lse_patches_->Contains(fault.pc)) {
            fault.pc = lse_patches_->OriginalPc(fault.pc).value_or(fault.pc);
        }
        return fault;
    }

    // Hands a fault to the kernel first; stops the run when the kernel does not take it.
    void DeliverFault(const GuestFault& original) {
        const GuestFault fault = AtOriginalPc(original);
        if (!hooks_.OnFault(*this, fault)) {
            fault_ = fault;
            Engine().HaltExecution(kFaultHalt);
        }
    }

    bool ExecuteByExtension(VAddr pc) {
        const auto instruction = memory_.Read<u32>(pc);
        if (!instruction) {
            return false;
        }
        ExtensionAdapter adapter(*this);
        u64 fault_address = 0;
        const ExtensionOutcome outcome = ExecuteExtension(*instruction, adapter, fault_address);
        switch (outcome) {
            case ExtensionOutcome::Executed:
                Engine().SetPC(pc + 4);
                return true;
            case ExtensionOutcome::ReadFault:
            case ExtensionOutcome::WriteFault: {
                const bool write = outcome == ExtensionOutcome::WriteFault;
                Engine().SetPC(pc);
                DeliverFault(
                    GuestFault{write ? GuestFault::Kind::WriteFault : GuestFault::Kind::ReadFault,
                               pc, fault_address});
                return true;
            }
            case ExtensionOutcome::NotHandled:
                return false;
        }
        return false;
    }

    // UserCallbacks
    std::optional<u32> MemoryReadCode(VAddr address) override {
        const u8* host = memory_.HostPointer(address, 4, Permission::Execute);
        if (host == nullptr) {
            return std::nullopt;
        }
        if (tier_ != nullptr && tier_->IsReady(address)) {
            trapped_.insert(address);
            return kRegionTrap;
        }
        u32 word;
        std::memcpy(&word, host, 4);
        if (const auto keys_off = RewritePointerAuth(word)) {
            return *keys_off;
        }
        if (lse_patches_ != nullptr) {
            if (const auto replacement = lse_patches_->Substitute(address, word)) {
                return *replacement;
            }
        }
        return word;
    }
    u8 MemoryRead8(VAddr a) override { return ReadMemory<u8>(a); }
    u16 MemoryRead16(VAddr a) override { return ReadMemory<u16>(a); }
    u32 MemoryRead32(VAddr a) override { return ReadMemory<u32>(a); }
    u64 MemoryRead64(VAddr a) override { return ReadMemory<u64>(a); }
    Dynarmic::A64::Vector MemoryRead128(VAddr a) override {
        return ReadMemory<Dynarmic::A64::Vector>(a);
    }
    void MemoryWrite8(VAddr a, u8 v) override { WriteMemory(a, v); }
    void MemoryWrite16(VAddr a, u16 v) override { WriteMemory(a, v); }
    void MemoryWrite32(VAddr a, u32 v) override { WriteMemory(a, v); }
    void MemoryWrite64(VAddr a, u64 v) override { WriteMemory(a, v); }
    void MemoryWrite128(VAddr a, Dynarmic::A64::Vector v) override { WriteMemory(a, v); }
    bool MemoryWriteExclusive8(VAddr a, u8 v, u8 e) override { return WriteExclusive(a, v, e); }
    bool MemoryWriteExclusive16(VAddr a, u16 v, u16 e) override { return WriteExclusive(a, v, e); }
    bool MemoryWriteExclusive32(VAddr a, u32 v, u32 e) override { return WriteExclusive(a, v, e); }
    bool MemoryWriteExclusive64(VAddr a, u64 v, u64 e) override { return WriteExclusive(a, v, e); }
    bool MemoryWriteExclusive128(VAddr a, Dynarmic::A64::Vector v,
                                 Dynarmic::A64::Vector e) override {
        return WriteExclusive(a, v, e);
    }
    bool IsReadOnlyMemory(VAddr address) override {
        const Permission permission = memory_.PermissionAt(address);
        return permission != Permission::None && !Includes(permission, Permission::Write);
    }

    void InterpreterFallback(VAddr pc, size_t /*num_instructions*/) override {
        if (fault_) {
            return;  // the rest of a faulted block does nothing the guest can observe
        }
        if (!ExecuteByExtension(pc)) {
            Engine().SetPC(pc);
            DeliverFault(GuestFault{GuestFault::Kind::UndefinedInstruction, pc, 0});
        }
    }

    void CallSVC(u32 number) override {
        if (!fault_) {
            hooks_.CallSvc(*this, number);
        }
    }

    void ExceptionRaised(VAddr pc, Exception exception) override {
        if (fault_) {
            return;
        }
        Engine().SetPC(pc);
        switch (exception) {
            case Exception::UnallocatedEncoding:
            case Exception::ReservedValue:
            case Exception::UnpredictableInstruction:
                if (!ExecuteByExtension(pc)) {
                    DeliverFault(GuestFault{GuestFault::Kind::UndefinedInstruction, pc, 0});
                }
                return;
            case Exception::Breakpoint:
                if (trapped_.contains(pc)) {
                    ReachedRegionTrap(pc);
                    return;
                }
                DeliverFault(GuestFault{GuestFault::Kind::Breakpoint, pc, 0});
                return;
            case Exception::NoExecuteFault:
                DeliverFault(GuestFault{GuestFault::Kind::ExecuteFault, pc, pc});
                return;
            case Exception::WaitForInterrupt:
            case Exception::WaitForEvent:
            case Exception::SendEvent:
            case Exception::SendEventLocal:
            case Exception::Yield:
                Engine().SetPC(pc + 4);
                return;
        }
    }

    // A guest that writes code (a JIT of its own) invalidates the instruction cache: drop what
    // was compiled from those addresses.
    void InstructionCacheOperationRaised(Dynarmic::A64::InstructionCacheOperation operation,
                                         VAddr address) override {
        constexpr u64 kCacheLine = 64;
        if (operation == Dynarmic::A64::InstructionCacheOperation::InvalidateByVAToPoU) {
            if (tier_ != nullptr) {
                tier_->Invalidate(address & ~(kCacheLine - 1), kCacheLine);
            }
            Engine().InvalidateCacheRange(address & ~(kCacheLine - 1), kCacheLine);
        } else {
            if (tier_ != nullptr) {
                tier_->Invalidate(0, memory_.AddressSpaceSize());
            }
            Engine().ClearCache();
        }
    }

    void AddTicks(u64 ticks) override { ticks_ += ticks; }
    u64 GetTicksRemaining() override {
        if (tier_ != nullptr) {
            return slice_;
        }
        return std::min<u64>(hooks_.InstructionBudget(*this), std::numeric_limits<u32>::max());
    }
    u64 GetCNTPCT() override { return hooks_.ReadCounter(*this); }

    // The extension interpreter's view of this core.
    class ExtensionAdapter final : public ExtensionState {
    public:
        explicit ExtensionAdapter(DynarmicCore& core) : core_(core) {}
        u64 GetX(unsigned index) const override { return core_.Engine().GetRegister(index); }
        void SetX(unsigned index, u64 value) override { core_.Engine().SetRegister(index, value); }
        u64 GetSP() const override { return core_.Engine().GetSP(); }
        void SetSP(u64 value) override { core_.Engine().SetSP(value); }
        Vector GetV(unsigned index) const override { return core_.Engine().GetVector(index); }
        void SetV(unsigned index, Vector value) override { core_.Engine().SetVector(index, value); }
        u32 GetFpcr() const override { return core_.Engine().GetFpcr(); }
        u32 GetFpsr() const override { return core_.Engine().GetFpsr(); }
        void SetFpsr(u32 value) override { core_.Engine().SetFpsr(value); }
        // NZCV is PSTATE bits [28, 32).
        u32 GetNzcv() const override { return core_.Engine().GetPstate() & 0xf000'0000; }
        void SetNzcv(u32 value) override {
            core_.Engine().SetPstate((core_.Engine().GetPstate() & ~0xf000'0000u) |
                                     (value & 0xf000'0000));
        }
        GuestMemory& Memory() override { return core_.memory_; }

    private:
        DynarmicCore& core_;
    };

    GuestMemory& memory_;
    CoreHooks& hooks_;
    LsePatchArea* lse_patches_;
    unsigned index_;
    bool precise_faults_;
    CodeTier* tier_;
    // The tier's side: the slice RunWithTier gives dynarmic, the entries this core's JIT got
    // the trap word for, how many of those dynarmic ran in the last slice, the regions this
    // core has seen become ready, and Halt() as the regions poll it.
    u64 slice_ = 0;
    std::unordered_set<u64> trapped_;
    u64 region_traps_ = 0;
    u64 regions_seen_ = 0;
    std::vector<u64> new_regions_;
    std::atomic<bool> halt_requested_{false};
    u64 tpidrro_;
    u64 tpidr_ = 0;
    u64 ticks_ = 0;
    std::optional<GuestFault> fault_;
    Dynarmic::A64::UserConfig jit_config_;
    // Built by Engine() on the core's first use; Halt and InvalidateCode, which other threads
    // call, look at jit_ready_ first.
    mutable std::once_flag jit_once_;
    mutable std::unique_ptr<Dynarmic::A64::Jit> jit_;
    mutable std::atomic<bool> jit_ready_{false};
};

}  // namespace

std::unique_ptr<Core> CreateDynarmicCore(const CoreConfig& config) {
    return std::make_unique<DynarmicCore>(config);
}

}  // namespace cpu
