// C11 atomics as the compiler emits them for the Cortex-A78C (LSE: ldadd, ldclr, ldeor, ldset,
// swp, cas in every width, casp for 128 bits): the values returned and left in memory for each
// operation, width and memory order, including wraparound and failed compare-exchanges.
// Single-threaded: this checks the instructions' results, not their concurrency.

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "report.h"
#include "test_util.h"

// One block per width: every read-modify-write, with the old value and the new memory value
// both reported.
#define RMW_TESTS(type, bits, start, operand)                                                      \
    static void Rmw##bits(void) {                                                                  \
        static _Atomic type cell;                                                                  \
        const type operand_value = OPAQUE((type)(operand));                                        \
        atomic_store_explicit(&cell, (type)(start), memory_order_relaxed);                         \
        report_u64("u" #bits " fetch_add old",                                                     \
                   atomic_fetch_add_explicit(&cell, operand_value, memory_order_relaxed));         \
        report_u64("u" #bits " after add", atomic_load(&cell));                                    \
        report_u64("u" #bits " fetch_sub old",                                                     \
                   atomic_fetch_sub_explicit(&cell, operand_value, memory_order_acquire));         \
        report_u64("u" #bits " after sub", atomic_load(&cell));                                    \
        report_u64("u" #bits " fetch_and old",                                                     \
                   atomic_fetch_and_explicit(&cell, operand_value, memory_order_release));         \
        report_u64("u" #bits " after and", atomic_load(&cell));                                    \
        report_u64("u" #bits " fetch_or old",                                                      \
                   atomic_fetch_or_explicit(&cell, operand_value ^ 0x5a, memory_order_acq_rel));   \
        report_u64("u" #bits " after or", atomic_load(&cell));                                     \
        report_u64("u" #bits " fetch_xor old", atomic_fetch_xor(&cell, operand_value));            \
        report_u64("u" #bits " after xor", atomic_load(&cell));                                    \
        report_u64("u" #bits " exchange old", atomic_exchange(&cell, (type)~operand_value));       \
        report_u64("u" #bits " after exchange", atomic_load(&cell));                               \
        type expected = OPAQUE((type)0x12);                                                        \
        bool ok = atomic_compare_exchange_strong(&cell, &expected, operand_value);                 \
        report_u64("u" #bits " cas strong (fails)", ok);                                           \
        report_u64("u" #bits " cas strong expected", expected);                                    \
        ok = atomic_compare_exchange_strong_explicit(&cell, &expected, operand_value,              \
                                                     memory_order_acquire, memory_order_relaxed);  \
        report_u64("u" #bits " cas strong (succeeds)", ok);                                        \
        report_u64("u" #bits " after cas", atomic_load(&cell));                                    \
        expected = OPAQUE((type)operand_value);                                                    \
        while (!atomic_compare_exchange_weak_explicit(                                             \
            &cell, &expected, (type)(expected + 1), memory_order_release, memory_order_relaxed)) { \
        }                                                                                          \
        report_u64("u" #bits " after cas weak", atomic_load(&cell));                               \
        signed_rmw_##bits(&cell);                                                                  \
    }

// The signed min/max builtins (ldsmax/ldsmin/ldumax/ldumin).
#define SIGNED_RMW(type, stype, bits)                                                             \
    static void signed_rmw_##bits(_Atomic type* cell) {                                           \
        type* raw = (type*)cell;                                                                  \
        __atomic_store_n(raw, (type)((type)1 << (bits - 1)), __ATOMIC_RELAXED);                   \
        report_u64("s" #bits " fetch_max old",                                                    \
                   (type)__atomic_fetch_max((stype*)raw, OPAQUE((stype)-1), __ATOMIC_SEQ_CST));   \
        report_u64("s" #bits " after max", __atomic_load_n(raw, __ATOMIC_RELAXED));               \
        report_u64("s" #bits " fetch_min old",                                                    \
                   (type)__atomic_fetch_min((stype*)raw, OPAQUE((stype)-100), __ATOMIC_ACQUIRE)); \
        report_u64("s" #bits " after min", __atomic_load_n(raw, __ATOMIC_RELAXED));               \
        report_u64("u" #bits " fetch_max old",                                                    \
                   __atomic_fetch_max(raw, OPAQUE((type)7), __ATOMIC_RELEASE));                   \
        report_u64("u" #bits " after umax", __atomic_load_n(raw, __ATOMIC_RELAXED));              \
        report_u64("u" #bits " fetch_min old",                                                    \
                   __atomic_fetch_min(raw, OPAQUE((type)7), __ATOMIC_RELAXED));                   \
        report_u64("u" #bits " after umin", __atomic_load_n(raw, __ATOMIC_RELAXED));              \
        report_u64("u" #bits " nand_fetch",                                                       \
                   __atomic_nand_fetch(raw, OPAQUE((type)3), __ATOMIC_SEQ_CST));                  \
    }

SIGNED_RMW(uint8_t, int8_t, 8)
SIGNED_RMW(uint16_t, int16_t, 16)
SIGNED_RMW(uint32_t, int32_t, 32)
SIGNED_RMW(uint64_t, int64_t, 64)
RMW_TESTS(uint8_t, 8, 0xf0, 0x35)
RMW_TESTS(uint16_t, 16, 0xfff0, 0x1235)
RMW_TESTS(uint32_t, 32, 0xfffffff0, 0x12345678)
RMW_TESTS(uint64_t, 64, 0xfffffffffffffff0, 0x123456789abcdef0)

// 128-bit: compare-exchange is casp (LSE); the others are casp loops.
typedef unsigned __int128 u128;

static u128 Make(uint64_t high, uint64_t low) {
    return ((u128)high << 64) | low;
}

static void Atomic128(void) {
    report_text("# 128-bit");
    static _Alignas(16) u128 cell;
    __atomic_store_n(&cell, Make(0x0123456789abcdefull, 0xffffffffffffffffull), __ATOMIC_SEQ_CST);
    report_u128("load", __atomic_load_n(&cell, __ATOMIC_ACQUIRE));
    u128 expected = Make(OPAQUE(1ull), 2);
    bool ok = __atomic_compare_exchange_n(&cell, &expected, Make(5, 6), false, __ATOMIC_SEQ_CST,
                                          __ATOMIC_SEQ_CST);
    report_u64("cas fails", ok);
    report_u128("cas expected updated", expected);
    ok = __atomic_compare_exchange_n(&cell, &expected, Make(OPAQUE(0xaaaaull), 0xbbbb), false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    report_u64("cas succeeds", ok);
    report_u128("after cas", __atomic_load_n(&cell, __ATOMIC_RELAXED));
    // Only the high half differs: a casp that compared one half only would succeed.
    expected = Make(0xaaab, 0xbbbb);
    ok = __atomic_compare_exchange_n(&cell, &expected, Make(1, 1), false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
    report_u64("cas high half differs", ok);
    expected = Make(0xaaaa, 0xbbba);
    ok = __atomic_compare_exchange_n(&cell, &expected, Make(1, 1), false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
    report_u64("cas low half differs", ok);
    report_u128("unchanged", __atomic_load_n(&cell, __ATOMIC_RELAXED));
    report_u128("exchange old", __atomic_exchange_n(&cell, ~(u128)0, __ATOMIC_SEQ_CST));
    report_u128("fetch_add old",
                __atomic_fetch_add(&cell, Make(0, OPAQUE(1ull)), __ATOMIC_SEQ_CST));
    report_u128("after add (carry)", __atomic_load_n(&cell, __ATOMIC_RELAXED));
    report_u128("fetch_or old",
                __atomic_fetch_or(&cell, Make(OPAQUE(1ull) << 63, 3), __ATOMIC_RELAXED));
    report_u128("sub_fetch", __atomic_sub_fetch(&cell, Make(0, OPAQUE(4ull)), __ATOMIC_RELEASE));
}

static void Flags(void) {
    report_text("# flag and fences");
    static atomic_flag flag = ATOMIC_FLAG_INIT;
    report_u64("test_and_set first", atomic_flag_test_and_set(&flag));
    report_u64("test_and_set second", atomic_flag_test_and_set(&flag));
    atomic_flag_clear(&flag);
    report_u64("after clear", atomic_flag_test_and_set_explicit(&flag, memory_order_acquire));
    atomic_thread_fence(memory_order_seq_cst);
    atomic_signal_fence(memory_order_seq_cst);
    static _Atomic int counter;
    for (int i = 0; i < 1000; ++i) {
        atomic_fetch_add_explicit(&counter, 3, memory_order_relaxed);
    }
    report_u64("counter", (uint64_t)atomic_load(&counter));
    report_u64("lock free 16", __atomic_always_lock_free(16, 0));
}

int main(void) {
    Rmw8();
    Rmw16();
    Rmw32();
    Rmw64();
    Atomic128();
    Flags();
    return 0;
}
