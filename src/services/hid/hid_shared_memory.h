#pragma once

// Fills the HID shared memory: the layout at creation (ring headers), which npads are connected
// and how, then one sample of every ring at a time.

#include <array>
#include <optional>

#include "services/hid/input_script.h"
#include "services/hid/pad_input.h"
#include "services/hid/pad_layout.h"
#include "services/hid/shared_memory_layout.h"

namespace services::hid {

// What one npad entry shows: the style it is connected as (none: not connected) and its input.
struct NpadSample {
    std::optional<PadStyle> style;
    PadInput input;
};
using NpadSamples = std::array<NpadSample, kNpadEntries>;

// Every ring empty, no npad connected.
void InitializeSharedMemory(u8* memory);

// Npad entry `index` connected as `style` (its style set, device type, colours, Joy-Con
// assignment mode, battery), or not connected at all.
void WriteNpadConnection(u8* memory, u64 index, std::optional<PadStyle> style);

// Appends one entry, numbered `sampling_number`, to every ring: each npad's style ring carries
// its input with the style's attributes, its other style rings report it not connected; the
// other devices report nothing pressed; `delta_ns` is the time since the last sample.
// `touch` is the finger on the touch screen, if one is; `touch_began` when it was not there in
// the previous sample.
void WriteSample(u8* memory, u64 sampling_number, u64 delta_ns, const NpadSamples& npads,
                 std::optional<TouchPoint> touch = std::nullopt, bool touch_began = false);

}  // namespace services::hid
