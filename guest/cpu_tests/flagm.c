// ARMv8.4 flag manipulation (the Cortex-A78C has it): cfinv, rmif and setf8/setf16, each from
// both states of the flags it must keep. Each line is NZCV afterwards (MRS NZCV layout).

#include <stdint.h>

#include "report.h"
#include "test_util.h"

static uint64_t Nzcv(void) {
    uint64_t flags;
    __asm__ volatile("mrs %0, nzcv" : "=r"(flags));
    return flags;
}

// NZCV after `instruction`, which starts from `initial` and reads %1 = `operand`.
#define WITH_FLAGS(initial, instruction, operand)                                          \
    ({                                                                                     \
        const uint64_t initial_ = (initial);                                               \
        const uint64_t operand_ = (operand);                                               \
        __asm__ volatile("msr nzcv, %0\n\t" instruction : : "r"(initial_), "r"(operand_)); \
        Nzcv();                                                                            \
    })

static const uint64_t kInitialFlags[] = {0x00000000, 0xf0000000, 0x20000000, 0xd0000000};
static const uint64_t kSetfValues[] = {0x0,     0x7f,       0x80,       0xff,      0x100,   0x17f,
                                       0x180,   0x7fff,     0x8000,     0xffff,    0x10000, 0x18000,
                                       0x1ffff, 0xffffffff, 0x12345680, 0x8000007f};

int main(void) {
    char label[64];
    for (unsigned i = 0; i < 4; ++i) {
        const uint64_t initial = OPAQUE((uint64_t)kInitialFlags[i]);
        report_u64(IndexedLabel(label, "cfinv", i), WITH_FLAGS(initial, "cfinv", 0));
        const uint64_t source = OPAQUE(0xa5c3f00f12345678ull);
        report_u64(IndexedLabel(label, "rmif #0 #0xf", i),
                   WITH_FLAGS(initial, "rmif %1, #0, #0xf", source));
        report_u64(IndexedLabel(label, "rmif #4 #0x5", i),
                   WITH_FLAGS(initial, "rmif %1, #4, #0x5", source));
        report_u64(IndexedLabel(label, "rmif #63 #0xa", i),
                   WITH_FLAGS(initial, "rmif %1, #63, #0xa", source));
        report_u64(IndexedLabel(label, "rmif #33 #0x0", i),
                   WITH_FLAGS(initial, "rmif %1, #33, #0x0", source));
        for (unsigned v = 0; v < sizeof(kSetfValues) / sizeof(kSetfValues[0]); ++v) {
            const uint32_t value = (uint32_t)OPAQUE((uint64_t)kSetfValues[v]);
            report_u64(IndexedLabel(label, "setf8", i * 100 + v),
                       WITH_FLAGS(initial, "setf8 %w1", value));
            report_u64(IndexedLabel(label, "setf16", i * 100 + v),
                       WITH_FLAGS(initial, "setf16 %w1", value));
        }
    }
    return 0;
}
