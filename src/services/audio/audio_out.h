#pragma once

// nn::audio::detail::IAudioOut: one opened audio out (audout:u's OpenAudioOut). Command ids
// and layouts from the public homebrew documentation (switchbrew "Audio services", libnx
// services/audout.c) and yuzu's reimplementation.

#include <memory>

#include "ipc/service_object.h"
#include "kernel/event.h"
#include "kernel/periodic_work.h"
#include "services/audio/audio_out_stream.h"

namespace services::audio {

// The client's buffer description (libnx AudioOutBuffer): the PCM is `data_size` bytes at
// `samples + data_offset`; `capacity` is the size of the sample buffer.
struct AudioOutBufferInfo {
    u64 next;  // unused by the service
    u64 samples;
    u64 capacity;
    u64 data_size;
    u64 data_offset;
};
static_assert(sizeof(AudioOutBufferInfo) == 0x28);

// Plays the stream on the guest clock: releases finished buffers every 5 ms (the audio
// DSP's frame) and signals the buffer event when any was released. Buffers still start
// where the previous one ended, so the period does not change the playback rate.
class AudioOutWork final : public kernel::PeriodicWork {
public:
    static constexpr u64 kPeriodTicks = 19'200'000 / 200;  // 5 ms

    AudioOutWork(std::shared_ptr<AudioOutStream> stream,
                 std::shared_ptr<kernel::ReadableEvent> event)
        : stream_(std::move(stream)), event_(std::move(event)) {}
    u64 PeriodTicks() const override { return kPeriodTicks; }
    bool MayWakeWaiters() const override { return stream_->Playing(); }
    void Run(u64 ticks, kernel::EventSignaller& events) override;

private:
    std::shared_ptr<AudioOutStream> stream_;
    std::shared_ptr<kernel::ReadableEvent> event_;
};

class AudioOut final : public ipc::Interface<AudioOut> {
public:
    static constexpr auto kName = "nn::audio::detail::IAudioOut";

    // Starts the stream's periodic work in the requesting process.
    AudioOut(std::shared_ptr<AudioOutStream> stream, kernel::IpcEnvironment& environment);

    base::Result GetAudioOutState(ipc::Out<u32> state);
    base::Result Start(ipc::RequestEnvironment environment);
    base::Result Stop(ipc::RequestEnvironment environment);
    base::Result AppendAudioOutBuffer(ipc::InBuffer<ipc::kMapAlias> buffer, u64 tag,
                                      ipc::RequestEnvironment environment);
    base::Result RegisterBufferEvent(ipc::OutCopyHandle event);
    base::Result GetReleasedAudioOutBuffers(ipc::OutBuffer<ipc::kMapAlias> tags,
                                            ipc::Out<u32> count);
    base::Result ContainsAudioOutBuffer(u64 tag, ipc::Out<bool> contains);
    base::Result AppendAudioOutBufferAuto(ipc::InBuffer<ipc::kAutoSelect> buffer, u64 tag,
                                          ipc::RequestEnvironment environment);
    base::Result GetReleasedAudioOutBuffersAuto(ipc::OutBuffer<ipc::kAutoSelect> tags,
                                                ipc::Out<u32> count);
    base::Result GetAudioOutBufferCount(ipc::Out<u32> count);
    base::Result GetAudioOutPlayedSampleCount(ipc::RequestEnvironment environment,
                                              ipc::Out<u64> count);
    base::Result FlushAudioOutBuffers(ipc::RequestEnvironment environment, ipc::Out<bool> flushed);
    base::Result SetAudioOutVolume(float volume);
    base::Result GetAudioOutVolume(ipc::Out<float> volume);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AudioOut::GetAudioOutState),
        NX_COMMAND(1, AudioOut::Start),
        NX_COMMAND(2, AudioOut::Stop),
        NX_COMMAND(3, AudioOut::AppendAudioOutBuffer),
        NX_COMMAND(4, AudioOut::RegisterBufferEvent),
        NX_COMMAND(5, AudioOut::GetReleasedAudioOutBuffers),
        NX_COMMAND(6, AudioOut::ContainsAudioOutBuffer),
        NX_COMMAND(7, AudioOut::AppendAudioOutBufferAuto),
        NX_COMMAND(8, AudioOut::GetReleasedAudioOutBuffersAuto),
        NX_COMMAND(9, AudioOut::GetAudioOutBufferCount),
        NX_COMMAND(10, AudioOut::GetAudioOutPlayedSampleCount),
        NX_COMMAND(11, AudioOut::FlushAudioOutBuffers),
        NX_COMMAND(12, AudioOut::SetAudioOutVolume),
        NX_COMMAND(13, AudioOut::GetAudioOutVolume),
    };

    const std::shared_ptr<AudioOutStream>& Stream() const { return stream_; }
    const std::shared_ptr<kernel::ReadableEvent>& BufferEvent() const { return event_; }

private:
    base::Result Append(std::span<const u8> buffer, u64 tag, kernel::IpcEnvironment& environment);
    u32 TakeReleased(std::span<u8> tags);

    std::shared_ptr<AudioOutStream> stream_;
    std::shared_ptr<kernel::ReadableEvent> event_;
    std::shared_ptr<AudioOutWork> work_;
};

}  // namespace services::audio
