// hid: the shared memory's layout (ring headers, connected pads, their styles) and rings
// that advance by themselves, and the IHidServer commands a game's start-up sends.

#include "hid_memory.h"

static void CheckLifoHeader(const volatile uint8_t* memory, uint64_t lifo) {
    CHECK(hid_u64(memory, lifo + 0x8) == HID_LIFO_ENTRIES);
    CHECK(hid_u64(memory, lifo + 0x10) < HID_LIFO_ENTRIES);
    CHECK(hid_u64(memory, lifo + 0x18) <= HID_LIFO_ENTRIES);
}

static void CheckLayout(const volatile uint8_t* memory) {
    // Debug pad, touch screen, mouse and keyboard.
    CheckLifoHeader(memory, 0x0);
    CheckLifoHeader(memory, 0x400);
    CheckLifoHeader(memory, 0x3400);
    CheckLifoHeader(memory, 0x3800);
    const uint64_t player1 = hid_npad(0);
    const uint64_t handheld = hid_npad(HID_NPAD_HANDHELD);
    // The default pad layout: one Pro Controller, nothing else.
    CHECK(hid_u32(memory, player1) == 1);      // FullKey: a Pro Controller
    CHECK(hid_u32(memory, handheld) == 0);     // the console's own Joy-Con: not connected
    CHECK(hid_u32(memory, hid_npad(1)) == 0);  // Player 2: nothing connected
    CHECK(hid_u32(memory, player1 + HID_DEVICE_TYPE) == 1);
    CHECK(hid_u32(memory, handheld + HID_DEVICE_TYPE) == 0);
    CheckLifoHeader(memory, player1 + HID_FULL_KEY_LIFO);
    CheckLifoHeader(memory, handheld + HID_HANDHELD_LIFO);
}

// The rings fill at 60 Hz: the newest entry's sampling number grows, its state repeats it,
// consecutive entries count by one, and the pad reports itself connected.
static void CheckSampling(const volatile uint8_t* memory) {
    const uint64_t lifo = hid_npad(0) + HID_FULL_KEY_LIFO;
    for (int i = 0; i < 100 && hid_u64(memory, lifo + 0x18) < 2; ++i) {
        svcSleepThread(10000000);
    }
    CHECK(hid_u64(memory, lifo + 0x18) >= 2);
    const uint64_t newest = hid_newest_npad_state(memory, lifo);
    const uint64_t first = hid_u64(memory, newest);
    CHECK(first > 0);
    CHECK(hid_u64(memory, newest + 0x8) == first);
    CHECK((hid_u32(memory, newest + 0x28) & 1) == 1);  // IsConnected
    const uint64_t tail = hid_u64(memory, lifo + 0x10);
    const uint64_t before = (tail + HID_LIFO_ENTRIES - 1) % HID_LIFO_ENTRIES;
    const uint64_t previous = hid_u64(memory, lifo + 0x20 + before * HID_NPAD_STATE_SIZE);
    CHECK(first == previous + 1 || hid_u64(memory, lifo + 0x10) != tail);

    // About 24 samples in 0.4 s: the 17-entry ring is full.
    svcSleepThread(400000000);
    const uint64_t later = hid_u64(memory, hid_newest_npad_state(memory, lifo));
    CHECK(later >= first + 10);
    CHECK(later <= first + 80);
    CHECK(hid_u64(memory, lifo + 0x18) == HID_LIFO_ENTRIES);

    const uint64_t handheld = hid_npad(HID_NPAD_HANDHELD) + HID_HANDHELD_LIFO;
    const uint64_t handheld_state = hid_newest_npad_state(memory, handheld);
    CHECK(hid_u64(memory, handheld_state) > 0);
    CHECK(hid_u32(memory, handheld_state + 0x28) == 0);  // sampled, but not connected
    // The debug pad's ring advances too.
    CHECK(hid_u64(memory, 0x18) == HID_LIFO_ENTRIES);
}

