// A game's shape rather than a tight loop: a frame updates a few thousand entities, each
// through its kind's function pointer (virtual dispatch, an indirect call), and those call
// small helpers (vector maths, a clamp, a hash) directly. Many short functions, indirect
// calls and returns, loads and stores of small structs: the code a JIT's region must enter,
// call through and return from, rather than loop inside.

#include "workload.h"

typedef struct {
    int32_t x, y, vx, vy;
    uint32_t state, kind;
    uint64_t score;
} Entity;

enum { kEntities = 4096, kKinds = 16, kFrames = 5000 };

static Entity g_entities[kEntities];

#define NOINLINE __attribute__((noinline))

NOINLINE static int32_t Clamp(int32_t value, int32_t low, int32_t high) {
    return value < low ? low : (value > high ? high : value);
}
NOINLINE static uint32_t Mix(uint32_t a, uint32_t b) {
    uint32_t h = a * 0x9e3779b1u ^ b;
    return h ^ (h >> 15);
}
NOINLINE static int32_t Dot(const Entity* e, int32_t ax, int32_t ay) {
    return e->vx * ax + e->vy * ay;
}
NOINLINE static void Move(Entity* e) {
    e->x = Clamp(e->x + e->vx, -100000, 100000);
    e->y = Clamp(e->y + e->vy, -100000, 100000);
}
NOINLINE static void Bounce(Entity* e) {
    if (e->x == -100000 || e->x == 100000)
        e->vx = -e->vx;
    if (e->y == -100000 || e->y == 100000)
        e->vy = -e->vy;
}
NOINLINE static void Score(Entity* e, uint32_t amount) {
    e->score += Mix(e->state, amount);
}

// The kinds' update functions: each a different small mix of the helpers.
#define KIND(n, body)                                           \
    NOINLINE static void Update##n(Entity* e, uint32_t frame) { \
        (void)frame;                                            \
        body;                                                   \
    }
KIND(0, Move(e); Bounce(e))
KIND(1, Move(e); Score(e, frame))
KIND(2, e->vx += (int32_t)(frame & 3) - 1; Move(e); Bounce(e))
KIND(3, e->state = Mix(e->state, frame); Move(e))
KIND(4, Score(e, (uint32_t)Dot(e, 3, -2)); Move(e); Bounce(e))
KIND(5, e->vy = Clamp(e->vy + 1, -50, 50); Move(e); Bounce(e))
KIND(6, if (e->state & 1) Score(e, 7); Move(e))
KIND(7, e->state ^= frame; Score(e, e->state); Move(e); Bounce(e))
KIND(8, e->vx = Clamp(e->vx * 2, -60, 60); Move(e))
KIND(9, Score(e, (uint32_t)e->x); Bounce(e); Move(e))
KIND(10, e->state = Mix(frame, (uint32_t)e->y); Move(e); Bounce(e))
KIND(11, e->vy = -e->vy; Move(e); Score(e, 3))
KIND(12, Move(e); Move(e); Bounce(e))
KIND(13, Score(e, (uint32_t)Dot(e, e->vy, e->vx)); Move(e))
KIND(14, e->kind = (e->kind + (e->state & 1)) % kKinds; Move(e))
KIND(15, e->state += 1; Score(e, frame ^ e->state); Bounce(e); Move(e))

typedef void (*UpdateFunction)(Entity*, uint32_t);
static UpdateFunction const kUpdates[kKinds] = {
    Update0, Update1, Update2,  Update3,  Update4,  Update5,  Update6,  Update7,
    Update8, Update9, Update10, Update11, Update12, Update13, Update14, Update15,
};

int main(void) {
    uint64_t random = 0x1234567890abcdefull;
    for (int i = 0; i < kEntities; ++i) {
        Entity* e = &g_entities[i];
        e->x = (int32_t)(NextRandom(&random) % 200001) - 100000;
        e->y = (int32_t)(NextRandom(&random) % 200001) - 100000;
        e->vx = (int32_t)(NextRandom(&random) % 101) - 50;
        e->vy = (int32_t)(NextRandom(&random) % 101) - 50;
        e->state = (uint32_t)NextRandom(&random);
        e->kind = (uint32_t)(NextRandom(&random) % kKinds);
        e->score = 0;
    }
    for (uint32_t frame = 0; frame < kFrames; ++frame) {
        for (int i = 0; i < kEntities; ++i) {
            Entity* e = &g_entities[i];
            kUpdates[e->kind](e, frame);
        }
    }
    uint64_t checksum = 0;
    for (int i = 0; i < kEntities; ++i) {
        const Entity* e = &g_entities[i];
        checksum = checksum * 31 + e->score + (uint32_t)e->x + ((uint64_t)(uint32_t)e->y << 32);
    }
    PrintChecksum("calls", checksum);
    return 0;
}
