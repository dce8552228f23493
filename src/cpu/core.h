#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "base/types.h"

namespace cpu {

class GuestMemory;
class ExclusiveMonitor;
class LsePatchArea;
class CodeTier;
class Core;

using Vector = std::array<u64, 2>;

// A guest counter of 19.2 MHz (CNTFRQ_EL0 on the console), read from the host's steady clock.
u64 ReadGuestCounter();
inline constexpr u64 kGuestCounterFrequency = 19'200'000;

// Everything of a guest thread that lives in the CPU.
struct ThreadContext {
    std::array<u64, 31> x{};
    u64 sp = 0;
    u64 pc = 0;
    u32 pstate = 0;
    std::array<Vector, 32> v{};
    u32 fpcr = 0;
    u32 fpsr = 0;
    u64 tpidr = 0;
};

// Why a core stopped running guest code.
struct GuestFault {
    enum class Kind {
        ReadFault,
        WriteFault,
        ExecuteFault,
        UndefinedInstruction,
        Breakpoint,
        AlignmentFault,
    };
    Kind kind;
    u64 pc = 0;
    u64 address = 0;  // the data address for read/write faults
    // False for a data fault taken without CoreConfig::precise_faults: pc is then the end of
    // the JIT block that made the access, not the access itself.
    bool pc_is_precise = true;
};

std::string_view FaultKindName(GuestFault::Kind kind);

// The kernel's side of a core: supervisor calls and faults come here, on the thread that runs
// the core, while the core is inside Run().
class CoreHooks {
public:
    virtual ~CoreHooks() = default;
    virtual void CallSvc(Core& core, u32 number) = 0;
    // Returns true when the kernel handled it (for example the return address of an NRO) and
    // has halted or redirected the core; false makes the fault stop the run.
    virtual bool OnFault(Core& core, const GuestFault& fault) = 0;
    // The guest's CNTPCT_EL0.
    virtual u64 ReadCounter(const Core&) { return ReadGuestCounter(); }
    // How many more guest instructions the core may run before the kernel wants it back
    // (a deterministic time slice); unlimited by default.
    virtual u64 InstructionBudget(const Core&) { return ~u64{0}; }
};

struct CoreConfig {
    GuestMemory* memory = nullptr;
    ExclusiveMonitor* monitor = nullptr;
    CoreHooks* hooks = nullptr;
    unsigned index = 0;   // emulated core number, 0..3
    u64 tpidrro_el0 = 0;  // thread-local region of the thread that runs first
    // Where LSE atomics become LDXR/STXR trampolines; without it they are interpreted.
    LsePatchArea* lse_patches = nullptr;
    // Data faults stop at their own instruction (slower; see the backend).
    bool precise_faults = false;
    // The process runs on this core alone (lets the backend skip the global exclusive monitor).
    bool single_core = false;
    // Keep the cores' LDXR reservations in a shared table, so that an exclusive store by one
    // core fails another's STXR even when it wrote back the same value. Off, an STXR succeeds
    // when memory still holds what its LDXR read (a compare-and-swap): the same answer for all
    // but such ABA sequences, and for LSE atomics (our trampolines) always, at a third of the
    // cost. Plain stores never fail an STXR here either way.
    bool strict_exclusives = false;
    // Hot code runs there once compiled (see code_tier.h); null: the core's JIT alone.
    CodeTier* tier = nullptr;
};

// One emulated CPU core. Run() executes guest code until Halt() or a fault stops it.
class Core {
public:
    virtual ~Core() = default;

    enum class StopReason { Halted, Fault };
    struct Stop {
        StopReason reason;
        std::optional<GuestFault> fault;
    };

    virtual Stop Run() = 0;
    // Safe from a hook on the core's own thread and from other threads.
    virtual void Halt() = 0;

    virtual u64 GetX(unsigned index) const = 0;
    virtual void SetX(unsigned index, u64 value) = 0;
    virtual u64 GetSP() const = 0;
    virtual void SetSP(u64 value) = 0;
    virtual u64 GetPC() const = 0;
    virtual void SetPC(u64 value) = 0;
    virtual ThreadContext GetContext() const = 0;
    virtual void SetContext(const ThreadContext& context) = 0;
    virtual void SetTpidrroEl0(u64 value) = 0;

    virtual void InvalidateCode(u64 address, u64 size) = 0;
    virtual u64 InstructionsExecuted() const = 0;
    virtual unsigned Index() const = 0;
};

std::unique_ptr<Core> CreateDynarmicCore(const CoreConfig& config);

}  // namespace cpu
