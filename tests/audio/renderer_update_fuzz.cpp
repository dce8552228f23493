// libFuzzer: an audio renderer opened with fuzzed parameters, then a few RequestUpdate input
// buffers, each followed by the frames the renderer would render before the next, as audren:u's
// IAudioRenderer does it (RunUpdate, the performance history copied into the second output
// buffer, Renderer::RenderFrame, PerformanceHistory::Record). Must never crash, trip a
// sanitizer or hang.
//
// Input: byte 0 picks how the parameters come: in one input of eight (byte 0 % 8 == 0) the
// next 0x34 bytes are the raw AudioRendererParameterInternal; otherwise 8 bytes give small
// counts (below). Either way the parameters go through the service's own checks
// (CheckRendererParameters, with a work buffer of kMostWorkBuffer, as a program's transfer
// memory bounds it). Then up to kMostUpdates updates, each: a flags byte, a u16 length and that
// many body bytes. Flags bit 0 clear: the body is the whole input buffer (raw); set: the harness
// writes a header whose section sizes match the parameters (bits 4-5 add 0, 0x40, 0x100 or
// 0x400 bytes of splitter section; with 0, 0x40 or 0x100 the harness also links the effects to
// the final mix, LinkEffects) and the body fills what follows the header. Bits 1-2: frames
// rendered after the update; bit 3: the renderer is started; bits 6-7: a performance buffer of
// 0, 0x100, 0x1000 or 0x10000 bytes. The program's memory is a window at kWindowBase filled by
// repeating the input; the renderer reaches it only inside the pools the updates attach.

#include <algorithm>
#include <cstring>
#include <span>
#include <vector>

#include "audio/renderer/renderer.h"
#include "base/log.h"
#include "services/audio/performance_history.h"
#include "services/audio/renderer_parameter_check.h"
#include "services/audio/renderer_update.h"
#include "services/audio/work_buffer_size.h"

