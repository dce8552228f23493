#include "gpu/macro/macro_engine.h"

#include <fmt/format.h>

#include "base/log.h"
#include "gpu/macro/fermi_macro.h"
#include "gpu/macro/macro_runner.h"
#include "gpu/macro/mme64_macro.h"

namespace gpu::macro {

namespace {

// Ryujinx keeps methods below byte 0x200 (the class's own control methods, the MME's among
// them) out of the shadow RAM.
constexpr u32 kFirstShadowedMethod = 0x200 / 4;

}  // namespace

std::string_view MacroExitName(MacroExit exit) {
    switch (exit) {
        case MacroExit::Exited:
            return "exited";
        case MacroExit::BudgetExhausted:
            return "instruction budget exhausted";
        case MacroExit::IllegalInstruction:
            return "illegal instruction";
        case MacroExit::CodeOutOfRange:
            return "code out of range";
        case MacroExit::NoSuchMacro:
            return "no such macro";
    }
    return "unknown";
}

MacroEngine::MacroEngine(MacroFormat format, ExecutionLimits limits, u32 instruction_ram_words)
    : format_(format),
      limits_(limits),
      code_(instruction_ram_words, 0),
      shadow_(kMethodCount, 0),
      data_ram_(kDataRamWords, 0) {}

u32 MacroEngine::WriteMethod(u32 method, u32 value, MacroHost& host) {
    switch (method) {
        case method::kLoadMmeInstructionRamPointer:
            code_pointer_ = value;
            return value;
        case method::kLoadMmeInstructionRam:
            if (code_pointer_ < code_.size()) {
                code_[code_pointer_] = value;
            } else if (code_pointer_ == code_.size()) {
                LOG_WARNING(
                    kLogCategory,
                    "LOAD_MME_INSTRUCTION_RAM past the {:#x}-word instruction RAM at word {:#x}; "
                    "words from here are dropped",
                    code_.size(), code_pointer_);
            }
            ++code_pointer_;
            return value;
        case method::kLoadMmeStartAddressRamPointer:
            start_pointer_ = value;
            return value;
        case method::kLoadMmeStartAddressRam:
            if (start_pointer_ < kMacroCount) {
                start_[start_pointer_] = value;
            } else if (start_pointer_ == kMacroCount) {
                LOG_WARNING(kLogCategory,
                            "LOAD_MME_START_ADDRESS_RAM past the {} macros; entries from here are "
                            "dropped",
                            kMacroCount);
            }
            ++start_pointer_;
            return value;
        case method::kSetMmeShadowRamControl:
            shadow_mode_ = static_cast<ShadowRamMode>(value & 3);
            if (shadow_mode_ == ShadowRamMode::TrackWithFilter) {
                LOG_DEBUG(kLogCategory,
                          "SET_MME_SHADOW_RAM_CONTROL METHOD_TRACK_WITH_FILTER: which methods the "
                          "filter keeps out is not documented; every method is tracked");
            }
            return value;
        default:
            break;
    }
    const u32 applied = ApplyShadow(method, value);
    if (format_ == MacroFormat::Mme64) {
        WriteMme64Method(method, applied, host);
    }
    return applied;
}

u32 MacroEngine::ApplyShadow(u32 method, u32 value) {
    if (method < kFirstShadowedMethod || method >= method::kCallMmeMacro0) {
        return value;
    }
    switch (shadow_mode_) {
        case ShadowRamMode::Track:
        case ShadowRamMode::TrackWithFilter:
            shadow_[method] = value;
            return value;
        case ShadowRamMode::Passthrough:
            return value;
        case ShadowRamMode::Replay:
            return shadow_[method];
    }
    return value;
}

void MacroEngine::WriteMme64Method(u32 method, u32 value, MacroHost& host) {
    switch (method) {
        case method::kSetMmeMemAddressA:
            mem_address_high_ = value & 0x1FFFF;
            break;
        case method::kSetMmeMemAddressB:
            mem_address_low_ = value;
            break;
        case method::kSetMmeDataRamAddress:
            data_ram_address_ = value;
            break;
        case method::kMmeDmaRead:
            DmaRead(value, host);
            break;
        case method::kMmeDmaReadFifoed:
            DmaReadFifoed(value, host);
            break;
        case method::kMmeDmaWrite:
            DmaWrite(value, host);
            break;
        case method::kMmeDmaReduction:
            LOG_WARNING(
                kLogCategory,
                "MME_DMA_REDUCTION {:#x} (op {}, {} bytes) at {:#x} is not built: its operand "
                "is not documented; memory is left unchanged where the hardware would "
                "reduce into it",
                value, value & 7, (value >> 8) & 1 ? 8 : 4, MemAddress());
            break;
        case method::kMmeDmaSysmembar:
        case method::kMmeDmaSync:
        case method::kSetMmeDataFifoConfig:
            // The DMA above completes before the method returns, so barriers and syncs have
            // nothing to wait for, and the load FIFO has no size to configure.
            break;
        default:
            break;
    }
}

MacroRun MacroEngine::Execute(u32 index, std::span<const u32> parameters, MacroHost& host) {
    if (index >= kMacroCount) {
        LOG_WARNING(kLogCategory, "CALL_MME_MACRO({}): there are {} macros; nothing runs", index,
                    kMacroCount);
        return MacroRun{.exit = MacroExit::NoSuchMacro};
    }
    MacroRunner runner(*this, index, parameters, host);
    if (format_ == MacroFormat::Fermi) {
        RunFermiMacro(runner);
    } else {
        RunMme64Macro(runner);
    }
    return runner.Result();
}

u32 MacroEngine::ShadowValue(u32 method) const {
    return method < shadow_.size() ? shadow_[method] : 0;
}

u32 MacroEngine::MacroStart(u32 index) const {
    return index < kMacroCount ? start_[index] : 0;
}

std::string MacroEngine::Disassemble(u32 index, u32 max_instructions) const {
    std::string text;
    const u32 step = format_ == MacroFormat::Fermi ? 1 : 3;
    u32 at = MacroStart(index);
    for (u32 i = 0; i < max_instructions && at + step <= code_.size(); ++i, at += step) {
        if (format_ == MacroFormat::Fermi) {
            text += fmt::format("{:05x}: {:08x}  {}\n", at, code_[at], DisassembleFermi(code_[at]));
        } else {
            text += fmt::format("{:05x}: {:08x} {:08x} {:08x}  {}\n", at, code_[at], code_[at + 1],
                                code_[at + 2],
                                DisassembleMme64(code_[at], code_[at + 1], code_[at + 2]));
        }
    }
    return text;
}

}  // namespace gpu::macro
