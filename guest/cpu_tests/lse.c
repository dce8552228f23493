// ARMv8.1 LSE atomics and ARMv8.3 LDAPR written as the instructions themselves, so that every
// form is executed: ldadd, ldclr, ldeor, ldset, ldsmax, ldsmin, ldumax, ldumin and swp in byte,
// halfword, word and doubleword sizes with no/acquire/release/acquire-release ordering, their
// st* aliases (result to the zero register), cas and casp in every size and ordering, and
// ldapr/ldaprb/ldaprh. Each line is "memory afterwards : value returned", where the returned
// register was filled with garbage first (sub-doubleword forms must zero-extend into it), the
// operand register carries garbage above the operand size (it must be ignored), and the memory
// around a narrow cell holds guard bytes (they must stay untouched).

#include <stdint.h>

#include "report.h"

typedef unsigned __int128 u128;

enum : uint64_t {
    kMemoryInit = 0x8081828384858687,  // byte 0x87, half 0x8687, word 0x84858687: negative
    kOperand = 0x123456789abcde7f,     // byte 0x7f positive; half, word negative; x positive
    kGarbage = 0xdeadbeefdeadbeef,
};

static void Report(const char* label, uint64_t memory, uint64_t returned) {
    report_u128(label, ((u128)memory << 64) | returned);
}

