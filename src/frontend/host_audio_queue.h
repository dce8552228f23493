#pragma once

// The host sound device's view of the output timeline: a ring of stereo frames that the guest
// side writes at their timeline positions and the device side reads, a fixed latency behind the
// guest's clock.
//
// The device plays at its own crystal's rate and the guest's clock is the host's (or, under
// --deterministic, the instruction count), so the two drift apart; and a guest that stalls,
// or runs faster than real time, moves its clock in jumps. The read position therefore follows
// the guest's: it is steered toward `clock - latency` by playing up to 1 % faster or slower
// (linear interpolation), which absorbs drift over any length of run; when the guest stops
// advancing, the device plays silence without moving on (stretch); when the guest is more than
// a latency ahead (it ran ahead, or came back from a stall), the frames in between are dropped.
// Each stretch and drop is logged, at most once every few seconds with totals.
//
// A buffer reaches the output when it has finished playing, so the latency must exceed the
// longest buffer: one longer than the latency so far raises it (BootSoundNX appends 384 ms
// ones), which the device meets by playing silence once, and the log says so.
//
// Thread safety: one mutex; the guest side's calls copy a buffer, the device side's a period.

#include <mutex>
#include <span>
#include <vector>

#include "base/types.h"

namespace frontend {

class HostAudioQueue {
public:
    // How far behind the guest's clock the device plays at first: more than the usual audio
    // out buffer (a game's 5 to 50 ms) plus the output clock's 5 ms.
    static constexpr u32 kDefaultLatencyFrames = 48000 * 75 / 1000;

    explicit HostAudioQueue(u32 latency_frames = kDefaultLatencyFrames);

    // The guest side: frames that played from `position` on (mixed with any already there), and
    // the output clock's position at host time `host_ns` (steady clock).
    void Write(u64 position, std::span<const s16> stereo);
    void AdvanceTo(u64 position, u64 host_ns);

    // The device side: the next interleaved stereo frames at host time `host_ns`.
    void Read(std::span<s16> out, u64 host_ns);

    struct Totals {
        u64 dropped_frames = 0;    // skipped because the guest was ahead (silence not counted)
        u64 stretched_frames = 0;  // silence played before sound while the guest did not advance
        u64 late_frames = 0;       // written after their time had been played
    };
    Totals Counts() const;
    // Where the device reads now, in timeline frames (for tests).
    double ReadPosition() const;
    // How far behind the guest's clock it plays now, in frames.
    double Latency() const;

private:
    static constexpr u64 kCapacity = 1 << 16;  // frames, 1.37 s: a power of two
    s16* Slot(u64 position) { return &ring_[(position & (kCapacity - 1)) * 2]; }
    double GuestEstimate(u64 host_ns) const;  // mutex_ held
    void SkipTo(double position);             // mutex_ held
    // Frames of [from, to) that may hold sound (before the end of the last write); mutex_ held.
    u64 SoundBetween(double from, double to) const;
    void LogTotals(u64 host_ns);  // mutex_ held

    double latency_;
    mutable std::mutex mutex_;
    std::vector<s16> ring_;
    bool started_ = false;
    u64 clock_ = 0;           // the output clock's last position
    u64 clock_host_ns_ = 0;   // the host time it came
    double read_ = 0;         // the device's position on the timeline
    u64 sound_end_ = 0;       // the end of the furthest write
    double steer_error_ = 0;  // the filtered distance from where it should be
    bool stretching_ = false;
    Totals totals_;
    Totals logged_;
    u64 last_log_ns_ = 0;
};

}  // namespace frontend