namespace {

namespace dsp = ::audio::renderer;
using services::audio::RendererParameters;

constexpr u64 kMostWorkBuffer = 64ull << 20;  // a generous program's transfer memory
constexpr u64 kWindowBase = 0x8000'0000;
constexpr std::size_t kWindowSize = 0x10000;
constexpr int kMostUpdates = 4;

// The program's memory as RendererMemory shows it: attached pools only.
class FuzzMemory final : public dsp::SampleMemory {
public:
    FuzzMemory(const dsp::RendererState& state, std::span<const u8> fill)
        : state_(state), bytes_(kWindowSize) {
        for (std::size_t i = 0; i < bytes_.size() && !fill.empty(); ++i) {
            bytes_[i] = fill[i % fill.size()];
        }
    }
    bool Read(u64 address, std::span<u8> out) override {
        if (!Inside(address, out.size())) {
            return false;
        }
        std::memcpy(out.data(), bytes_.data() + (address - kWindowBase), out.size());
        return true;
    }
    bool Write(u64 address, std::span<const u8> in) override {
        if (!Inside(address, in.size())) {
            return false;
        }
        std::memcpy(bytes_.data() + (address - kWindowBase), in.data(), in.size());
        return true;
    }

private:
    bool Inside(u64 address, std::size_t size) const {
        return dsp::InAttachedPool(state_, address, size) && address >= kWindowBase &&
               address - kWindowBase <= kWindowSize &&
               size <= kWindowSize - (address - kWindowBase);
    }
    const dsp::RendererState& state_;
    std::vector<u8> bytes_;
};

class Reader {
public:
    explicit Reader(std::span<const u8> data) : data_(data) {}
    u8 Byte() { return at_ < data_.size() ? data_[at_++] : 0; }
    std::span<const u8> Take(std::size_t size) {
        const std::size_t taken = std::min(size, data_.size() - at_);
        const auto span = data_.subspan(at_, taken);
        at_ += taken;
        return span;
    }
    bool Done() const { return at_ >= data_.size(); }

private:
    std::span<const u8> data_;
    std::size_t at_ = 0;
};

RendererParameters CompactParameters(Reader& reader) {
    RendererParameters p{};
    const u8 rate = reader.Byte();
    p.sample_rate = rate & 1 ? 32000 : 48000;
    p.sample_count = p.sample_rate / 200;
    p.revision = services::audio::RevisionMagic(1 + (rate >> 1) % services::audio::kMaxRevision);
    p.mix_buffer_count = 1 + reader.Byte() % dsp::kMaxMixBuffers;
    p.sub_mix_count = reader.Byte() % 4;
    p.voice_count = 1 + reader.Byte() % 8;
    const u8 sinks = reader.Byte();
    p.sink_count = 1 + sinks % 3;
    p.voice_drop_enabled = sinks >> 7;
    p.effect_count = reader.Byte() % 5;
    p.performance_frame_count = reader.Byte() % 3;
    const u8 splitters = reader.Byte();
    p.splitter_count = splitters % 3;
    p.splitter_destination_count = (splitters >> 2) % 5;
    return p;
}

template <typename T>
void Write(std::vector<u8>& input, std::size_t at, const T& value) {
    if (at + sizeof(T) <= input.size()) {
        std::memcpy(input.data() + at, &value, sizeof(T));
    }
}

// Links every effect record to the final mix and makes that mix in use with the renderer's
// mix buffers, so that the effects' DSP runs on the fuzzed parameters: each effect on mix 0,
// its channel count 1, 2, 4 or 6 and its inputs and outputs among the mix's buffers, its
// sample rate field (where its type has one) 48 kHz; the final mix record in use (REV7+: the
// dirty-only header counts it). Random bytes reach these only by chance.
void LinkEffects(const RendererParameters& p, const services::audio::UpdateDataHeader& header,
                 u32 splitter_bytes, std::vector<u8>& input) {
    namespace sa = services::audio;
    const std::size_t effects_at = sizeof(header) + header.behaviour_size +
                                   header.memory_pool_size + header.voice_resources_size +
                                   header.voices_size;
    const u32 buffers = std::max<u32>(1, std::min(p.mix_buffer_count, dsp::kMaxMixBuffers));
    constexpr u16 kChannelCounts[] = {1, 2, 4, 6};
    for (u32 e = 0; e < p.effect_count; ++e) {
        const std::size_t record = effects_at + std::size_t{e} * sa::kEffectInSize;
        const std::size_t parameters = record + 0x20;
        if (parameters + 0x20 > input.size()) {
            break;
        }
        Write<u32>(input, record + 4, dsp::kFinalMixId);
        const u16 channels = kChannelCounts[input[parameters + 0xC] % 4];
        Write(input, parameters + 0xC, channels);
        Write(input, parameters + 0xE, channels);
        for (std::size_t c = 0; c < 2 * dsp::kMaxVoiceChannels; ++c) {
            input[parameters + c] = static_cast<u8>(input[parameters + c] % buffers);
        }
        input[record] = static_cast<u8>(1 + input[record] % 9);  // a type the renderer has
        switch (static_cast<dsp::EffectType>(input[record])) {
            case dsp::EffectType::Delay:
                Write<u32>(input, parameters + 0x18, 48000u << 14);
                break;
            case dsp::EffectType::Reverb:
                Write<u32>(input, parameters + 0x10, 48u << 14);
                break;
            case dsp::EffectType::I3dl2Reverb:
                Write<u32>(input, parameters + 0x14, 48000);
                break;
            default:
                break;
        }
    }
    std::size_t mix = effects_at + header.effects_size + splitter_bytes;
    if (sa::RendererFeatures(p.revision).MixInParameterDirtyOnlyUpdate()) {
        Write<u32>(input, mix + 4, 1);
        mix += sa::kMixDirtyHeaderSize;
    }
    Write<float>(input, mix + 0x00, 1.0f);
    Write<u32>(input, mix + 0x04, 48000);
    Write<u32>(input, mix + 0x08, buffers);
    Write<u8>(input, mix + 0x0C, 1);
    Write<u32>(input, mix + 0x10, dsp::kFinalMixId);
    Write<u32>(input, mix + 0x924, dsp::kUnusedMixId);
    Write<u32>(input, mix + 0x928, dsp::kUnusedSplitterId);
}

// An input buffer whose header's sections are the sizes the parameters ask for (REV7+: the
// mix section with its dirty-only header); `link` runs LinkEffects on it.
std::vector<u8> WithHeader(const RendererParameters& p, u32 splitter_bytes, bool link,
                           std::span<const u8> body) {
    namespace sa = services::audio;
    sa::UpdateDataHeader header{};
    header.revision = p.revision;
    header.behaviour_size = sa::kBehaviourInSize;
    header.memory_pool_size = sa::MemoryPoolCount(p) * sa::kMemoryPoolInSize;
    header.voice_resources_size = p.voice_count * sa::kVoiceResourceInSize;
    header.voices_size = p.voice_count * sa::kVoiceInSize;
    header.effects_size = p.effect_count * sa::kEffectInSize;
    header.mix_size =
        (p.sub_mix_count + 1) * sa::kMixInSize +
        (sa::RendererFeatures(p.revision).MixInParameterDirtyOnlyUpdate() ? sa::kMixDirtyHeaderSize
                                                                          : 0);
    header.sinks_size = p.sink_count * sa::kSinkInSize;
    header.performance_size = sa::kPerformanceInSize;
    header.total_size = static_cast<u32>(sizeof(header)) + header.behaviour_size +
                        header.memory_pool_size + header.voice_resources_size + header.voices_size +
                        header.effects_size + splitter_bytes + header.mix_size + header.sinks_size +
                        header.performance_size;
    std::vector<u8> input(header.total_size);
    std::memcpy(input.data() + sizeof(header), body.data(),
                std::min(body.size(), input.size() - sizeof(header)));
    std::memcpy(input.data(), &header, sizeof(header));
    std::memcpy(input.data() + sizeof(header), &p.revision, 4);  // the behaviour's revision
    if (link) {
        LinkEffects(p, header, splitter_bytes, input);
    }
    return input;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    base::SetLogLevel(base::LogLevel::Error);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    namespace sa = services::audio;
    Reader reader({data, size});
    RendererParameters p{};
    if (reader.Byte() % 8 == 0) {
        const auto raw = reader.Take(sizeof(p));
        std::memcpy(&p, raw.data(), raw.size());
    } else {
        p = CompactParameters(reader);
    }
    // OpenAudioRenderer's checks (renderer_parameter_check.h).
    if (sa::CheckRendererParameters(p, kMostWorkBuffer).IsFailure()) {
        return 0;
    }
    dsp::Renderer renderer(sa::RendererConfigOf(p));
    FuzzMemory memory(renderer.State(), {data, size});
    sa::PerformanceHistory performance(
        p.performance_frame_count, sa::RendererFeatures(p.revision).PerformanceMetricsVersion2());
    sa::InputLog log;
    u64 frames = 0;
    constexpr u32 kSplitterBytes[] = {0, 0x40, 0x100, 0x400};
    constexpr u32 kPerformanceBytes[] = {0, 0x100, 0x1000, 0x10000};
    for (int update = 0; update < kMostUpdates && !reader.Done(); ++update) {
        const u8 flags = reader.Byte();
        const u32 length = reader.Byte() | reader.Byte() << 8;
        const auto body = reader.Take(length);
        const std::vector<u8> input = flags & 1 ? WithHeader(p, kSplitterBytes[(flags >> 4) & 3],
                                                             (flags & 0x30) != 0x30, body)
                                                : std::vector<u8>(body.begin(), body.end());
        std::vector<u8> output(sa::UpdateOutputSize(p));
        std::vector<u8> history(kPerformanceBytes[flags >> 6]);
        sa::UpdateSummary summary;
        const bool started = flags & 8;
        if (sa::RunUpdate(p, input, output, frames, started, renderer.State(), memory, log, summary)
                .IsSuccess()) {
            const u32 history_size = performance.CopyTo(history);
            std::memcpy(output.data() + summary.performance_status_offset, &history_size, 4);
        }
        for (int frame = 0; started && frame < ((flags >> 1) & 3); ++frame) {
            renderer.RenderFrame(memory);
            performance.Record(renderer.LastFramePerformance(), frames * 96'000, false);
            ++frames;
        }
    }
    return 0;
}
