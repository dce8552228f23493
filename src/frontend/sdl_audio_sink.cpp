#include "frontend/sdl_audio_sink.h"

#include <SDL.h>

#include <chrono>

#include "base/error.h"
#include "base/log.h"

namespace frontend {
namespace {

u64 HostNanoseconds() {
    return static_cast<u64>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                std::chrono::steady_clock::now().time_since_epoch())
                                .count());
}

// The device's period: 480 frames, 10 ms, well inside the queue's latency (a whole number of
// milliseconds, which SDL's timer-paced drivers, disk and dummy, keep to best).
constexpr Uint16 kDevicePeriodFrames = 480;

}  // namespace

SdlAudioSink::SdlAudioSink(u32 volume_percent, bool muted) : volume_(volume_percent, muted) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        base::Fail("no host sound (SDL: {})", SDL_GetError());
    }
    SDL_AudioSpec wanted{};
    wanted.freq = static_cast<int>(services::audio::kOutputSampleRate);
    wanted.format = AUDIO_S16SYS;
    wanted.channels = static_cast<Uint8>(services::audio::kOutputChannels);
    wanted.samples = kDevicePeriodFrames;
    wanted.callback = Fill;
    wanted.userdata = this;
    SDL_AudioSpec got{};
    device_ = SDL_OpenAudioDevice(nullptr, 0, &wanted, &got, 0);
    if (device_ == 0) {
        const std::string reason = SDL_GetError();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        base::Fail("no host sound (SDL: {})", reason);
    }
    const char* driver = SDL_GetCurrentAudioDriver();
    device_name_ = driver != nullptr ? driver : "?";
    SDL_PauseAudioDevice(device_, 0);
}

SdlAudioSink::~SdlAudioSink() {
    SDL_CloseAudioDevice(device_);
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void SdlAudioSink::Write(u64 position, std::span<const s16> stereo) {
    queue_.Write(position, stereo);
}

void SdlAudioSink::AdvanceTo(u64 position) {
    queue_.AdvanceTo(position, HostNanoseconds());
}

void SdlAudioSink::Fill(void* self, u8* stream, int bytes) {
    auto& sink = *static_cast<SdlAudioSink*>(self);
    const std::span<s16> out(reinterpret_cast<s16*>(stream),
                             static_cast<std::size_t>(bytes) / sizeof(s16));
    // Read even when muted, so that the queue keeps following the guest's clock.
    sink.queue_.Read(out, HostNanoseconds());
    sink.volume_.Apply(out);
}

}  // namespace frontend
