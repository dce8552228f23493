// A small bytecode interpreter: a register machine with a switch-dispatched loop, the kind of
// indirect-branch-heavy code a JIT translates worst. The program it runs mixes arithmetic, a
// data-dependent branch and memory traffic for about 100 million bytecode instructions.

#include "workload.h"

enum Opcode {
    kLoadImmediate,  // r[a] = immediate
    kAdd,            // r[a] = r[b] + r[c]
    kSub,
    kMul,
    kXor,
    kShiftRight,     // r[a] = r[b] >> c
    kAndImmediate,   // r[a] = r[b] & immediate
    kLoad,           // r[a] = memory[r[b] & mask]
    kStore,          // memory[r[b] & mask] = r[a]
    kJumpIfNotZero,  // if r[a] != 0: pc = immediate
    kJumpIfLess,     // if r[a] < r[b]: pc = immediate
    kHalt,
};

typedef struct {
    uint8_t opcode, a, b, c;
    int32_t immediate;
} Instruction;

enum { kMemoryWords = 4096, kMemoryMask = kMemoryWords - 1 };

static uint64_t g_memory[kMemoryWords];

static uint64_t Run(const Instruction* program, uint64_t* registers) {
    uint64_t executed = 0;
    for (int pc = 0;;) {
        const Instruction* in = &program[pc++];
        ++executed;
        switch (in->opcode) {
            case kLoadImmediate:
                registers[in->a] = (uint64_t)(int64_t)in->immediate;
                break;
            case kAdd:
                registers[in->a] = registers[in->b] + registers[in->c];
                break;
            case kSub:
                registers[in->a] = registers[in->b] - registers[in->c];
                break;
            case kMul:
                registers[in->a] = registers[in->b] * registers[in->c];
                break;
            case kXor:
                registers[in->a] = registers[in->b] ^ registers[in->c];
                break;
            case kShiftRight:
                registers[in->a] = registers[in->b] >> in->c;
                break;
            case kAndImmediate:
                registers[in->a] = registers[in->b] & (uint64_t)in->immediate;
                break;
            case kLoad:
                registers[in->a] = g_memory[registers[in->b] & kMemoryMask];
                break;
            case kStore:
                g_memory[registers[in->b] & kMemoryMask] = registers[in->a];
                break;
            case kJumpIfNotZero:
                if (registers[in->a] != 0)
                    pc = in->immediate;
                break;
            case kJumpIfLess:
                if (registers[in->a] < registers[in->b])
                    pc = in->immediate;
                break;
            case kHalt:
                return executed;
        }
    }
}

int main(void) {
    // r0 counter, r1 state, r2 multiplier, r3 accumulator, r4 temporary, r5 one, r6 limit.
    const Instruction program[] = {
        /* 0 */ {kLoadImmediate, 0, 0, 0, 0},
        /* 1 */ {kLoadImmediate, 1, 0, 0, 12345},
        /* 2 */ {kLoadImmediate, 2, 0, 0, 1103515245},
        /* 3 */ {kLoadImmediate, 5, 0, 0, 1},
        /* 4 */ {kLoadImmediate, 6, 0, 0, 7000000},
        /* 5 loop */ {kMul, 1, 1, 2, 0},
        /* 6 */ {kAdd, 1, 1, 5, 0},
        /* 7 */ {kShiftRight, 4, 1, 17, 0},
        /* 8 */ {kAndImmediate, 4, 4, 0, 1},
        /* 9 */ {kJumpIfNotZero, 4, 0, 0, 12},
        /* 10 */ {kXor, 3, 3, 1, 0},
        /* 11 */ {kJumpIfNotZero, 5, 0, 0, 13},
        /* 12 odd */ {kSub, 3, 3, 1, 0},
        /* 13 */ {kLoad, 4, 1, 0, 0},
        /* 14 */ {kAdd, 4, 4, 3, 0},
        /* 15 */ {kStore, 4, 0, 0, 0},
        /* 16 */ {kAdd, 0, 0, 5, 0},
        /* 17 */ {kJumpIfLess, 0, 6, 0, 5},
        /* 18 */ {kHalt, 0, 0, 0, 0},
    };
    uint64_t registers[8] = {0};
    const uint64_t executed = Run(program, registers);
    uint64_t checksum = registers[3] ^ executed;
    for (int i = 0; i < kMemoryWords; ++i) {
        checksum = checksum * 0x100000001b3ull ^ g_memory[i];
    }
    PrintChecksum("interpreter", checksum);
    return 0;
}
