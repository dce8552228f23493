// Sorting: an introsort-style quicksort (median of three, insertion sort for short ranges) of
// one million 32-bit keys, four times over different data. Branchy, data-dependent code.

#include "workload.h"

enum { kCount = 1 << 20, kRounds = 4, kInsertionLimit = 16 };

static uint32_t g_keys[kCount];

static void InsertionSort(uint32_t* keys, int count) {
    for (int i = 1; i < count; ++i) {
        const uint32_t key = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] > key) {
            keys[j + 1] = keys[j];
            --j;
        }
        keys[j + 1] = key;
    }
}

static void Swap(uint32_t* a, uint32_t* b) {
    const uint32_t t = *a;
    *a = *b;
    *b = t;
}

static void QuickSort(uint32_t* keys, int count) {
    while (count > kInsertionLimit) {
        const int middle = count / 2;
        if (keys[middle] < keys[0])
            Swap(&keys[middle], &keys[0]);
        if (keys[count - 1] < keys[0])
            Swap(&keys[count - 1], &keys[0]);
        if (keys[count - 1] < keys[middle])
            Swap(&keys[count - 1], &keys[middle]);
        const uint32_t pivot = keys[middle];
        int i = 0, j = count - 1;
        for (;;) {
            while (keys[i] < pivot)
                ++i;
            while (keys[j] > pivot)
                --j;
            if (i >= j)
                break;
            Swap(&keys[i], &keys[j]);
            ++i;
            --j;
        }
        // Recurse into the smaller part, loop on the larger: bounded stack depth.
        const int left = j + 1;
        if (left < count - left) {
            QuickSort(keys, left);
            keys += left;
            count -= left;
        } else {
            QuickSort(keys + left, count - left);
            count = left;
        }
    }
    InsertionSort(keys, count);
}

int main(void) {
    uint64_t state = 0x0123456789abcdefull;
    uint64_t checksum = 0;
    for (int round = 0; round < kRounds; ++round) {
        for (int i = 0; i < kCount; ++i) {
            g_keys[i] = (uint32_t)(NextRandom(&state) >> 32);
        }
        QuickSort(g_keys, kCount);
        for (int i = 0; i < kCount; i += 4096) {
            checksum = checksum * 31 + g_keys[i];
        }
        for (int i = 1; i < kCount; ++i) {
            if (g_keys[i - 1] > g_keys[i]) {
                checksum = 0;  // not sorted: the checksum says so
            }
        }
    }
    PrintChecksum("sort", checksum);
    return 0;
}
