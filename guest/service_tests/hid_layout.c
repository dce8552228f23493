// hid_layout: the npads the pad layout connects (nxhost run --pad-layout, or the profile's
// pad_layout) as a game sees them. It prints each connected npad's id and style (the test
// matches them per layout) and checks that every one is shown the way the HID Shared Memory
// page documents that style: one style bit, its device types, its Joy-Con assignment mode, its
// own ring sampled with the style's attributes, and its style-set update event signalled. Then
// it narrows the supported styles to the Pro Controller: every npad of another style must show
// as not connected, with its event signalled again.

#include "hid_memory.h"

#define HID_JOY_ASSIGNMENT 0x4u

struct Style {
    uint32_t tag;
    const char* name;
    uint64_t lifo;
    uint32_t device_type;
    uint32_t attributes;
    uint32_t assignment;  // 0 dual, 1 single
};

static const struct Style kStyles[] = {
    {1u << 0, "pro", 0x28, 1u << 0, 0x01, 0},
    {1u << 1, "handheld", 0x378, (1u << 2) | (1u << 3), 0x3f, 0},
    {1u << 2, "joycon-pair", 0x6c8, (1u << 4) | (1u << 5), 0x15, 0},
    {1u << 3, "joycon-left", 0xa18, 1u << 4, 0x05, 1},
    {1u << 4, "joycon-right", 0xd68, 1u << 5, 0x11, 1},
};

static const uint32_t kIds[] = {0, 1, 2, 3, 4, 5, 6, 7, 0x20};
#define ID_COUNT (sizeof(kIds) / sizeof(kIds[0]))

static uint32_t EntryOf(uint32_t id) {
    return id == 0x20 ? HID_NPAD_HANDHELD : id;
}

static const struct Style* StyleOf(uint32_t tag) {
    for (unsigned i = 0; i < sizeof(kStyles) / sizeof(kStyles[0]); ++i) {
        if (kStyles[i].tag == tag) {
            return &kStyles[i];
        }
    }
    return 0;
}

static void IdName(uint32_t id, char* name) {
    if (id == 0x20) {
        snprintf(name, 16, "Handheld");
    } else {
        snprintf(name, 16, "No%u", (unsigned)id + 1);
    }
}

// Waits for `count` more samples of the debug pad's ring (every ring is sampled together).
static void WaitForSamples(const volatile uint8_t* memory, uint64_t count) {
    const uint64_t start = hid_u64(memory, 0x20 + hid_u64(memory, 0x10) * 0x28);
    for (int i = 0; i < 500; ++i) {
        const uint64_t newest = hid_u64(memory, 0x20 + hid_u64(memory, 0x10) * 0x28);
        if (hid_u64(memory, 0x18) > 0 && newest >= start + count) {
            return;
        }
        svcSleepThread(5000000);
    }
    CHECK(false);  // no samples within 2.5 s
}

static void SetStyles(Handle hid, uint32_t style_set) {
    struct {
        uint32_t style_set;
        uint32_t padding;
        uint64_t aruid;
    } in = {style_set, 0, 0};
    IpcCall call = {.command = 100, .send_pid = true, .in = &in, .in_size = 16};
    CHECK_RESULT(ipc_call(hid, &call), 0);
}

static Handle AcquireStyleSetEvent(Handle hid, uint32_t id) {
    const struct {
        uint32_t npad_id;
        uint32_t padding;
        uint64_t aruid;
        uint64_t event_pointer;
    } in = {id, 0, 0, 0};
    IpcCall call = {.command = 106, .send_pid = true, .in = &in, .in_size = 24};
    CHECK_RESULT(ipc_call(hid, &call), 0);
    CHECK(call.handle_count == 1);
    return call.handles[0];
}

static bool Signalled(Handle event) {
    int32_t index = -1;
    return svcWaitSynchronization(&index, &event, 1, 0) == 0;
}

// Prints and checks every npad; returns each one's style tag (0: not connected).
static int Report(const volatile uint8_t* memory, const char* phase, uint32_t* tags) {
    int connected = 0;
    for (unsigned i = 0; i < ID_COUNT; ++i) {
        const uint64_t npad = hid_npad(EntryOf(kIds[i]));
        tags[i] = hid_u32(memory, npad);
        if (tags[i] == 0) {
            CHECK(hid_u32(memory, npad + HID_DEVICE_TYPE) == 0);
            continue;
        }
        const struct Style* style = StyleOf(tags[i]);
        CHECK(style != 0);  // exactly one style nxhost knows
        if (style == 0) {
            continue;
        }
        ++connected;
        char name[16];
        IdName(kIds[i], name);
        printf("hid_layout: %s: %s %s\n", phase, name, style->name);
        CHECK(hid_u32(memory, npad + HID_DEVICE_TYPE) == style->device_type);
        CHECK(hid_u32(memory, npad + HID_JOY_ASSIGNMENT) == style->assignment);
        const uint64_t state = hid_newest_npad_state(memory, npad + style->lifo);
        CHECK(hid_u64(memory, state) > 0);
        CHECK(hid_u32(memory, state + 0x28) == style->attributes);
        // The other styles' rings say it is not there in their style.
        for (unsigned s = 0; s < sizeof(kStyles) / sizeof(kStyles[0]); ++s) {
            if (&kStyles[s] != style) {
                const uint64_t other = hid_newest_npad_state(memory, npad + kStyles[s].lifo);
                CHECK(hid_u32(memory, other + 0x28) == 0);
            }
        }
    }
    printf("hid_layout: %s: %d connected\n", phase, connected);
    return connected;
}

int main(void) {
    Handle hid = 0, resource = 0;
    const volatile uint8_t* memory = hid_open(&hid, &resource);
    SetStyles(hid, 0x1f);
    Handle events[ID_COUNT];
    for (unsigned i = 0; i < ID_COUNT; ++i) {
        events[i] = AcquireStyleSetEvent(hid, kIds[i]);
    }
    if (memory != 0) {
        WaitForSamples(memory, 2);
        uint32_t before[ID_COUNT];
        CHECK(Report(memory, "all styles", before) >= 1);
        for (unsigned i = 0; i < ID_COUNT; ++i) {
            CHECK(Signalled(events[i]) == (before[i] != 0));  // connected from the start
            CHECK_RESULT(svcClearEvent(events[i]), 0);
        }

        SetStyles(hid, 1u << 0);
        WaitForSamples(memory, 2);
        uint32_t after[ID_COUNT];
        Report(memory, "Pro Controller only", after);
        for (unsigned i = 0; i < ID_COUNT; ++i) {
            const uint32_t expected = before[i] == 1 ? 1 : 0;
            CHECK(after[i] == expected);
            CHECK(Signalled(events[i]) == (after[i] != before[i]));
        }
    }
    for (unsigned i = 0; i < ID_COUNT; ++i) {
        svcCloseHandle(events[i]);
    }
    svcCloseHandle(resource);
    svcCloseHandle(hid);
    return check_summary("hid_layout");
}
