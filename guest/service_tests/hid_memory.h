#pragma once

// The guest's view of the HID shared memory for nxhost's hid tests: opening it through the
// service and reading its rings (offsets from the public homebrew documentation).

#include <stdint.h>

#include "../kernel_tests/check.h"
#include "ipc.h"
#include "svc.h"

#define HID_MEMORY_SIZE 0x40000u
#define HID_NPAD_OFFSET 0x9A00u
#define HID_NPAD_SIZE 0x5000u
#define HID_NPAD_HANDHELD 8u
#define HID_FULL_KEY_LIFO 0x28u
#define HID_HANDHELD_LIFO 0x378u
#define HID_DEVICE_TYPE 0x4188u
#define HID_LIFO_ENTRIES 17u
#define HID_NPAD_STATE_SIZE 0x30u  // atomic storage: sampling number, then the 0x28-byte state

static inline uint64_t hid_u64(const volatile uint8_t* memory, uint64_t offset) {
    return __atomic_load_n((const uint64_t*)(memory + offset), __ATOMIC_ACQUIRE);
}
static inline uint32_t hid_u32(const volatile uint8_t* memory, uint64_t offset) {
    return __atomic_load_n((const uint32_t*)(memory + offset), __ATOMIC_ACQUIRE);
}

static inline uint64_t hid_npad(uint32_t index) {
    return HID_NPAD_OFFSET + index * HID_NPAD_SIZE;
}

// The newest npad state of a ring at `lifo`: its offset in the shared memory.
static inline uint64_t hid_newest_npad_state(const volatile uint8_t* memory, uint64_t lifo) {
    const uint64_t tail = hid_u64(memory, lifo + 0x10);
    return lifo + 0x20 + tail * HID_NPAD_STATE_SIZE;
}

// A free stretch of the address space for the view, past the heap region.
static inline void* hid_free_address(void) {
    uint64_t heap = 0, heap_size = 0;
    svcGetInfo(&heap, 4, CUR_PROCESS_HANDLE, 0);
    svcGetInfo(&heap_size, 5, CUR_PROCESS_HANDLE, 0);
    uint64_t address = heap + heap_size + 0x40000000;
    for (int i = 0; i < 64; ++i) {
        MemoryInfo info;
        uint32_t page = 0;
        if (svcQueryMemory(&info, &page, address) != 0) {
            break;
        }
        if (info.type == 0 && info.addr + info.size - address >= HID_MEMORY_SIZE) {
            return (void*)address;
        }
        address = info.addr + info.size;
    }
    return 0;
}

// Opens hid, its applet resource and maps the shared memory; 0 on failure.
static inline const volatile uint8_t* hid_open(Handle* service, Handle* resource) {
    Handle sm = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm, "sm:"), 0);
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &hello), 0);
    const uint64_t name = ipc_service_name("hid");
    IpcCall get = {.command = 1, .in = &name, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &get), 0);
    svcCloseHandle(sm);
    *service = get.handles[0];

    const uint64_t aruid = 0;
    IpcCall create = {.command = 0, .send_pid = true, .in = &aruid, .in_size = 8};
    CHECK_RESULT(ipc_call(*service, &create), 0);
    CHECK(create.handle_count == 1);
    *resource = create.handles[0];
    IpcCall shared = {.command = 0};
    CHECK_RESULT(ipc_call(*resource, &shared), 0);
    CHECK(shared.handle_count == 1);
    void* view = hid_free_address();
    CHECK(view != 0);
    CHECK_RESULT(svcMapSharedMemory(shared.handles[0], view, HID_MEMORY_SIZE, 1), 0);
    svcCloseHandle(shared.handles[0]);
    return (const volatile uint8_t*)view;
}
