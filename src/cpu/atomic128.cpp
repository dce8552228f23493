#include "cpu/atomic128.h"

namespace cpu {

#if defined(__x86_64__)
__attribute__((target("cx16"))) unsigned __int128 CompareAndSwap128(unsigned __int128* target,
                                                                    unsigned __int128 expected,
                                                                    unsigned __int128 desired) {
    return __sync_val_compare_and_swap(target, expected, desired);
}
#else
unsigned __int128 CompareAndSwap128(unsigned __int128* target, unsigned __int128 expected,
                                    unsigned __int128 desired) {
    __atomic_compare_exchange_n(target, &expected, desired, false, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return expected;
}
#endif

}  // namespace cpu
