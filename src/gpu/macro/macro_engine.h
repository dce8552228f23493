#pragma once

// The 3D (and Turing+ compute) engine's macro processor, the MME: code and start-address RAM
// uploads, the shadow RAM that STATE reads, the MME64 data RAM and its DMA methods, and
// bounded interpretation of both instruction formats. This header is the folder's interface.

#include <array>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace gpu::macro {

// Fermi format: Fermi to Volta classes, MAXWELL_B 0xB197 (Switch 1). MME64: Turing and later,
// AMPERE_B 0xC797 (Switch 2). Mesa picks the MME64 encoder for every 3D class from 0xC500 on.
enum class MacroFormat { Fermi, Mme64 };

// SET_MME_SHADOW_RAM_CONTROL modes (OGD clb197.h / clc797.h).
enum class ShadowRamMode : u32 {
    Track = 0,
    TrackWithFilter = 1,
    Passthrough = 2,
    Replay = 3,
};

// Implemented by the engine that owns the macro processor.
class MacroHost {
public:
    virtual ~MacroHost() = default;
    // A method a macro emits, with the value after the shadow RAM (Replay may have replaced it).
    // A CALL_MME_MACRO method reaches here like any other: starting it is the engine's choice.
    virtual void WriteMethod(u32 method, u32 value) = 0;
    // GPU virtual memory for MME_DMA_*; false when any word is not mapped.
    virtual bool ReadMemory(u64 gpu_address, std::span<u32> words) = 0;
    virtual bool WriteMemory(u64 gpu_address, std::span<const u32> words) = 0;
};

// How a run ended. Everything but Exited stops the macro early and was logged.
enum class MacroExit {
    Exited,              // the macro's own exit (Fermi exit bit, MME64 end_next or BXX exit)
    BudgetExhausted,     // ran more instructions than ExecutionLimits allows
    IllegalInstruction,  // an encoding the hardware does not define, or a form not known
    CodeOutOfRange,      // execution left the instruction RAM
    NoSuchMacro,         // macro index >= kMacroCount
};

std::string_view MacroExitName(MacroExit exit);

struct MacroRun {
    MacroExit exit = MacroExit::Exited;
    u64 instructions = 0;        // instructions (MME64: groups) executed
    u32 parameters_fetched = 0;  // including fetches past the end of the call's parameters
    u32 missing_parameters = 0;  // fetches past the end, each answered with 0
};

// A macro that never ends is stopped after base + per_parameter * parameters instructions.
// The defaults are far above what a real macro needs: deko3d's instanced draw runs 6
// instructions per instance, NVK's indirect multi-draw about 30 per draw.
struct ExecutionLimits {
    u64 base_instructions = u64{1} << 20;
    u64 instructions_per_parameter = 4096;
};

inline constexpr u32 kMacroCount = 128;  // CALL_MME_MACRO(j), j < 0x80
// Neither size is in public documentation. yuzu keeps 0x40000 code words and Ryujinx guesses
// 256 K words, so no upload a real program makes is refused here.
inline constexpr u32 kInstructionRamWords = 0x40000;
inline constexpr u32 kMethodCount = 0x1000;  // method indices are 12 bits in a macro
inline constexpr u32 kDataRamWords = 0xC00;  // MME64 DREAD/DWRITE RAM (Mesa, checked on hardware)
inline constexpr u32 kShadowScratchCount = 256;  // SET_MME_SHADOW_SCRATCH(i), MME64 classes

