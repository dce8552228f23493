#pragma once

// Fills the HID shared memory: the layout at creation (ring headers, which npads are
// connected and how), then one sample of every ring at a time.

#include "services/hid/pad_input.h"
#include "services/hid/shared_memory_layout.h"

namespace services::hid {

// Player 1 (npad No1) is a connected Pro Controller; the handheld entry is a console with
// both Joy-Con attached. Every ring starts empty.
void InitializeSharedMemory(u8* memory);

// Appends one entry, numbered `sampling_number`, to every ring: the pads carry `input`,
// the other devices report nothing pressed; `delta_ns` is the time since the last sample.
void WriteSample(u8* memory, u64 sampling_number, u64 delta_ns, const PadInput& input);

// The sampling number of the newest sample written, 0 before the first: a new sampler goes
// on counting from it.
u64 LatestSamplingNumber(const u8* memory);

}  // namespace services::hid
