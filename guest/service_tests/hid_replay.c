// hid_replay: run under --deterministic with tests/integration/hid_replay.txt
// (A at 0.1 s for 0.2 s, the left stick up 0.2 s later for 0.1 s). At fixed points of its own
// work (busy loops and sleeps, so that samples land both inside guest code and while it waits)
// it prints the newest sampling number and buttons of Player 1; two runs must print the same
// lines. It also checks that the script's steps show, in order.

#include "hid_memory.h"

#define STEPS 60
#define BUTTON_A 1ull
#define BUTTON_STICK_L_UP (1ull << 17)

static volatile uint64_t g_sink;

// About a million guest instructions, always the same ones.
static void Work(void) {
    uint64_t value = 1;
    for (int i = 0; i < 250000; ++i) {
        value = value * 6364136223846793005ull + 1442695040888963407ull;
    }
    g_sink = value;
}

int main(void) {
    Handle hid = 0, resource = 0;
    const volatile uint8_t* memory = hid_open(&hid, &resource);
    int first_a = -1, last_a = -1, first_up = -1;
    if (memory != 0) {
        const uint64_t lifo = hid_npad(0) + HID_FULL_KEY_LIFO;
        for (int step = 0; step < STEPS; ++step) {
            if (step % 2 == 0) {
                Work();
            } else {
                svcSleepThread(20000000);
            }
            const uint64_t state = hid_newest_npad_state(memory, lifo);
            const uint64_t sampling = hid_u64(memory, state);
            const uint64_t buttons = hid_u64(memory, state + 0x10);
            printf("hid_replay: step %d sample %llu buttons %#llx\n", step,
                   (unsigned long long)sampling, (unsigned long long)buttons);
            if (buttons & BUTTON_A) {
                first_a = first_a < 0 ? step : first_a;
                last_a = step;
            }
            if ((buttons & BUTTON_STICK_L_UP) && first_up < 0) {
                first_up = step;
            }
        }
    }
    CHECK(first_a > 0);  // not at once: the script presses A at 0.1 s
    CHECK(last_a >= first_a);
    CHECK(first_up > last_a);  // the stick after A was let go
    svcCloseHandle(resource);
    svcCloseHandle(hid);
    return check_summary("hid_replay");
}
