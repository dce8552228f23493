// ARMv8.2 dot product (sdot/udot, vector and by element) and the CRC32 instructions
// (crc32b/h/w/x and the Castagnoli crc32cb/ch/cw/cx), the latter also checked against a
// bitwise software CRC computed on the same data.

#include <arm_acle.h>
#include <arm_neon.h>
#include <stdint.h>

#include "report.h"
#include "test_util.h"

#define SHOW(label, expr)                             \
    do {                                              \
        const __typeof__(expr) shown_ = (expr);       \
        report_bytes(label, &shown_, sizeof(shown_)); \
    } while (0)

static const uint8_t kBytesA[16] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40,
                                    0xc0, 0x55, 0xaa, 0x10, 0xf0, 0x33, 0xcc, 0x02};
static const uint8_t kBytesB[16] = {0xff, 0x01, 0x01, 0x80, 0xff, 0xff, 0xff, 0xff,
                                    0x80, 0x80, 0x80, 0x80, 0x10, 0x99, 0x66, 0xfd};
static const int32_t kAccumulator[4] = {0x7fffffff, (int32_t)0x80000000, -1, 12345};

static void DotProduct(void) {
    report_text("# dot product");
    const uint8x16_t a = OPAQUE_FP(vld1q_u8(kBytesA));
    const uint8x16_t b = OPAQUE_FP(vld1q_u8(kBytesB));
    const int32x4_t acc = OPAQUE_FP(vld1q_s32(kAccumulator));
    const int8x16_t sa = vreinterpretq_s8_u8(a);
    const int8x16_t sb = vreinterpretq_s8_u8(b);
    const uint32x4_t uacc = vreinterpretq_u32_s32(acc);
    SHOW("sdot.4s", vdotq_s32(acc, sa, sb));
    SHOW("udot.4s", vdotq_u32(uacc, a, b));
    SHOW("sdot.4s zero acc", vdotq_s32(vdupq_n_s32(0), sa, sa));
    SHOW("udot.4s max", vdotq_u32(vdupq_n_u32(0xffffffff), vdupq_n_u8(0xff), vdupq_n_u8(0xff)));
    SHOW("sdot.4s min", vdotq_s32(vdupq_n_s32(0), vdupq_n_s8(-128), vdupq_n_s8(-128)));
    SHOW("sdot.2s", vdot_s32(vget_low_s32(acc), vget_low_s8(sa), vget_high_s8(sb)));
    SHOW("udot.2s", vdot_u32(vget_high_u32(uacc), vget_high_u8(a), vget_low_u8(b)));
    SHOW("sdot.4s lane 3", vdotq_laneq_s32(acc, sa, sb, 3));
    SHOW("udot.4s lane 0", vdotq_laneq_u32(uacc, a, b, 0));
    SHOW("sdot.2s lane 1", vdot_lane_s32(vget_low_s32(acc), vget_low_s8(sb), vget_high_s8(sa), 1));
    SHOW("udot.4s lane (d) 1", vdotq_lane_u32(uacc, b, vget_low_u8(a), 1));
    // A dot-product accumulation loop as a quantised kernel would run it.
    int8_t weights[256], inputs[256];
    for (int i = 0; i < 256; ++i) {
        weights[i] = (int8_t)(i * 37 + 11);
        inputs[i] = (int8_t)(i * 91 - 7);
    }
    int32x4_t sum = vdupq_n_s32(0);
    for (int i = 0; i < 256; i += 16) {
        sum = vdotq_s32(sum, vld1q_s8(weights + i), vld1q_s8(inputs + i));
    }
    report_u64("sdot loop", (uint32_t)vaddvq_s32(sum));
}

static uint32_t SoftwareCrc(uint32_t crc, const uint8_t* data, int size, uint32_t polynomial) {
    for (int i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit) {
            crc = (crc >> 1) ^ (polynomial & (0u - (crc & 1)));
        }
    }
    return crc;
}

static void Crc(void) {
    report_text("# crc32");
    const uint32_t seed = OPAQUE(0xffffffffu);
    const uint64_t value = OPAQUE(0x0123456789abcdefull);
    report_u64("crc32b", __crc32b(seed, (uint8_t)value));
    report_u64("crc32h", __crc32h(seed, (uint16_t)value));
    report_u64("crc32w", __crc32w(seed, (uint32_t)value));
    report_u64("crc32d", __crc32d(seed, value));
    report_u64("crc32cb", __crc32cb(seed, (uint8_t)value));
    report_u64("crc32ch", __crc32ch(seed, (uint16_t)value));
    report_u64("crc32cw", __crc32cw(seed, (uint32_t)value));
    report_u64("crc32cd", __crc32cd(seed, value));
    report_u64("crc32b zero seed", __crc32b(OPAQUE(0u), 0));
    report_u64("crc32cd all ones", __crc32cd(OPAQUE(0u), ~0ull));
    // Upper bits of the data register beyond the size must be ignored.
    uint32_t garbage;
    __asm__ volatile("crc32b %w0, %w1, %w2" : "=r"(garbage) : "r"(seed), "r"(OPAQUE(0xabcdef12u)));
    report_u64("crc32b ignores upper bits", garbage);
    __asm__ volatile("crc32ch %w0, %w1, %w2" : "=r"(garbage) : "r"(seed), "r"(OPAQUE(0xabcdef12u)));
    report_u64("crc32ch ignores upper bits", garbage);

    uint8_t data[1024];
    uint32_t state = 0x12345678;
    for (int i = 0; i < 1024; ++i) {
        state = state * 1103515245u + 12345u;
        data[i] = (uint8_t)(state >> 16);
    }
    // Mixed widths over the same bytes must agree with each other and with software.
    uint32_t by_bytes = 0xffffffff, by_words = 0xffffffff, by_doubles = 0xffffffff;
    uint32_t c_by_bytes = 0xffffffff, c_by_doubles = 0xffffffff;
    for (int i = 0; i < 1024; ++i) {
        by_bytes = __crc32b(by_bytes, data[i]);
        c_by_bytes = __crc32cb(c_by_bytes, data[i]);
    }
    for (int i = 0; i < 1024; i += 4) {
        uint32_t word;
        __builtin_memcpy(&word, data + i, 4);
        by_words = __crc32w(by_words, word);
    }
    for (int i = 0; i < 1024; i += 8) {
        uint64_t doubleword;
        __builtin_memcpy(&doubleword, data + i, 8);
        by_doubles = __crc32d(by_doubles, doubleword);
        c_by_doubles = __crc32cd(c_by_doubles, doubleword);
    }
    report_u64("crc32 1 KiB by bytes", ~by_bytes);
    report_u64("crc32 1 KiB by words", ~by_words);
    report_u64("crc32 1 KiB by doublewords", ~by_doubles);
    report_u64("crc32 1 KiB software", ~SoftwareCrc(0xffffffff, data, 1024, 0xedb88320));
    report_u64("crc32c 1 KiB by bytes", ~c_by_bytes);
    report_u64("crc32c 1 KiB by doublewords", ~c_by_doubles);
    report_u64("crc32c 1 KiB software", ~SoftwareCrc(0xffffffff, data, 1024, 0x82f63b78));
}

int main(void) {
    DotProduct();
    Crc();
    return 0;
}
