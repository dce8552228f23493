#pragma once

// The host's memory as nxhost's memory ceiling (--max-memory) sees it: what this process holds
// resident and what the host can still give without swapping (Linux /proc).

#include <optional>
#include <string_view>

#include "base/types.h"

namespace base {

// Resident bytes of this process (/proc/self/statm); 0 when unreadable.
u64 ResidentBytes();
// MemAvailable of /proc/meminfo: what the host can give before it swaps; 0 when unreadable.
u64 AvailableBytes();
// "512M", "4G", "1.5G", "65536" (bytes; K, M, G, T are powers of 1024); nullopt when malformed.
std::optional<u64> ParseByteSize(std::string_view text);

}  // namespace base
