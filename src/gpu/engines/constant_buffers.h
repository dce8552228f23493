#pragma once

// The 3D class's constant buffers (OGD classes/3d/clb197.h, the same in clc797.h):
// SET_CONSTANT_BUFFER_SELECTOR_A/B/C (0x2380: size, then the address) selects a buffer;
// LOAD_CONSTANT_BUFFER_OFFSET (0x238C) and LOAD_CONSTANT_BUFFER(i) (0x2390-0x23CC) write words
// into it in GPU memory, the offset advancing 4 bytes a word (what the hardware's constant
// updates leave in memory); BIND_GROUP_CONSTANT_BUFFER(j) (0x2410 + 32j: VALID 0, SHADER_SLOT
// 8:4) binds the selected buffer to a slot of bind group j (vertex, tess control, tess eval,
// geometry, pixel), or unbinds the slot.

#include <array>
#include <optional>

#include "gpu/draw_call.h"
#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class ConstantBuffers {
public:
    explicit ConstantBuffers(EngineContext& context) : context_(context) {}

    static bool Handles(u32 method);
    // After the register file holds the write.
    void Execute(RegisterFile& registers, u32 method, u32 argument);

    using Bindings =
        std::array<std::array<std::optional<ConstantBufferBinding>, kConstantBufferSlots>,
                   kBindGroups>;
    const Bindings& Bound() const { return bound_; }

private:
    EngineContext& context_;
    Bindings bound_{};
    bool outside_named_ = false;
};

}  // namespace gpu::engines
