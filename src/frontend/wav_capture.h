#pragma once

// `--audio-out FILE.wav`: what the console would have played, as a WAV file of the output's
// timeline (48 kHz, stereo, s16). Every released buffer lands at its own position, so a
// capture's time is guest time since launch: the gaps between buffers are silence, two audio
// outs playing at once are mixed, and the file runs on to the last moment the output's clock
// reached.
//
// The samples stream into a temporary file beside FILE.wav as they come (written at their
// positions; a gap is a hole that reads as zeros); Finish gives the header its sizes, fsyncs
// and renames it into place, so FILE.wav is only ever a whole capture. A write lands in the
// page cache (microseconds for a buffer), quick enough for the scheduler lock it is called
// under; the one fsync is at the end, after the run.

#include <filesystem>
#include <mutex>

#include "services/audio/audio_sink.h"

namespace frontend {

class WavCapture final : public services::audio::AudioSink {
public:
    // Creates the temporary file; throws base::Error when it cannot.
    explicit WavCapture(std::filesystem::path path);
    // A capture never finished leaves no file behind.
    ~WavCapture() override;
    WavCapture(const WavCapture&) = delete;
    WavCapture& operator=(const WavCapture&) = delete;

    void Write(u64 position, std::span<const s16> stereo) override;
    void AdvanceTo(u64 position) override;
    // Silence up to the furthest position reached, the header's sizes, fsync, rename over the
    // path; writes after it are ignored. Returns the frames the file holds. Throws base::Error
    // when the file could not be written (also for a write that failed during the run).
    u64 Finish();
    const std::filesystem::path& Path() const { return path_; }

private:
    void FailLocked(const char* what);  // mutex_ held

    const std::filesystem::path path_;
    const std::filesystem::path temporary_;
    std::mutex mutex_;
    int fd_ = -1;
    u64 frames_ = 0;   // frames in the file so far: its last written frame's end
    u64 reached_ = 0;  // the furthest position the output's clock or a write reached
    std::string error_;
    bool warned_full_ = false;
};

}  // namespace frontend
