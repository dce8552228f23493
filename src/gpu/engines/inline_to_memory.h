#pragma once

// Inline-to-memory: data carried in the pushbuffer itself (LOAD_INLINE_DATA words after a
// LAUNCH_DMA) written to GPU memory as lines of a pitch surface or into a block-linear one
// (OGD clb197.h / cla140.h: LINE_LENGTH_IN 0x180 ... LOAD_INLINE_DATA 0x1B4). The methods sit
// at the same offsets in KEPLER_INLINE_TO_MEMORY_B and in the 3D and compute classes, which
// embed this state machine.

#include <optional>
#include <vector>

#include "gpu/block_linear.h"
#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class InlineToMemory {
public:
    static constexpr u32 kLineLengthIn = 0x180 / 4;
    static constexpr u32 kLaunchDma = 0x1B0 / 4;
    static constexpr u32 kLoadInlineData = 0x1B4 / 4;

    InlineToMemory(EngineContext& context, u32 class_number)
        : context_(context), class_number_(class_number) {}

    static bool Handles(u32 method) { return method >= kLineLengthIn && method <= kLoadInlineData; }
    // `registers` already holds the write.
    void CallMethod(const RegisterFile& registers, u32 method, u32 argument);

private:
    struct Transfer {
        u64 address = 0;
        u32 line_length = 0;
        u32 line_count = 0;
        u32 pitch = 0;
        bool pitch_layout = true;
        BlockLinearSurface surface;
        u32 origin_x = 0;
        u32 origin_y = 0;
        u32 layer = 0;
        u64 Bytes() const { return u64{line_length} * line_count; }
    };

    void Launch(const RegisterFile& registers, u32 argument);
    void Complete();

    EngineContext& context_;
    u32 class_number_;
    std::optional<Transfer> transfer_;
    std::vector<u8> data_;
    bool named_completion_ = false;
    bool named_stray_data_ = false;
};

class InlineToMemoryEngine final : public Engine {
public:
    explicit InlineToMemoryEngine(EngineContext& context, u32 class_number)
        : class_number_(class_number), inline_to_memory_(context, class_number) {}
    u32 ClassNumber() const override { return class_number_; }
    void CallMethod(u32 method, u32 argument, bool is_last_call) override;

private:
    u32 class_number_;
    RegisterFile registers_;
    InlineToMemory inline_to_memory_;
};

}  // namespace gpu::engines
