#pragma once

// Turns pushbuffer words into method calls: each header (method_header.h) starts a run whose
// argument words follow; a run may continue into the next segment of the same level, so the
// reader keeps its place between Feed calls. The subdevice-mask forms decide whether calls
// reach this GPU (subdevice 0, the only one a Tegra has).

#include <span>

#include "gpu/method_header.h"

namespace gpu {

struct MethodCall {
    u32 method = 0;
    u32 argument = 0;
    u32 subchannel = 0;
    bool is_last_call = false;  // the run's last argument
};

class PushbufferReader {
public:
    // Feeds `words` from `position` on, calling `call(MethodCall)` for each method call;
    // `call` answers false to stop there (the call counts as taken). Returns the position after
    // the last word consumed: words.size() at the end, or earlier when stopped or at
    // END_PB_SEGMENT (then `ended` is set).
    template <typename Call>
    std::size_t Feed(std::span<const u32> words, std::size_t position, bool& ended, Call&& call);

    bool InRun() const { return remaining_ != 0; }

private:
    // Returns whether to go on.
    template <typename Call>
    bool Emit(Call& call, u32 method, u32 argument, bool last) {
        return !enabled_ || call(MethodCall{method, argument, subchannel_, last});
    }
    void Header(const MethodHeader& header);

    MethodForm form_ = MethodForm::Incrementing;
    u32 method_ = 0;
    u32 subchannel_ = 0;
    u32 remaining_ = 0;
    bool enabled_ = true;
    u32 stored_mask_ = 0xFFF;
    u32 reserved_named_ = 0;
};

template <typename Call>
std::size_t PushbufferReader::Feed(std::span<const u32> words, std::size_t position, bool& ended,
                                   Call&& call) {
    ended = false;
    while (position < words.size()) {
        const u32 word = words[position++];
        if (remaining_ != 0) {
            const u32 method = method_;
            --remaining_;
            if (form_ == MethodForm::Incrementing || form_ == MethodForm::IncrementOnce) {
                method_ = (method_ + 1) & 0xFFF;
            }
            if (form_ == MethodForm::IncrementOnce) {
                form_ = MethodForm::NonIncrementing;
            }
            if (!Emit(call, method, word, remaining_ == 0)) {
                return position;
            }
            continue;
        }
        const MethodHeader header = MethodHeader::Decode(word);
        if (header.form == MethodForm::EndSegment) {
            ended = true;
            return position;
        }
        if (header.form == MethodForm::Immediate) {
            subchannel_ = header.subchannel;
            if (!Emit(call, header.method, header.immediate, true)) {
                return position;
            }
            continue;
        }
        Header(header);
    }
    return position;
}

}  // namespace gpu
