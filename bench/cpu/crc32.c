// CRC-32 (IEEE 802.3) in software, table-driven one byte at a time: loads, shifts and xors in a
// tight dependent loop. 256 MiB of input.

#include "workload.h"

enum { kBufferSize = 64 * 1024, kRounds = 4096 };

static uint32_t g_table[256];
static uint8_t g_buffer[kBufferSize];

static void BuildTable(void) {
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t crc = i;
        for (int bit = 0; bit < 8; ++bit) {
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
        }
        g_table[i] = crc;
    }
}

static uint32_t Crc32(uint32_t crc, const uint8_t* data, int size) {
    crc = ~crc;
    for (int i = 0; i < size; ++i) {
        crc = (crc >> 8) ^ g_table[(crc ^ data[i]) & 0xff];
    }
    return ~crc;
}

int main(void) {
    BuildTable();
    uint64_t state = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < kBufferSize; ++i) {
        g_buffer[i] = (uint8_t)NextRandom(&state);
    }
    uint32_t crc = 0;
    for (int round = 0; round < kRounds; ++round) {
        crc = Crc32(crc, g_buffer, kBufferSize);
        g_buffer[round % kBufferSize] ^= (uint8_t)crc;  // each round's input differs
    }
    PrintChecksum("crc32", crc);
    return 0;
}
