#pragma once

#include "base/types.h"

namespace cpu {

// 128-bit compare-and-swap on guest memory; returns the value found. On x86-64, the __atomic
// builtins on 16 bytes become calls to libatomic even with -mcx16, and libatomic may take a lock
// that the JIT's own plain stores never see; this is LOCK CMPXCHG16B (in the x86-64-v2
// baseline), truly atomic against everything. Other hosts use the __atomic builtin.
unsigned __int128 CompareAndSwap128(unsigned __int128* target, unsigned __int128 expected,
                                    unsigned __int128 desired);

}  // namespace cpu
