#include "audio/renderer/adpcm_decoder.h"

#include <algorithm>

namespace audio::renderer {

std::size_t DecodeAdpcm(std::span<const u8> data, u64 first, std::span<s16> out,
                        const AdpcmCoefficients& coefficients, AdpcmContext& context) {
    std::size_t decoded = 0;
    for (; decoded < out.size(); ++decoded) {
        const u64 sample = first + decoded;
        const u64 frame = sample / kAdpcmSamplesPerFrame;
        const u32 index = static_cast<u32>(sample % kAdpcmSamplesPerFrame);
        const u64 byte = frame * kAdpcmFrameBytes + 1 + index / 2;
        if (byte >= data.size()) {
            break;
        }
        if (index == 0 || decoded == 0) {
            context.header = data[frame * kAdpcmFrameBytes];
        }
        const u32 pair = (context.header >> 4) & 7;
        const u32 scale = context.header & 0xF;
        const u8 packed = data[byte];
        s32 nibble = index % 2 == 0 ? packed >> 4 : packed & 0xF;
        if (nibble >= 8) {
            nibble -= 16;
        }
        const s64 predicted = (s64{nibble} * (s64{1} << scale) << 11) + 1024 +
                              s64{coefficients[pair * 2]} * context.history0 +
                              s64{coefficients[pair * 2 + 1]} * context.history1;
        const s16 value = static_cast<s16>(std::clamp<s64>(predicted >> 11, -32768, 32767));
        context.history1 = context.history0;
        context.history0 = value;
        out[decoded] = value;
    }
    return decoded;
}

}  // namespace audio::renderer
