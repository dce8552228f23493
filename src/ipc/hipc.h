#pragma once

// The HIPC message format (the kernel-level layout of an IPC message, from the public homebrew
// documentation): a two-word header, an optional special header with the client's process id
// and handles to copy or move, buffer descriptors (X: pointer, A: send, B: receive, W:
// exchange), the raw data words, and the receive list (C descriptors).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace ipc {

struct BufferDescriptor {
    u64 address = 0;
    u64 size = 0;
    u32 mode = 0;  // A/B/W: memory attribute; X: the static index
};

struct HipcMessage {
    u32 type = 0;
    u32 data_words = 0;
    u32 receive_list_mode = 0;  // 0 none, 1 unused, 2 one inline area, N+2: N C descriptors
    bool send_pid = false;
    u64 pid = 0;
    std::vector<u32> copy_handles;
    std::vector<u32> move_handles;
    std::vector<BufferDescriptor> x, a, b, w, c;
    u32 data_offset = 0;  // byte offset of the raw data in the message
};

// Reads the message at the front of `message`; nullopt with `error` set when it is malformed
// (counts that run past the buffer).
std::optional<HipcMessage> ParseHipc(std::span<const u8> message, std::string& error);

// Builds a reply: header, special header when there are handles, then `data_words` raw words
// (returned as the offset where the caller writes them).
struct HipcReply {
    u32 type = 0;
    u32 data_words = 0;
    std::vector<u32> copy_handles;
    std::vector<u32> move_handles;
};
// The byte offset of the raw data, or nullopt when it does not fit in `message`.
std::optional<u32> WriteHipcHeader(std::span<u8> message, const HipcReply& reply);

}  // namespace ipc
