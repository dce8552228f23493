#include "frontend/host_audio_queue.h"

#include <algorithm>
#include <cmath>

#include "base/log.h"

namespace frontend {
namespace {

constexpr double kFramesPerNs = 48000.0 / 1e9;
// Between two of the output clock's 5 ms steps the guest's position is extrapolated with the
// host's clock, but no further than two steps: a guest that stops is not assumed to go on.
constexpr double kExtrapolationFrames = 480;
// The steering: at half a latency off, the device plays 1 % fast or slow, never more (a
// pitch change of a sixth of a semitone, while it lasts).
constexpr double kMaxRateChange = 0.01;
// The distance is smoothed over about 20 device periods, so that the clock's steps and the
// device's period do not make the rate wobble.
constexpr double kSmoothing = 0.05;
constexpr u64 kLogIntervalNs = 5'000'000'000;
// Over the longest buffer: the output clock's step and a device period (SdlAudioSink's 480
// frames).
constexpr double kLatencyMargin = 240 + 480;

double Milliseconds(u64 frames) {
    return static_cast<double>(frames) / 48.0;
}

}  // namespace

HostAudioQueue::HostAudioQueue(u32 latency_frames)
    : latency_(latency_frames), ring_(kCapacity * 2, 0) {}

double HostAudioQueue::GuestEstimate(u64 host_ns) const {
    const double elapsed =
        host_ns > clock_host_ns_ ? static_cast<double>(host_ns - clock_host_ns_) * kFramesPerNs : 0;
    return static_cast<double>(clock_) + std::min(elapsed, kExtrapolationFrames);
}

void HostAudioQueue::SkipTo(double position) {
    // The frames between are not played: their slots are cleared for the positions to come.
    const s64 from = std::max<s64>(0, static_cast<s64>(std::floor(read_)));
    const s64 to = std::max<s64>(0, static_cast<s64>(std::floor(position)));
    for (s64 p = from; p < to && p < from + static_cast<s64>(kCapacity); ++p) {
        std::fill_n(Slot(static_cast<u64>(p)), 2, s16{0});
    }
    read_ = position;
}

u64 HostAudioQueue::SoundBetween(double from, double to) const {
    // Frames before the timeline's start or past the last one written are silence: skipping
    // them loses nothing.
    const double start = std::max(from, 0.0);
    const double end = std::min(to, static_cast<double>(sound_end_));
    return end > start ? static_cast<u64>(end - start) : 0;
}

void HostAudioQueue::AdvanceTo(u64 position, u64 host_ns) {
    std::lock_guard lock(mutex_);
    if (!started_) {
        started_ = true;
        read_ = static_cast<double>(position) - latency_;
    }
    clock_ = std::max(clock_, position);
    clock_host_ns_ = host_ns;
}

void HostAudioQueue::Write(u64 position, std::span<const s16> stereo) {
    std::lock_guard lock(mutex_);
    if (!started_) {
        return;  // the output clock comes first in a run; nothing plays before it
    }
    const u64 frames = stereo.size() / 2;
    const u64 end = position + frames;
    if (static_cast<double>(frames) + kLatencyMargin > latency_) {
        // The device steps back to the new latency at once: it plays this buffer whole, and
        // the time it stepped back by is heard as silence once.
        latency_ = std::min(static_cast<double>(frames) + kLatencyMargin, kCapacity / 2.0);
        const double back = static_cast<double>(clock_) - latency_;
        if (back < read_) {
            read_ = back;
            steer_error_ = 0;
        }
        LOG_INFO("audio",
                 "host sound: {:.0f} ms behind the guest from now on, for its {:.0f} ms "
                 "buffers",
                 latency_ / 48, Milliseconds(frames));
    }
    // Frames below the read position have been played and their slots cleared.
    const u64 played = read_ > 0 ? static_cast<u64>(std::floor(read_)) : 0;
    if (end > played + kCapacity) {
        // Further ahead than the ring holds (the guest ran far ahead of the device).
        const double to = static_cast<double>(end) - latency_;
        totals_.dropped_frames += SoundBetween(read_, to);
        SkipTo(std::max(read_, to));
    }
    sound_end_ = std::max(sound_end_, end);
    const u64 from = std::max(position, read_ > 0 ? static_cast<u64>(std::floor(read_)) : 0);
    if (from > position) {
        totals_.late_frames += std::min(frames, from - position);
    }
    for (u64 p = from; p < end; ++p) {
        s16* slot = Slot(p);
        const s16* in = stereo.data() + (p - position) * 2;
        for (int c = 0; c < 2; ++c) {
            slot[c] = static_cast<s16>(std::clamp<s32>(s32{slot[c]} + in[c], -32768, 32767));
        }
    }
}

void HostAudioQueue::Read(std::span<s16> out, u64 host_ns) {
    std::lock_guard lock(mutex_);
    std::fill(out.begin(), out.end(), s16{0});
    if (!started_) {
        return;
    }
    const double guest = GuestEstimate(host_ns);
    const double target = guest - latency_;
    double error = target - read_;  // positive: the device is behind where it should be
    if (error > latency_) {
        totals_.dropped_frames += SoundBetween(read_, target);
        SkipTo(target);
        error = 0;
        steer_error_ = 0;
    }
    steer_error_ += (error - steer_error_) * kSmoothing;
    const double step = 1.0 + std::clamp(steer_error_ / latency_ * 2 * kMaxRateChange,
                                         -kMaxRateChange, kMaxRateChange);
    // The device never plays closer to the guest's clock than the longest buffer: nearer, the
    // buffers still playing on the guest have not arrived.
    const double limit = guest - (latency_ - kLatencyMargin);
    const s64 before = static_cast<s64>(std::floor(read_));
    const std::size_t frames = out.size() / 2;
    for (std::size_t i = 0; i < frames; ++i) {
        if (read_ >= limit) {
            // Heard only when there is sound to come (not in a silence, nor after the end).
            totals_.stretched_frames += sound_end_ > 0 && read_ < static_cast<double>(sound_end_);
            continue;
        }
        const double whole = std::floor(read_);
        if (whole >= 0) {
            const double fraction = read_ - whole;
            const s16* a = Slot(static_cast<u64>(whole));
            const s16* b = Slot(static_cast<u64>(whole) + 1);
            for (int c = 0; c < 2; ++c) {
                out[i * 2 + c] = static_cast<s16>(std::lround(a[c] + (b[c] - a[c]) * fraction));
            }
        }
        read_ += step;
    }
    // Clear the slots passed, for the positions a ring later.
    for (s64 p = std::max<s64>(0, before); p < static_cast<s64>(std::floor(read_)); ++p) {
        std::fill_n(Slot(static_cast<u64>(p)), 2, s16{0});
    }
    LogTotals(host_ns);
}

void HostAudioQueue::LogTotals(u64 host_ns) {
    const u64 dropped = totals_.dropped_frames - logged_.dropped_frames;
    const u64 stretched = totals_.stretched_frames - logged_.stretched_frames;
    const u64 late = totals_.late_frames - logged_.late_frames;
    if ((dropped == 0 && stretched == 0 && late == 0) ||
        (last_log_ns_ != 0 && host_ns - last_log_ns_ < kLogIntervalNs)) {
        return;
    }
    if (dropped != 0) {
        LOG_INFO("audio", "host sound: {:.1f} ms dropped (the guest ran ahead of the device)",
                 Milliseconds(dropped));
    }
    if (stretched != 0) {
        LOG_INFO("audio",
                 "host sound: {:.1f} ms of silence played while the guest's clock "
                 "stood still",
                 Milliseconds(stretched));
    }
    if (late != 0) {
        LOG_INFO("audio", "host sound: {:.1f} ms arrived after its time had been played",
                 Milliseconds(late));
    }
    logged_ = totals_;
    last_log_ns_ = std::max<u64>(host_ns, 1);
}

HostAudioQueue::Totals HostAudioQueue::Counts() const {
    std::lock_guard lock(mutex_);
    return totals_;
}

double HostAudioQueue::ReadPosition() const {
    std::lock_guard lock(mutex_);
    return read_;
}

double HostAudioQueue::Latency() const {
    std::lock_guard lock(mutex_);
    return latency_;
}

}  // namespace frontend
