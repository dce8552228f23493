#pragma once

// A renderer's view of the program's memory: guest memory, but only inside the memory pools
// the program attached (as the console's DSP sees only attached pools); an access outside them
// or to an unmapped page fails, and the renderer plays or writes nothing there.

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"
#include "cpu/guest_memory.h"

namespace services::audio {

class RendererMemory final : public ::audio::renderer::SampleMemory {
public:
    // `memory` is the process's, which outlives its services; `state` the renderer's.
    RendererMemory(cpu::GuestMemory* memory, const ::audio::renderer::RendererState& state)
        : memory_(memory), state_(state) {}

    bool Read(u64 address, std::span<u8> out) override;
    bool Write(u64 address, std::span<const u8> bytes) override;

private:
    cpu::GuestMemory* memory_;
    const ::audio::renderer::RendererState& state_;
};

}  // namespace services::audio