// Method indices (byte offset / 4) the macro processor owns (OGD clb197.h, clc797.h).
namespace method {
inline constexpr u32 kLoadMmeInstructionRamPointer = 0x114 / 4;
inline constexpr u32 kLoadMmeInstructionRam = 0x118 / 4;
inline constexpr u32 kLoadMmeStartAddressRamPointer = 0x11C / 4;
inline constexpr u32 kLoadMmeStartAddressRam = 0x120 / 4;
inline constexpr u32 kSetMmeShadowRamControl = 0x124 / 4;
// MME64 classes only; on MAXWELL_B these offsets are other methods.
inline constexpr u32 kSetMmeMemAddressA = 0x550 / 4;
inline constexpr u32 kSetMmeMemAddressB = 0x554 / 4;
inline constexpr u32 kSetMmeDataRamAddress = 0x558 / 4;
inline constexpr u32 kMmeDmaRead = 0x55C / 4;
inline constexpr u32 kMmeDmaReadFifoed = 0x560 / 4;
inline constexpr u32 kMmeDmaWrite = 0x564 / 4;
inline constexpr u32 kMmeDmaReduction = 0x568 / 4;
inline constexpr u32 kMmeDmaSysmembar = 0x56C / 4;
inline constexpr u32 kMmeDmaSync = 0x570 / 4;
inline constexpr u32 kSetMmeDataFifoConfig = 0x574 / 4;
inline constexpr u32 kSetMmeShadowScratch0 = 0x3400 / 4;
inline constexpr u32 kCallMmeMacro0 = 0x3800 / 4;  // CALL_MME_MACRO(j) = 0xE00 + 2j
}  // namespace method

// Methods from 0xE00 on start (even) or feed (odd, CALL_MME_DATA) macro (method >> 1) & 0x7F;
// the engine collects a call's words and runs it when the run of methods ends (yuzu
// maxwell_3d.cpp ProcessMacro, Ryujinx GPFifoProcessor).
constexpr bool IsMacroCallMethod(u32 method) {
    return method >= method::kCallMmeMacro0;
}
constexpr u32 CalledMacro(u32 method) {
    return (method >> 1) & (kMacroCount - 1);
}

class MacroEngine {
public:
    // `instruction_ram_words` other than the default serves tests and fuzzing, where a
    // smaller RAM is cheaper to set up and its end easier to reach.
    explicit MacroEngine(MacroFormat format, ExecutionLimits limits = {},
                         u32 instruction_ram_words = kInstructionRamWords);

    MacroFormat Format() const { return format_; }

    // Every method the engine receives from its pushbuffer passes through here before the
    // engine applies it; the result is the value to apply. The MME's own methods (uploads,
    // shadow control, MME64 DMA) take effect here; methods from 0x80 on are recorded in the
    // shadow RAM (Track) or replaced by it (Replay).
    u32 WriteMethod(u32 method, u32 value, MacroHost& host);

    // Runs macro `index` with the parameters of its call (the CALL_MME_MACRO word first, then
    // the CALL_MME_DATA words). Methods the macro emits go through the same path as
    // WriteMethod and then to host.WriteMethod.
    MacroRun Execute(u32 index, std::span<const u32> parameters, MacroHost& host);

    // The value a STATE read sees: the shadow RAM.
    u32 ShadowValue(u32 method) const;
    ShadowRamMode ShadowMode() const { return shadow_mode_; }
    u32 MacroStart(u32 index) const;
    std::span<const u32> InstructionRam() const { return code_; }
    std::span<const u32> DataRam() const { return data_ram_; }

    // One line per instruction from the macro's start address up to `max_instructions`
    // (NXHOST_GPU_DUMP-style logs).
    std::string Disassemble(u32 index, u32 max_instructions) const;

private:
    friend class MacroRunner;

    u32 ApplyShadow(u32 method, u32 value);
    void WriteMme64Method(u32 method, u32 value, MacroHost& host);
    void DmaRead(u32 words, MacroHost& host);
    void DmaReadFifoed(u32 words, MacroHost& host);
    void DmaWrite(u32 words, MacroHost& host);
    u64 MemAddress() const { return (u64{mem_address_high_} << 32) | mem_address_low_; }

    MacroFormat format_;
    ExecutionLimits limits_;
    std::vector<u32> code_;
    std::array<u32, kMacroCount> start_{};
    u32 code_pointer_ = 0;
    u32 start_pointer_ = 0;
    ShadowRamMode shadow_mode_ = ShadowRamMode::Track;
    std::vector<u32> shadow_;
    std::vector<u32> data_ram_;
    u32 mem_address_high_ = 0;
    u32 mem_address_low_ = 0;
    u32 data_ram_address_ = 0;
    // MME_DMA_READ_FIFOED words waiting for the EXTENDED load barrier of a macro.
    std::vector<u32> fifoed_;
};

// Disassembly of single instructions, for logs and tests.
std::string DisassembleFermi(u32 word);
std::string DisassembleMme64(u32 high, u32 middle, u32 low);

}  // namespace gpu::macro
