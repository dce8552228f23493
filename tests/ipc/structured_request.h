#pragma once

// Well-formed CMIF requests from a shape (command, buffers, handles, raw arguments), for the
// random-message test and the structure-aware fuzz target: messages a guest's libnx would send,
// whose fields the tests then vary. Layouts from the switchbrew wiki's "IPC Marshalling".

#include <array>
#include <cstring>
#include <vector>

#include "base/types.h"

namespace ipc_test {

struct Descriptor {
    u64 address = 0;
    u64 size = 0;
};

struct RequestShape {
    u32 type = 4;  // 4 request, 5 control, 6/7 with context (TIPC types are 16 and up)
    u32 command = 0;
    bool domain = false;
    u32 object_id = 1;
    bool send_pid = false;
    std::vector<u32> copy_handles;
    std::vector<Descriptor> x, a, b, c;
    std::vector<u8> arguments;  // the raw arguments after the SFCI header
};

class MessageWriter {
public:
    explicit MessageWriter(std::array<u8, 0x100>& message) : message_(message) { message_.fill(0); }
    bool Word(u32 value) {
        if (at_ + 4 > message_.size()) {
            return false;
        }
        std::memcpy(message_.data() + at_, &value, 4);
        at_ += 4;
        return true;
    }
    std::size_t At() const { return at_; }
    void Bytes(const u8* bytes, std::size_t size) {
        const std::size_t room = std::min(size, message_.size() - at_);
        if (room == 0) {
            return;  // `bytes` may be null for an empty run
        }
        std::memcpy(message_.data() + at_, bytes, room);
        at_ += room;
    }

private:
    std::array<u8, 0x100>& message_;
    std::size_t at_ = 0;
};

// Encodes `shape`; the message is cut at 0x100 bytes when the shape is larger.
inline std::array<u8, 0x100> BuildRequest(const RequestShape& shape) {
    std::array<u8, 0x100> message{};
    MessageWriter out(message);
    const auto count = [](std::size_t n) { return static_cast<u32>(std::min<std::size_t>(n, 15)); };
    const bool special = shape.send_pid || !shape.copy_handles.empty();
    // Raw data: up to 16 bytes of alignment padding, [domain header], SFCI header, arguments.
    const u32 payload = (shape.domain ? 16u : 0u) + 16u + static_cast<u32>(shape.arguments.size());
    const u32 data_words = (16 + payload + 3) / 4;
    const u32 c_mode = shape.c.empty() ? 0 : count(shape.c.size()) + 2;
    out.Word(shape.type | count(shape.x.size()) << 16 | count(shape.a.size()) << 20 |
             count(shape.b.size()) << 24);
    out.Word(data_words | c_mode << 10 | (special ? 1u << 31 : 0));
    if (special) {
        out.Word((shape.send_pid ? 1u : 0u) | count(shape.copy_handles.size()) << 1);
        if (shape.send_pid) {
            out.Word(0);
            out.Word(0);
        }
        for (std::size_t i = 0; i < count(shape.copy_handles.size()); ++i) {
            out.Word(shape.copy_handles[i]);
        }
    }
    for (std::size_t i = 0; i < count(shape.x.size()); ++i) {
        const Descriptor& x = shape.x[i];
        out.Word(static_cast<u32>(i & 0x3f) | static_cast<u32>((x.address >> 36) & 7) << 6 |
                 static_cast<u32>((x.address >> 32) & 0xf) << 12 |
                 static_cast<u32>(x.size & 0xffff) << 16);
        out.Word(static_cast<u32>(x.address));
    }
    for (const auto* list : {&shape.a, &shape.b}) {
        for (std::size_t i = 0; i < count(list->size()); ++i) {
            const Descriptor& d = (*list)[i];
            out.Word(static_cast<u32>(d.size));
            out.Word(static_cast<u32>(d.address));
            out.Word(static_cast<u32>((d.address >> 36) & 7) << 2 |
                     static_cast<u32>((d.size >> 32) & 0xf) << 24 |
                     static_cast<u32>((d.address >> 32) & 0xf) << 28);
        }
    }
    const std::size_t data_start = out.At();
    while ((out.At() & 15) != 0) {
        out.Word(0);
    }
    if (shape.domain) {
        // Command 1 (send message), no input objects, the payload's size, the object.
        out.Word(1 | static_cast<u32>(16 + shape.arguments.size()) << 16);
        out.Word(shape.object_id);
        out.Word(0);
        out.Word(0);
    }
    out.Word(0x49434653);  // "SFCI"
    out.Word(0);
    out.Word(shape.command);
    out.Word(0);
    out.Bytes(shape.arguments.data(), shape.arguments.size());
    // The C descriptors follow the raw data words.
    std::size_t c_at = data_start + data_words * 4;
    for (std::size_t i = 0; i < count(shape.c.size()) && c_at + 8 <= message.size(); ++i) {
        const Descriptor& c = shape.c[i];
        const u32 words[2] = {
            static_cast<u32>(c.address),
            static_cast<u32>((c.address >> 32) & 0xffff) | static_cast<u32>(c.size & 0xffff) << 16};
        std::memcpy(message.data() + c_at, words, sizeof(words));
        c_at += 8;
    }
    return message;
}

}  // namespace ipc_test
