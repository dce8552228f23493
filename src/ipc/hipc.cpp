#include "ipc/hipc.h"

#include <cstring>

#include <fmt/format.h>

#include "base/bits.h"

namespace ipc {
namespace {

class WordReader {
public:
    explicit WordReader(std::span<const u8> bytes) : bytes_(bytes) {}
    bool Read(u32& word) {
        if (offset_ + 4 > bytes_.size()) {
            return false;
        }
        std::memcpy(&word, bytes_.data() + offset_, 4);
        offset_ += 4;
        return true;
    }
    u32 Offset() const { return offset_; }

private:
    std::span<const u8> bytes_;
    u32 offset_ = 0;
};

}  // namespace

std::optional<HipcMessage> ParseHipc(std::span<const u8> message, std::string& error) {
    WordReader reader(message);
    u32 header0 = 0;
    u32 header1 = 0;
    if (!reader.Read(header0) || !reader.Read(header1)) {
        error = "message shorter than its header";
        return std::nullopt;
    }
    HipcMessage parsed;
    parsed.type = base::Bits(header0, 0, 16);
    const auto x_count = base::Bits(header0, 16, 4);
    const auto a_count = base::Bits(header0, 20, 4);
    const auto b_count = base::Bits(header0, 24, 4);
    const auto w_count = base::Bits(header0, 28, 4);
    parsed.data_words = base::Bits(header1, 0, 10);
    parsed.receive_list_mode = base::Bits(header1, 10, 4);
    const bool has_special_header = base::Bit(header1, 31);

    const auto fail = [&](const char* what) {
        error = fmt::format("{} runs past the message buffer ({:#x} bytes)", what, message.size());
        return std::nullopt;
    };
    if (has_special_header) {
        u32 special = 0;
        if (!reader.Read(special)) {
            return fail("the special header");
        }
        parsed.send_pid = base::Bit(special, 0);
        const auto copies = base::Bits(special, 1, 4);
        const auto moves = base::Bits(special, 5, 4);
        if (parsed.send_pid) {
            u32 low = 0;
            u32 high = 0;
            if (!reader.Read(low) || !reader.Read(high)) {
                return fail("the process id");
            }
            parsed.pid = low | (u64{high} << 32);
        }
        for (u64 i = 0; i < copies + moves; ++i) {
            u32 handle = 0;
            if (!reader.Read(handle)) {
                return fail("the handle list");
            }
            (i < copies ? parsed.copy_handles : parsed.move_handles).push_back(handle);
        }
    }
    for (u64 i = 0; i < x_count; ++i) {
        u32 word0 = 0;
        u32 word1 = 0;
        if (!reader.Read(word0) || !reader.Read(word1)) {
            return fail("an X descriptor");
        }
        BufferDescriptor descriptor;
        descriptor.mode = base::Bits(word0, 0, 6);
        descriptor.address =
            word1 | (base::Bits(word0, 12, 4) << 32) | (base::Bits(word0, 6, 6) << 36);
        descriptor.size = base::Bits(word0, 16, 16);
        parsed.x.push_back(descriptor);
    }
    const auto read_buffers = [&](u64 count, std::vector<BufferDescriptor>& out) {
        for (u64 i = 0; i < count; ++i) {
            u32 size_low = 0;
            u32 address_low = 0;
            u32 packed = 0;
            if (!reader.Read(size_low) || !reader.Read(address_low) || !reader.Read(packed)) {
                return false;
            }
            BufferDescriptor descriptor;
            descriptor.mode = base::Bits(packed, 0, 2);
            descriptor.address =
                address_low | (base::Bits(packed, 28, 4) << 32) | (base::Bits(packed, 2, 22) << 36);
            descriptor.size = size_low | (base::Bits(packed, 24, 4) << 32);
            out.push_back(descriptor);
        }
        return true;
    };
    if (!read_buffers(a_count, parsed.a) || !read_buffers(b_count, parsed.b) ||
        !read_buffers(w_count, parsed.w)) {
        return fail("an A, B or W descriptor");
    }
    parsed.data_offset = reader.Offset();
    const u64 data_end = parsed.data_offset + u64{parsed.data_words} * 4;
    if (data_end > message.size()) {
        return fail("the raw data");
    }
    if (parsed.receive_list_mode > 2) {
        WordReader list(message.subspan(data_end));
        for (u32 i = 0; i < parsed.receive_list_mode - 2; ++i) {
            u32 address_low = 0;
            u32 packed = 0;
            if (!list.Read(address_low) || !list.Read(packed)) {
                return fail("the receive list");
            }
            BufferDescriptor descriptor;
            descriptor.address = address_low | (base::Bits(packed, 0, 16) << 32);
            descriptor.size = base::Bits(packed, 16, 16);
            parsed.c.push_back(descriptor);
        }
    }
    return parsed;
}

std::optional<u32> WriteHipcHeader(std::span<u8> message, const HipcReply& reply) {
    const bool special = !reply.copy_handles.empty() || !reply.move_handles.empty();
    const u64 words = 2 + (special ? 1 + reply.copy_handles.size() + reply.move_handles.size() : 0);
    if (reply.copy_handles.size() > 15 || reply.move_handles.size() > 15 ||
        reply.data_words >= 1024 || (words + reply.data_words) * 4 > message.size()) {
        return std::nullopt;
    }
    std::vector<u32> header;
    header.push_back(reply.type);
    header.push_back(reply.data_words | (special ? 1u << 31 : 0));
    if (special) {
        header.push_back(static_cast<u32>(reply.copy_handles.size() << 1) |
                         static_cast<u32>(reply.move_handles.size() << 5));
        header.insert(header.end(), reply.copy_handles.begin(), reply.copy_handles.end());
        header.insert(header.end(), reply.move_handles.begin(), reply.move_handles.end());
    }
    std::memcpy(message.data(), header.data(), header.size() * 4);
    return static_cast<u32>(header.size() * 4);
}

}  // namespace ipc
