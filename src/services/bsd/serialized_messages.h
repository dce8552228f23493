#pragma once

// The messages of RecvMMsg and SendMMsg as nn::socket serializes them into the command's one
// buffer (the layout Ryujinx's BsdMMsgHdr / BsdMsgHdr read and write): a header byte, then for
// each message
//     u32 name_length, the name's bytes (a sockaddr in the console's layout),
//     u32 iov_count, then each iov as u64 length and its bytes,
//     u32 control_length, the control bytes, u32 flags, u32 length (bytes moved).
// The data itself lives in the buffer, so a receive scatters straight into the iov areas and
// the service answers in the same buffer: every field keeps its place.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "base/types.h"

namespace services::bsd {

// The header byte the service writes back (the console's; what a client sends is ignored).
inline constexpr u8 kSerializedMessagesHeader = 8;
// At most this many messages a call and iovs a message (FreeBSD's UIO_MAXIOV and IOV_MAX).
inline constexpr u32 kMaxMessages = 1024;
inline constexpr u32 kMaxIovs = 1024;

struct BufferArea {
    std::size_t offset = 0;
    std::size_t size = 0;
};

struct SerializedMessage {
    BufferArea name;
    std::vector<BufferArea> iovs;
    BufferArea control;
    std::size_t flags_offset = 0;   // a u32
    std::size_t length_offset = 0;  // a u32
};

// The places of `count` messages in `buffer`; nullopt when a field runs past the buffer's end
// or the counts pass the limits above (the guest gets EFAULT).
std::optional<std::vector<SerializedMessage>> ParseSerializedMessages(std::span<const u8> buffer,
                                                                      u32 count);

// Stores a u32 field at `offset` (in bounds: ParseSerializedMessages checked it).
void StoreMessageField(std::span<u8> buffer, std::size_t offset, u32 value);

}  // namespace services::bsd
