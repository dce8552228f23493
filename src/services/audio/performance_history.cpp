#include "services/audio/performance_history.h"

#include <algorithm>
#include <cstring>

namespace services::audio {
namespace {

template <typename T>
void WriteAt(std::span<u8> bytes, std::size_t offset, const T& value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
}

}  // namespace

void PerformanceHistory::Record(const ::audio::renderer::FramePerformance& frame, u64 start_ticks,
                                bool over_time_limit) {
    if (frame_count_ == 0) {
        return;
    }
    if (frames_.size() == frame_count_) {
        frames_.pop_front();
    }
    frames_.push_back({frame, start_ticks, next_index_++, over_time_limit});
}

u32 PerformanceHistory::CopyTo(std::span<u8> out) {
    std::size_t at = 0;
    while (!frames_.empty()) {
        const Frame& frame = frames_.front();
        u32 kept = 0;
        for (const auto& entry : frame.performance.entries) {
            kept += entry.start_us != 0 || entry.time_us != 0;
        }
        u32 details = 0;
        for (const auto& detail : frame.performance.details) {
            details += detail.start_us != 0 || detail.time_us != 0;
        }
        // Room for this frame and the closing header after it.
        const std::size_t body = HeaderSize() + std::size_t{kept + details} * EntrySize();
        if (out.size() - at < body + HeaderSize()) {
            break;
        }
        const std::size_t header = at;
        std::fill_n(out.begin() + at, body, u8{0});
        at += HeaderSize();
        u32 total = 0;
        for (const auto& entry : frame.performance.entries) {
            if (entry.start_us == 0 && entry.time_us == 0) {
                continue;
            }
            WriteAt(out, at, entry.node_id);
            WriteAt(out, at + 4, entry.start_us);
            WriteAt(out, at + 8, entry.time_us);
            WriteAt(out, at + 0xC, static_cast<u8>(entry.type));
            total += entry.time_us;
            at += EntrySize();
        }
        for (const auto& detail : frame.performance.details) {
            if (detail.start_us == 0 && detail.time_us == 0) {
                continue;
            }
            WriteAt(out, at, detail.node_id);
            WriteAt(out, at + 4, detail.start_us);
            WriteAt(out, at + 8, detail.time_us);
            WriteAt(out, at + 0xC, static_cast<u8>(detail.type));
            WriteAt(out, at + 0xD, detail.entry_type);
            at += EntrySize();
        }
        WriteAt(out, header, kMagic);
        WriteAt(out, header + 4, kept);
        WriteAt(out, header + 8, details);
        WriteAt(out, header + 0xC, static_cast<u32>(at));
        WriteAt(out, header + 0x10, total);
        WriteAt(out, header + 0x14, frame.performance.voice_drops);
        if (version2_) {
            WriteAt(out, header + 0x18, frame.start_ticks);
            WriteAt(out, header + 0x20, frame.index);
            WriteAt(out, header + 0x24, static_cast<u8>(frame.over_time_limit));
        }
        frames_.pop_front();
    }
    if (out.size() - at >= HeaderSize()) {
        std::fill_n(out.begin() + at, HeaderSize(), u8{0});
    }
    return static_cast<u32>(at);
}

}  // namespace services::audio
