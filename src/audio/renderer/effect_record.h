#pragma once

// Reading an effect's parameter record as the program wrote it: fields past the record's end
// read as 0, and every effect's record starts with the same channel header (inputs[6] s8,
// outputs[6] s8 @6, channel count max u16 @0xC, channel count u16 @0xE; Ryujinx's
// Parameter/Effect/*Parameter.cs).

#include <cmath>
#include <cstring>
#include <span>

#include "base/types.h"

namespace audio::renderer {

template <typename T>
T RecordField(std::span<const u8> record, std::size_t offset) {
    T value{};
    if (offset + sizeof(T) <= record.size()) {
        std::memcpy(&value, record.data() + offset, sizeof(T));
    }
    return value;
}

// A NaN or infinity from the program becomes `otherwise`: it must not poison the mix.
inline float FiniteOr(float value, float otherwise = 0.0f) {
    return std::isfinite(value) ? value : otherwise;
}

// The channel header into `parameters` (its inputs, outputs, channel_count_max and
// channel_count).
template <typename Parameters>
void ReadChannelHeader(std::span<const u8> record, Parameters& parameters) {
    for (std::size_t c = 0; c < parameters.inputs.size(); ++c) {
        parameters.inputs[c] = RecordField<s8>(record, c);
        parameters.outputs[c] = RecordField<s8>(record, 6 + c);
    }
    parameters.channel_count_max = RecordField<u16>(record, 0xC);
    parameters.channel_count = RecordField<u16>(record, 0xE);
}

}  // namespace audio::renderer
