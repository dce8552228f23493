#include "formats/wav.h"

#include <cstring>

#include "base/byte_reader.h"
#include "base/byte_writer.h"

namespace formats {
namespace {

constexpr u16 kFormatPcm = 1;  // WAVE_FORMAT_PCM
constexpr u16 kBitsPerSample = 16;

u32 Tag(const char (&name)[5]) {
    u32 tag = 0;
    std::memcpy(&tag, name, 4);
    return tag;
}

}  // namespace

std::array<u8, kWavHeaderSize> WavHeader(const WavFormat& format, u64 data_bytes) {
    const u16 block_align = format.channels * (kBitsPerSample / 8);
    base::ByteWriter writer;
    writer.Write(0, Tag("RIFF"));
    writer.Write(4, static_cast<u32>(kWavHeaderSize - 8 + data_bytes));
    writer.Write(8, Tag("WAVE"));
    writer.Write(12, Tag("fmt "));
    writer.Write(16, u32{16});
    writer.Write(20, kFormatPcm);
    writer.Write(22, format.channels);
    writer.Write(24, format.sample_rate);
    writer.Write(28, format.sample_rate * block_align);  // bytes a second
    writer.Write(32, block_align);
    writer.Write(34, kBitsPerSample);
    writer.Write(36, Tag("data"));
    writer.Write(40, static_cast<u32>(data_bytes));
    std::array<u8, kWavHeaderSize> header{};
    std::memcpy(header.data(), writer.Bytes().data(), header.size());
    return header;
}

WavSound ReadWav(std::span<const u8> bytes, const std::string& source) {
    const base::ByteReader reader(bytes, source);
    if (reader.Read<u32>(0, "RIFF tag") != Tag("RIFF") ||
        reader.Read<u32>(8, "WAVE tag") != Tag("WAVE")) {
        reader.Invalid("header", 0, "not a RIFF WAVE file");
    }
    WavSound sound;
    bool have_format = false;
    u64 at = 12;
    while (at + 8 <= bytes.size()) {
        const u32 tag = reader.Read<u32>(at, "chunk tag");
        const u32 size = reader.Read<u32>(at + 4, "chunk size");
        if (tag == Tag("fmt ")) {
            if (reader.Read<u16>(at + 8, "format tag") != kFormatPcm ||
                reader.Read<u16>(at + 22, "bits per sample") != kBitsPerSample) {
                reader.Invalid("fmt chunk", at, "not 16-bit PCM");
            }
            sound.format.channels = reader.Read<u16>(at + 10, "channel count");
            sound.format.sample_rate = reader.Read<u32>(at + 12, "sample rate");
            have_format = true;
        } else if (tag == Tag("data")) {
            if (!have_format) {
                reader.Invalid("data chunk", at, "comes before the fmt chunk");
            }
            const std::span<const u8> data = reader.Slice(at + 8, size, "data chunk");
            sound.samples.resize(data.size() / sizeof(s16));
            std::memcpy(sound.samples.data(), data.data(), sound.samples.size() * sizeof(s16));
            return sound;
        }
        at += 8 + size + (size & 1);  // chunks are padded to even sizes
    }
    reader.Invalid("data chunk", at, "missing");
}

}  // namespace formats
