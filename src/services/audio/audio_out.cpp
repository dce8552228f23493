#include "services/audio/audio_out.h"

#include <algorithm>
#include <cstring>

#include "base/log.h"
#include "cpu/guest_memory.h"
#include "services/audio/audio_results.h"

namespace services::audio {

void AudioOutWork::Run(u64 ticks, kernel::EventSignaller& events) {
    if (stream_->Advance(ticks)) {
        events.Signal(*event_);
    }
}

AudioOut::AudioOut(std::shared_ptr<AudioOutStream> stream, kernel::IpcEnvironment& environment)
    : stream_(std::move(stream)),
      event_(std::make_shared<kernel::ReadableEvent>()),
      work_(std::make_shared<AudioOutWork>(stream_, event_)) {
    environment.StartPeriodicWork(work_);
}

base::Result AudioOut::GetAudioOutState(ipc::Out<u32> state) {
    *state = static_cast<u32>(stream_->State());
    return base::ResultSuccess;
}

base::Result AudioOut::Start(ipc::RequestEnvironment environment) {
    return stream_->Start(environment->Ticks());
}

base::Result AudioOut::Stop(ipc::RequestEnvironment environment) {
    // The stream's lock is released before the kernel is called (the periodic work takes
    // the two the other way round).
    if (stream_->Stop(environment->Ticks())) {
        environment->SetEventSignal(*event_, true);
    }
    return base::ResultSuccess;
}

base::Result AudioOut::Append(std::span<const u8> buffer, u64 tag,
                              kernel::IpcEnvironment& environment) {
    AudioOutBufferInfo info{};
    if (buffer.size() < sizeof(info)) {
        return ResultInsufficientBuffer;
    }
    std::memcpy(&info, buffer.data(), sizeof(info));
    // The samples must lie in the program's readable memory (which also bounds what the host
    // allocates for them); a buffer that names anything else is refused, nothing queued.
    const u64 start = info.samples + info.data_offset;
    if (info.data_offset > ~u64{0} - info.samples ||
        !environment.Memory().IsAccessible(start, info.data_size, cpu::Permission::Read)) {
        LOG_WARNING("audio",
                    "audio out buffer {:#x}: {:#x} bytes at {:#x} + {:#x} are not readable "
                    "memory; refused with 2153-0004",
                    tag, info.data_size, info.samples, info.data_offset);
        return ResultInsufficientBuffer;
    }
    std::vector<s16> pcm(info.data_size / sizeof(s16));
    if (!pcm.empty()) {
        environment.Memory().ReadBlock(
            start, {reinterpret_cast<u8*>(pcm.data()), pcm.size() * sizeof(s16)});
    }
    return stream_->Append(tag, std::move(pcm), environment.Ticks());
}

u32 AudioOut::TakeReleased(std::span<u8> tags) {
    std::vector<u64> taken(tags.size() / sizeof(u64));
    const u32 count = stream_->TakeReleased(taken);
    if (count > 0) {
        std::memcpy(tags.data(), taken.data(), count * sizeof(u64));
    }
    return count;
}

base::Result AudioOut::AppendAudioOutBuffer(ipc::InBuffer<ipc::kMapAlias> buffer, u64 tag,
                                            ipc::RequestEnvironment environment) {
    return Append(buffer.data, tag, *environment);
}

base::Result AudioOut::RegisterBufferEvent(ipc::OutCopyHandle event) {
    *event.object = event_;
    return base::ResultSuccess;
}

base::Result AudioOut::GetReleasedAudioOutBuffers(ipc::OutBuffer<ipc::kMapAlias> tags,
                                                  ipc::Out<u32> count) {
    *count = TakeReleased(tags.data);
    return base::ResultSuccess;
}

base::Result AudioOut::ContainsAudioOutBuffer(u64 tag, ipc::Out<bool> contains) {
    *contains = stream_->Contains(tag);
    return base::ResultSuccess;
}

base::Result AudioOut::AppendAudioOutBufferAuto(ipc::InBuffer<ipc::kAutoSelect> buffer, u64 tag,
                                                ipc::RequestEnvironment environment) {
    return Append(buffer.data, tag, *environment);
}

base::Result AudioOut::GetReleasedAudioOutBuffersAuto(ipc::OutBuffer<ipc::kAutoSelect> tags,
                                                      ipc::Out<u32> count) {
    *count = TakeReleased(tags.data);
    return base::ResultSuccess;
}

base::Result AudioOut::GetAudioOutBufferCount(ipc::Out<u32> count) {
    *count = stream_->QueuedCount();
    return base::ResultSuccess;
}

base::Result AudioOut::GetAudioOutPlayedSampleCount(ipc::RequestEnvironment environment,
                                                    ipc::Out<u64> count) {
    *count = stream_->PlayedSampleCount(environment->Ticks());
    return base::ResultSuccess;
}

base::Result AudioOut::FlushAudioOutBuffers(ipc::RequestEnvironment environment,
                                            ipc::Out<bool> flushed) {
    bool released_any = false;
    *flushed = stream_->Flush(environment->Ticks(), released_any);
    if (released_any) {
        environment->SetEventSignal(*event_, true);
    }
    return base::ResultSuccess;
}

base::Result AudioOut::SetAudioOutVolume(float volume) {
    stream_->SetVolume(volume);
    return base::ResultSuccess;
}

base::Result AudioOut::GetAudioOutVolume(ipc::Out<float> volume) {
    *volume = stream_->Volume();
    return base::ResultSuccess;
}

}  // namespace services::audio