// One instruction: Rs = operand, Rt = returned old value, [Xn] = the cell.
#define LSE_ONE(mnemonic, reg)                                           \
    do {                                                                 \
        uint64_t memory = kMemoryInit;                                   \
        uint64_t returned = kGarbage;                                    \
        __asm__ volatile(#mnemonic " %" reg "2, %" reg "0, [%1]"         \
                         : "+r"(returned)                                \
                         : "r"(&memory), "r"(OPAQUE((uint64_t)kOperand)) \
                         : "memory");                                    \
        Report(#mnemonic " " reg, memory, returned);                     \
    } while (0)

#define LSE_SIZES(op)    \
    LSE_ONE(op##b, "w"); \
    LSE_ONE(op##h, "w"); \
    LSE_ONE(op, "w");    \
    LSE_ONE(op, "x")

#define LSE_ORDERS(op) \
    LSE_SIZES(op);     \
    LSE_SIZES(op##a);  \
    LSE_SIZES(op##l);  \
    LSE_SIZES(op##al)

static void ReadModifyWrite(void) {
    report_text("# ld<op> and swp: memory:returned");
    LSE_ORDERS(ldadd);
    LSE_ORDERS(ldclr);
    LSE_ORDERS(ldeor);
    LSE_ORDERS(ldset);
    LSE_ORDERS(ldsmax);
    LSE_ORDERS(ldsmin);
    LSE_ORDERS(ldumax);
    LSE_ORDERS(ldumin);
    LSE_ORDERS(swp);
}

// st<op>: the ld<op> with Rt = the zero register; only the memory result matters.
#define ST_ONE(mnemonic, reg)                                            \
    do {                                                                 \
        uint64_t memory = kMemoryInit;                                   \
        __asm__ volatile(#mnemonic " %" reg "1, [%0]"                    \
                         :                                               \
                         : "r"(&memory), "r"(OPAQUE((uint64_t)kOperand)) \
                         : "memory");                                    \
        Report(#mnemonic " " reg, memory, 0);                            \
    } while (0)

static void StoreAliases(void) {
    report_text("# st<op> aliases");
    ST_ONE(staddb, "w");
    ST_ONE(staddlh, "w");
    ST_ONE(stclr, "x");
    ST_ONE(stclrlb, "w");
    ST_ONE(steorh, "w");
    ST_ONE(steorl, "x");
    ST_ONE(stset, "w");
    ST_ONE(stsetlb, "w");
    ST_ONE(stsmax, "x");
    ST_ONE(stsmaxb, "w");
    ST_ONE(stsminlh, "w");
    ST_ONE(stumax, "w");
    ST_ONE(stumaxh, "w");
    ST_ONE(stuminl, "x");
    ST_ONE(stuminb, "w");
}

// cas: Rs holds the compare value (garbage above the operand size must be ignored) and
// receives the old value; Rt is stored when the comparison succeeds.
#define CAS_ONE(mnemonic, reg, compare)                                  \
    do {                                                                 \
        uint64_t memory = kMemoryInit;                                   \
        uint64_t compare_and_old = (compare);                            \
        __asm__ volatile(#mnemonic " %" reg "0, %" reg "2, [%1]"         \
                         : "+r"(compare_and_old)                         \
                         : "r"(&memory), "r"(OPAQUE((uint64_t)kOperand)) \
                         : "memory");                                    \
        Report(#mnemonic " " reg " " #compare, memory, compare_and_old); \
    } while (0)

#define CAS_SIZES(op)                                 \
    CAS_ONE(op##b, "w", 0xffffffffffffff87);          \
    CAS_ONE(op##b, "w", 0x0000000000000086);          \
    CAS_ONE(op##h, "w", 0x1234567812348687);          \
    CAS_ONE(op##h, "w", 0x0000000000008687 ^ 0x8000); \
    CAS_ONE(op, "w", 0xffffffff84858687);             \
    CAS_ONE(op, "w", 0x0000000084858686);             \
    CAS_ONE(op, "x", 0x8081828384858687);             \
    CAS_ONE(op, "x", 0x0081828384858687)

static void CompareAndSwap(void) {
    report_text("# cas: memory:old value (match, mismatch per size)");
    CAS_SIZES(cas);
    CAS_SIZES(casa);
    CAS_SIZES(casl);
    CAS_SIZES(casal);
}

// casp needs even/odd register pairs, so the registers are fixed.
#define CASP_X(mnemonic, compare_low, compare_high)                                 \
    do {                                                                            \
        _Alignas(16) uint64_t memory[2] = {0x1111111111111111, 0x2222222222222222}; \
        register uint64_t s0 __asm__("x4") = (compare_low);                         \
        register uint64_t s1 __asm__("x5") = (compare_high);                        \
        register uint64_t t0 __asm__("x6") = 0x6666666666666666;                    \
        register uint64_t t1 __asm__("x7") = 0x7777777777777777;                    \
        __asm__ volatile(#mnemonic " x4, x5, x6, x7, [%[address]]"                  \
                         : "+r"(s0), "+r"(s1)                                       \
                         : "r"(t0), "r"(t1), [address] "r"(memory)                  \
                         : "memory");                                               \
        Report(#mnemonic " x old", s1, s0);                                         \
        Report(#mnemonic " x memory", memory[1], memory[0]);                        \
    } while (0)

#define CASP_W(mnemonic, compare_low, compare_high)                                        \
    do {                                                                                   \
        _Alignas(8) uint32_t memory[4] = {0x11111111, 0x22222222, 0xcccccccc, 0xcccccccc}; \
        register uint64_t s0 __asm__("x8") = (compare_low);                                \
        register uint64_t s1 __asm__("x9") = (compare_high);                               \
        register uint64_t t0 __asm__("x10") = 0xaaaaaaaa66666666;                          \
        register uint64_t t1 __asm__("x11") = 0xbbbbbbbb77777777;                          \
        __asm__ volatile(#mnemonic " w8, w9, w10, w11, [%[address]]"                       \
                         : "+r"(s0), "+r"(s1)                                              \
                         : "r"(t0), "r"(t1), [address] "r"(memory)                         \
                         : "memory");                                                      \
        Report(#mnemonic " w old", s1, s0);                                                \
        Report(#mnemonic " w memory", ((uint64_t)memory[3] << 32) | memory[2],             \
               ((uint64_t)memory[1] << 32) | memory[0]);                                   \
    } while (0)

#define CASP_ORDER(op)                                  \
    CASP_X(op, 0x1111111111111111, 0x2222222222222222); \
    CASP_X(op, 0x1111111111111111, 0x2222222222222223); \
    CASP_X(op, 0x1111111111111110, 0x2222222222222222); \
    CASP_W(op, 0xffffffff11111111, 0xffffffff22222222); \
    CASP_W(op, 0x0000000011111111, 0x0000000022222220)

static void CompareAndSwapPair(void) {
    report_text("# casp: old values high:low, then memory high:low");
    CASP_ORDER(casp);
    CASP_ORDER(caspa);
    CASP_ORDER(caspl);
    CASP_ORDER(caspal);
}

#define LDAPR_ONE(mnemonic, reg, offset)                                                    \
    do {                                                                                    \
        static const uint8_t kCells[16] = {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8,  \
                                           0x09, 0x1a, 0x2b, 0x3c, 0x4d, 0x5e, 0x6f, 0x70}; \
        uint64_t loaded = kGarbage;                                                         \
        __asm__ volatile(#mnemonic " %" reg "0, [%1]"                                       \
                         : "+r"(loaded)                                                     \
                         : "r"(kCells + OPAQUE(offset))                                     \
                         : "memory");                                                       \
        Report(#mnemonic " " reg " +" #offset, 0, loaded);                                  \
    } while (0)

static void LoadAcquirePc(void) {
    report_text("# ldapr");
    LDAPR_ONE(ldaprb, "w", 0);
    LDAPR_ONE(ldaprb, "w", 7);
    LDAPR_ONE(ldaprh, "w", 0);
    LDAPR_ONE(ldaprh, "w", 6);
    LDAPR_ONE(ldapr, "w", 0);
    LDAPR_ONE(ldapr, "w", 12);
    LDAPR_ONE(ldapr, "x", 0);
    LDAPR_ONE(ldapr, "x", 8);
    // ldapr as a spin-lock acquire: value published by stlr, read back through ldapr.
    static uint64_t published;
    uint64_t value = OPAQUE(0x5555aaaa5555aaaaull), seen = 0;
    __asm__ volatile("stlr %x2, [%1]\n\tldapr %x0, [%1]"
                     : "=&r"(seen)
                     : "r"(&published), "r"(value)
                     : "memory");
    Report("stlr then ldapr", published, seen);
}

// Sequences real code emits: a counter incremented through ldadd, a spin lock on swpa/stlr.
static void Sequences(void) {
    report_text("# sequences");
    static uint64_t counter;
    for (int i = 0; i < 1000; ++i) {
        __asm__ volatile("stadd %x1, [%0]" : : "r"(&counter), "r"(OPAQUE(7ull)) : "memory");
    }
    Report("stadd x1000", counter, 0);
    static uint32_t lock;
    uint32_t previous = 0, acquisitions = 0;
    for (int i = 0; i < 100; ++i) {
        __asm__ volatile("swpa %w1, %w0, [%2]" : "=&r"(previous) : "r"(1u), "r"(&lock) : "memory");
        acquisitions += previous == 0;
        __asm__ volatile("stlr wzr, [%0]" : : "r"(&lock) : "memory");
    }
    Report("swpa lock acquisitions", lock, acquisitions);
    // A cas loop incrementing a halfword that wraps.
    static uint16_t half = 0xfff0;
    for (int i = 0; i < 40; ++i) {
        uint64_t expected = half, desired;
        for (;;) {
            desired = (expected + 1) & 0xffff;
            const uint64_t compare = expected;
            __asm__ volatile("casalh %w0, %w2, [%1]"
                             : "+r"(expected)
                             : "r"(&half), "r"(desired)
                             : "memory");
            if (expected == compare) {
                break;
            }
        }
    }
    Report("casalh increments", half, 0);
}

int main(void) {
    ReadModifyWrite();
    StoreAliases();
    CompareAndSwap();
    CompareAndSwapPair();
    LoadAcquirePc();
    Sequences();
    return 0;
}
