#pragma once

// RIFF WAVE files of 16-bit PCM (Microsoft's RIFF specification, WAVE_FORMAT_PCM): the
// canonical header is "RIFF" <size> "WAVE", a 16-byte "fmt " chunk, then "data" <size> and the
// interleaved little-endian samples.

#include <array>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace formats {

inline constexpr std::size_t kWavHeaderSize = 44;
// RIFF sizes are 32-bit: the most sample bytes one file can hold behind the header.
inline constexpr u64 kWavMaxDataBytes = 0xffff'ffffull - (kWavHeaderSize - 8);

struct WavFormat {
    u16 channels = 2;
    u32 sample_rate = 48000;
};

// The 44-byte header of a file holding `data_bytes` (at most kWavMaxDataBytes) of s16 samples.
std::array<u8, kWavHeaderSize> WavHeader(const WavFormat& format, u64 data_bytes);

struct WavSound {
    WavFormat format;
    std::vector<s16> samples;  // interleaved
};

// Reads a 16-bit PCM WAVE file (chunks other than fmt and data are skipped); throws
// base::Error naming `source` and what is wrong.
WavSound ReadWav(std::span<const u8> bytes, const std::string& source);

}  // namespace formats
