// hid_input: run with a control script that presses A at 0.5 s for 0.3 s; Player 1 (the
// default pad layout's Pro Controller) shows A within 3 s, and lets go of it afterwards.

#include "hid_memory.h"

#define TICKS_PER_SECOND 19200000ull

// Polls the newest state of Player 1 until A is (or is not) held; false after 3 s.
static bool WaitForA(const volatile uint8_t* memory, bool pressed) {
    const uint64_t player1 = hid_npad(0) + HID_FULL_KEY_LIFO;
    const uint64_t deadline = svcGetSystemTick() + 3 * TICKS_PER_SECOND;
    while (svcGetSystemTick() < deadline) {
        const bool a = (hid_u64(memory, hid_newest_npad_state(memory, player1) + 0x10) & 1) != 0;
        if (a == pressed) {
            return true;
        }
        svcSleepThread(2000000);
    }
    return false;
}

int main(void) {
    Handle hid = 0, resource = 0;
    // Taken moments after launch, which the script counts from: A cannot show before 0.5 s,
    // less the time start-up took (well under 0.4 s, even on a loaded machine).
    const uint64_t start = svcGetSystemTick();
    const volatile uint8_t* memory = hid_open(&hid, &resource);
    if (memory != 0) {
        const bool pressed = WaitForA(memory, true);
        CHECK(pressed);
        if (pressed) {
            const uint64_t seen = (svcGetSystemTick() - start) * 1000 / TICKS_PER_SECOND;
            printf("hid_input: A seen after %llu ms\n", (unsigned long long)seen);
            CHECK(seen >= 100);  // not before the script's 0.5 s
            CHECK(WaitForA(memory, false));
            const uint64_t released = (svcGetSystemTick() - start) * 1000 / TICKS_PER_SECOND;
            printf("hid_input: A let go after %llu ms\n", (unsigned long long)released);
            CHECK(released >= seen + 250);  // held for 0.3 s
        }
    }
    svcCloseHandle(resource);
    svcCloseHandle(hid);
    return check_summary("hid_input");
}