static void CheckCommands(Handle hid) {
    struct {
        uint32_t style_set;
        uint32_t padding;
        uint64_t aruid;
    } styles = {0x1f, 0, 0};
    IpcCall set_styles = {.command = 100, .send_pid = true, .in = &styles, .in_size = 16};
    CHECK_RESULT(ipc_call(hid, &set_styles), 0);
    const uint64_t aruid = 0;
    uint32_t style_set = 0;
    IpcCall get_styles = {.command = 101,
                          .send_pid = true,
                          .in = &aruid,
                          .in_size = 8,
                          .out = &style_set,
                          .out_size = 4};
    CHECK_RESULT(ipc_call(hid, &get_styles), 0);
    CHECK(style_set == 0x1f);

    static const uint32_t ids[] = {0, 1, 0x20};
    IpcCall set_ids = {.command = 102, .send_pid = true, .in = &aruid, .in_size = 8};
    set_ids.x[0] = (IpcBuffer){(uintptr_t)ids, sizeof(ids)};
    set_ids.x_count = 1;
    CHECK_RESULT(ipc_call(hid, &set_ids), 0);
    const struct {
        int32_t revision;
        uint32_t padding;
        uint64_t aruid;
    } revision = {3, 0, 0};
    IpcCall activate = {.command = 109, .send_pid = true, .in = &revision, .in_size = 16};
    CHECK_RESULT(ipc_call(hid, &activate), 0);
    // ActivateDebugPad, ActivateTouchScreen, ActivateMouse, ActivateKeyboard.
    for (uint32_t command = 1; command <= 31; command += 10) {
        IpcCall call = {.command = command, .send_pid = true, .in = &aruid, .in_size = 8};
        CHECK_RESULT(ipc_call(hid, &call), 0);
    }

    // The style-set update event says the pads are there.
    const struct {
        uint32_t npad_id;
        uint32_t padding;
        uint64_t aruid;
        uint64_t event_pointer;
    } acquire_in = {0, 0, 0, 0};
    IpcCall acquire = {.command = 106, .send_pid = true, .in = &acquire_in, .in_size = 24};
    CHECK_RESULT(ipc_call(hid, &acquire), 0);
    CHECK(acquire.handle_count == 1);
    int32_t index = -1;
    CHECK_RESULT(svcWaitSynchronization(&index, &acquire.handles[0], 1, 0), 0);
    svcCloseHandle(acquire.handles[0]);

    uint64_t hold = 9;
    IpcCall get_hold = {
        .command = 121, .send_pid = true, .in = &aruid, .in_size = 8, .out = &hold, .out_size = 8};
    CHECK_RESULT(ipc_call(hid, &get_hold), 0);
    CHECK(hold == 1);  // horizontal by default
    const uint64_t set_hold_in[2] = {0, 0};
    IpcCall set_hold = {.command = 120, .send_pid = true, .in = set_hold_in, .in_size = 16};
    CHECK_RESULT(ipc_call(hid, &set_hold), 0);
    CHECK_RESULT(ipc_call(hid, &get_hold), 0);
    CHECK(hold == 0);

    // Vibration is accepted.
    const uint32_t handle = 0x00000001u | (0u << 8) | (1u << 16);  // Player 1, right motor
    uint32_t info[2] = {0, 0};
    IpcCall device_info = {.command = 200, .in = &handle, .in_size = 4, .out = info, .out_size = 8};
    CHECK_RESULT(ipc_call(hid, &device_info), 0);
    CHECK(info[0] == 1 && info[1] == 2);
    const struct {
        uint32_t handle;
        float value[4];
        uint32_t padding;
        uint64_t aruid;
    } vibration = {handle, {0.5f, 160.0f, 0.5f, 320.0f}, 0, 0};
    IpcCall send = {.command = 201, .send_pid = true, .in = &vibration, .in_size = 32};
    CHECK_RESULT(ipc_call(hid, &send), 0);
    IpcCall create_list = {.command = 203};
    CHECK_RESULT(ipc_call(hid, &create_list), 0);
    CHECK(create_list.handle_count == 1);
    IpcCall activate_device = {.command = 0, .in = &handle, .in_size = 4};
    CHECK_RESULT(ipc_call(create_list.handles[0], &activate_device), 0);
    svcCloseHandle(create_list.handles[0]);
}

int main(void) {
    Handle hid = 0, resource = 0;
    const volatile uint8_t* memory = hid_open(&hid, &resource);
    if (memory != 0) {
        CheckLayout(memory);
        CheckSampling(memory);
    }
    CheckCommands(hid);
    svcCloseHandle(resource);
    svcCloseHandle(hid);
    return check_summary("hid");
}
