#pragma once

// The 3D (MAXWELL_B, AMPERE_A/B), compute (MAXWELL_COMPUTE_B, AMPERE_COMPUTE_A/B) and 2D
// (FERMI_TWOD_A) classes as far as nxhost executes them today: every method write is kept in
// the register file (the state a renderer reads later), the inline-to-memory methods of the 3D
// and compute classes are executed, and so are the 3D class's draws (draws.h), semaphores and
// counter reports (reports.h), its syncpoint increments (0x2C8, deko3d's fences) and
// CLEAR_SURFACE (surface_clear.h, on the host GPU), the compute classes' launches
// (compute_launches.h, on the host GPU) and the 2D class's blits from memory and solid points
// and rectangles (twod_blit.h, twod_solid.h, on the CPU). In the 3D
// class, uploads of macro code (LOAD_MME_*) and macro calls (method index 0xE00 and above) go to
// the class's macro engine (src/gpu/macro: the Fermi format for MAXWELL_B, MME64 for the Turing and
// later classes), and the methods a macro emits are applied as pushbuffer methods are.

#include <bitset>
#include <optional>

#include "gpu/class_ids.h"
#include "gpu/engines/compute_launches.h"
#include "gpu/engines/constant_buffers.h"
#include "gpu/engines/draws.h"
#include "gpu/engines/engine.h"
#include "gpu/engines/inline_to_memory.h"
#include "gpu/engines/register_file.h"
#include "gpu/engines/reports.h"
#include "gpu/engines/surface_clear.h"
#include "gpu/engines/twod_blit.h"
#include "gpu/engines/twod_solid.h"
#include "gpu/macro/macro_engine.h"

namespace gpu::engines {

class RegisterEngine final : public Engine {
public:
    RegisterEngine(EngineContext& context, u32 class_number, EngineKind kind);
    u32 ClassNumber() const override { return class_number_; }
    void CallMethod(u32 method, u32 argument, bool is_last_call) override;
    void Flush() override;

    const RegisterFile& Registers() const { return registers_; }

private:
    // What the macro engine drives: the methods a macro emits, and GPU memory for MME_DMA_*.
    class MacroHostOf final : public macro::MacroHost {
    public:
        explicit MacroHostOf(RegisterEngine& engine) : engine_(engine) {}
        void WriteMethod(u32 method, u32 value) override;
        bool ReadMemory(u64 gpu_address, std::span<u32> words) override;
        bool WriteMemory(u64 gpu_address, std::span<const u32> words) override;

    private:
        RegisterEngine& engine_;
    };

    // A method after the macro engine has seen it (or one a macro emitted).
    void Apply(u32 method, u32 argument);
    // CALL_MME_MACRO(j) starts a call, CALL_MME_DATA and the rest of its run add parameters;
    // the macro runs when the run of methods ends.
    void CollectMacroCall(u32 method, u32 argument, bool is_last_call);
    void IncrementSyncpoint(u32 argument);
    void NameOnce(u32 method, std::string_view what);

    EngineContext& context_;
    u32 class_number_;
    EngineKind kind_;
    RegisterFile registers_;
    std::optional<InlineToMemory> inline_to_memory_;
    std::optional<macro::MacroEngine> macros_;
    std::optional<SurfaceClear> surface_clear_;        // the 3D class's
    std::optional<ConstantBuffers> constant_buffers_;  // the 3D class's
    std::optional<Draws> draws_;                       // the 3D class's
    std::optional<Reports> reports_;                   // the 3D class's
    std::optional<TwodBlit> twod_blit_;                // the 2D class's
    std::optional<TwodSolid> twod_solid_;              // the 2D class's
    std::optional<ComputeLaunches> compute_launches_;  // the compute classes'
    MacroHostOf macro_host_{*this};
    std::optional<u32> called_macro_;
    std::vector<u32> macro_parameters_;
    std::bitset<macro::kMacroCount> stopped_macros_;
    std::bitset<RegisterFile::kCount> named_;
};

}  // namespace gpu::engines
