#pragma once

// The copy engine (MAXWELL_DMA_COPY_A 0xB0B5, AMPERE_DMA_COPY_A/B 0xC6B5/0xC7B5; OGD
// classes/dma-copy/clb0b5.h, clc5b5.h, whose layout C7B5 keeps): LAUNCH_DMA copies LINE_COUNT
// lines of LINE_LENGTH_IN elements (one line when MULTI_LINE_ENABLE is off) from OFFSET_IN to
// OFFSET_OUT, each side pitch (PITCH_IN/OUT) or block-linear (SET_SRC/DST_BLOCK_SIZE, WIDTH,
// HEIGHT, DEPTH, LAYER, ORIGIN); with REMAP_ENABLE an element is a pixel of up to four
// components rearranged by SET_REMAP_COMPONENTS; then an optional semaphore release (one word,
// or four with the timestamp; a reduction if asked). Executed on the CPU into GPU memory.

#include <vector>

#include "gpu/block_linear.h"
#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class DmaCopy final : public Engine {
public:
    DmaCopy(EngineContext& context, u32 class_number);
    u32 ClassNumber() const override { return class_number_; }
    void CallMethod(u32 method, u32 argument, bool is_last_call) override;

private:
    // One side of a copy: where its element (x, y) of a line lies.
    struct Side {
        u64 address = 0;
        bool pitch_layout = true;
        u32 pitch = 0;
        BlockLinearSurface surface;
        u32 origin_x_bytes = 0;
        u32 origin_y = 0;
        u32 layer = 0;
    };
    struct Remap {
        u32 component_size = 1;
        u32 source_components = 1;
        u32 destination_components = 1;
        u32 select[4]{};  // per destination component: 0-3 source, 4/5 constant A/B, 6 no write
    };

    void Launch(u32 argument);
    Side MakeSide(bool source, bool pitch_layout, u32 element_bytes) const;
    // Reads or writes `bytes.size()` bytes of line `y` from element 0 on.
    void AccessLine(const Side& side, u32 y, std::span<u8> bytes, bool write);
    void ApplyRemap(const Remap& remap, std::span<const u8> source, std::span<u8> destination);
    void ReleaseSemaphore(u32 launch);

    EngineContext& context_;
    u32 class_number_;
    unsigned upper_bits_;
    RegisterFile registers_;
    bool named_gob_height_ = false;
    std::vector<u8> source_line_;
    std::vector<u8> destination_line_;
};

}  // namespace gpu::engines
