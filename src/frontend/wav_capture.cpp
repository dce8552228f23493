#include "frontend/wav_capture.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "audio/pcm_mix.h"
#include "base/error.h"
#include "base/log.h"
#include "formats/wav.h"

namespace frontend {
namespace {

using services::audio::kOutputChannels;
constexpr u64 kFrameBytes = kOutputChannels * sizeof(s16);
constexpr u64 kMaxFrames = formats::kWavMaxDataBytes / kFrameBytes;

u64 OffsetOf(u64 position) {
    return formats::kWavHeaderSize + position * kFrameBytes;
}

// Whole transfers at an offset (the samples are the host's little-endian s16, as WAV's are on
// x86_64 and arm64 hosts).
bool WriteAt(int fd, const void* data, std::size_t size, u64 offset) {
    const auto* bytes = static_cast<const u8*>(data);
    while (size > 0) {
        const ssize_t n = ::pwrite(fd, bytes, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        bytes += n;
        size -= static_cast<std::size_t>(n);
        offset += static_cast<u64>(n);
    }
    return true;
}

bool ReadAt(int fd, void* data, std::size_t size, u64 offset) {
    auto* bytes = static_cast<u8*>(data);
    while (size > 0) {
        const ssize_t n = ::pread(fd, bytes, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            return false;
        }
        if (n == 0) {
            std::memset(bytes, 0, size);  // past the end: not written yet, silence
            return true;
        }
        bytes += n;
        size -= static_cast<std::size_t>(n);
        offset += static_cast<u64>(n);
    }
    return true;
}

}  // namespace

WavCapture::WavCapture(std::filesystem::path path)
    : path_(std::move(path)), temporary_(path_.string() + ".tmp-" + std::to_string(::getpid())) {
    fd_ = ::open(temporary_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) {
        base::Fail("--audio-out {}: cannot create {}: {}", path_.string(), temporary_.string(),
                   std::strerror(errno));
    }
}

WavCapture::~WavCapture() {
    if (fd_ >= 0) {
        ::close(fd_);
        ::unlink(temporary_.c_str());
    }
}

void WavCapture::FailLocked(const char* what) {
    if (error_.empty()) {
        error_ = fmt::format("{}: {} failed: {}", temporary_.string(), what, std::strerror(errno));
        LOG_ERROR("audio", "capture: {}; the rest of the run is not captured", error_);
    }
}

void WavCapture::Write(u64 position, std::span<const s16> stereo) {
    std::lock_guard lock(mutex_);
    if (fd_ < 0 || !error_.empty()) {
        return;
    }
    u64 frames = stereo.size() / kOutputChannels;
    if (position + frames > kMaxFrames) {
        if (!warned_full_) {
            LOG_WARNING("audio",
                        "capture {}: a WAV file holds at most 4 GiB of samples; the "
                        "rest of the run is not captured",
                        path_.string());
            warned_full_ = true;
        }
        frames = position < kMaxFrames ? kMaxFrames - position : 0;
    }
    if (frames == 0) {
        return;
    }
    std::vector<s16> mixed(stereo.begin(), stereo.begin() + frames * kOutputChannels);
    // Frames another audio out already wrote here: the two mix, as the console's output does.
    const u64 overlap = frames_ > position ? std::min(frames, frames_ - position) : 0;
    if (overlap > 0) {
        std::vector<s16> earlier(overlap * kOutputChannels);
        if (!ReadAt(fd_, earlier.data(), earlier.size() * sizeof(s16), OffsetOf(position))) {
            FailLocked("reading back");
            return;
        }
        audio::MixSaturating(mixed, earlier);
    }
    if (!WriteAt(fd_, mixed.data(), mixed.size() * sizeof(s16), OffsetOf(position))) {
        FailLocked("writing");
        return;
    }
    frames_ = std::max(frames_, position + frames);
    reached_ = std::max(reached_, frames_);
}

void WavCapture::AdvanceTo(u64 position) {
    std::lock_guard lock(mutex_);
    reached_ = std::max(reached_, std::min(position, kMaxFrames));
}

u64 WavCapture::Finish() {
    std::lock_guard lock(mutex_);
    if (fd_ < 0) {
        base::Fail("{}: the capture was already written", path_.string());
    }
    const u64 frames = reached_;
    const auto header = formats::WavHeader({kOutputChannels, services::audio::kOutputSampleRate},
                                           frames * kFrameBytes);
    // ftruncate extends the file with zeros: the silence after the last buffer.
    if (error_.empty() && (::ftruncate(fd_, static_cast<off_t>(OffsetOf(frames))) != 0 ||
                           !WriteAt(fd_, header.data(), header.size(), 0) || ::fsync(fd_) != 0)) {
        FailLocked("finishing");
    }
    ::close(fd_);
    fd_ = -1;
    if (error_.empty() && ::rename(temporary_.c_str(), path_.c_str()) != 0) {
        FailLocked("renaming");
    }
    if (!error_.empty()) {
        ::unlink(temporary_.c_str());
        base::Fail("--audio-out {}: {}", path_.string(), error_);
    }
    return frames;
}

}  // namespace frontend
