#include "gpu/gp_entry.h"

#include "base/bits.h"

namespace gpu {

GpEntry GpEntry::Decode(u64 raw) {
    const u32 word0 = static_cast<u32>(raw);
    const u32 word1 = static_cast<u32>(raw >> 32);
    GpEntry entry;
    entry.fetch_conditional = base::Bit(word0, 0);
    entry.address = (u64{word0} & ~u64{3}) | (base::Bits(word1, 0, 8) << 32);
    entry.privileged = base::Bit(word1, 8);
    entry.subroutine = base::Bit(word1, 9);
    entry.length = static_cast<u32>(base::Bits(word1, 10, 21));
    entry.sync = base::Bit(word1, 31);
    entry.control = static_cast<u8>(base::Bits(word1, 0, 8));
    return entry;
}

}  // namespace gpu
