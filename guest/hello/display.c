#include "display.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc.h"
#include "svc.h"

enum {
    kWidth = 1280,
    kHeight = 720,
    kFrameSize = kWidth * kHeight * 4,
    kTransferMemorySize = 0x40000,
    kParcelSize = 0x400,
};

#define TRY(step)                                                \
    do {                                                         \
        const uint32_t result_ = (step);                         \
        if (result_ != 0) {                                      \
            printf("display: %s failed: %#x\n", #step, result_); \
            return result_;                                      \
        }                                                        \
    } while (0)

static Handle OpenService(Handle sm, const char* name) {
    const uint64_t encoded = ipc_service_name(name);
    IpcCall get = {.command = 1, .in = &encoded, .in_size = 8};
    return ipc_call(sm, &get) == 0 && get.handle_count == 1 ? get.handles[0] : 0;
}

// A parcel being built: the interface token, then 4-byte values and flattened objects.
typedef struct {
    uint8_t bytes[kParcelSize];
    uint32_t size;  // of the payload, after the 16-byte header
} Parcel;

static void Put(Parcel* parcel, const void* data, uint32_t size) {
    memcpy(parcel->bytes + 16 + parcel->size, data, size);
    parcel->size += (size + 3) & ~3u;
}
static void PutU32(Parcel* parcel, uint32_t value) {
    Put(parcel, &value, 4);
}
static void PutToken(Parcel* parcel) {
    static const char kName[] = "android.gui.IGraphicBufferProducer";
    PutU32(parcel, 0x100);
    PutU32(parcel, sizeof(kName) - 1);
    uint16_t text[sizeof(kName)] = {0};
    for (unsigned i = 0; i < sizeof(kName); ++i) {
        text[i] = (uint16_t)kName[i];
    }
    Put(parcel, text, sizeof(text));
}
static void PutFlattened(Parcel* parcel, const void* data, uint32_t size) {
    PutU32(parcel, size);
    PutU32(parcel, 0);
    Put(parcel, data, size);
}
static void Finish(Parcel* parcel) {
    const uint32_t header[4] = {parcel->size, 16, 0, 16 + parcel->size};
    memcpy(parcel->bytes, header, sizeof(header));
}

// One IGraphicBufferProducer transaction; the reply's payload in `reply`.
static uint32_t Transact(Handle relay, int32_t binder, uint32_t code, Parcel* request,
                         uint8_t* reply) {
    Finish(request);
    const struct {
        int32_t binder;
        uint32_t code;
        uint32_t flags;
    } in = {binder, code, 0};
    IpcCall call = {.command = 0, .in = &in, .in_size = sizeof(in), .a_count = 1, .b_count = 1};
    call.a[0] = (IpcBuffer){(uintptr_t)request->bytes, kParcelSize};
    call.b[0] = (IpcBuffer){(uintptr_t)reply, kParcelSize};
    memset(reply, 0, kParcelSize);
    return ipc_call(relay, &call);
}

// The payload word `index` of a reply parcel.
static uint32_t ReplyWord(const uint8_t* reply, uint32_t index) {
    uint32_t offset = 0, value = 0;
    memcpy(&offset, reply + 4, 4);
    memcpy(&value, reply + offset + 4 * index, 4);
    return value;
}

static uint32_t NvIoctl(Handle nvdrv, uint32_t fd, uint32_t request, void* argument,
                        uint32_t size) {
    const uint32_t in[2] = {fd, request};
    uint32_t error = 0;
    IpcCall call = {.command = 1,
                    .in = in,
                    .in_size = 8,
                    .out = &error,
                    .out_size = 4,
                    .a_count = 1,
                    .b_count = 1};
    call.a[0] = (IpcBuffer){(uintptr_t)argument, size};
    call.b[0] = (IpcBuffer){(uintptr_t)argument, size};
    const uint32_t result = ipc_call(nvdrv, &call);
    return result != 0 ? result : error;
}

// Colour bars over the top two thirds, a grey ramp below: easy to check pixel by pixel.
static void DrawTestCard(uint32_t* pixels) {
    static const uint32_t kBars[] = {0xffffffff, 0xff00ffff, 0xffffff00, 0xff00ff00,
                                     0xffff00ff, 0xff0000ff, 0xffff0000, 0xff000000};
    for (int y = 0; y < kHeight; ++y) {
        for (int x = 0; x < kWidth; ++x) {
            uint32_t colour;
            if (y < kHeight * 2 / 3) {
                colour = kBars[x * 8 / kWidth];  // ABGR in memory: R, G, B, A bytes
            } else {
                const uint32_t grey = (uint32_t)(x * 255 / (kWidth - 1));
                colour = 0xff000000 | grey << 16 | grey << 8 | grey;
            }
            pixels[y * kWidth + x] = colour;
        }
    }
}

uint32_t ShowDemoFrame(void) {
    Handle sm = 0;
    TRY(svcConnectToNamedPort(&sm, "sm:"));
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    TRY(ipc_call(sm, &hello));
    const Handle vi = OpenService(sm, "vi:m");
    const Handle nvdrv = OpenService(sm, "nvdrv");
    svcCloseHandle(sm);
    if (vi == 0 || nvdrv == 0) {
        printf("display: vi:m or nvdrv missing\n");
        return 1;
    }

    // vi: the display service, its relay, the Default display and a stray layer on it.
    const uint32_t policy = 1;
    IpcCall root = {.command = 2, .in = &policy, .in_size = 4};
    TRY(ipc_call(vi, &root));
    const Handle display_service = root.handles[0];
    IpcCall get_relay = {.command = 100};
    TRY(ipc_call(display_service, &get_relay));
    const Handle relay = get_relay.handles[0];
    char name[0x40] = "Default";
    uint64_t display = 0;
    IpcCall open_display = {
        .command = 1010, .in = name, .in_size = sizeof(name), .out = &display, .out_size = 8};
    TRY(ipc_call(display_service, &open_display));
    static uint8_t window[0x100];
    const struct {
        uint32_t flags;
        uint32_t padding;
        uint64_t display;
    } stray_in = {0, 0, display};
    uint64_t stray_out[2] = {0};
    IpcCall stray = {.command = 2030,
                     .in = &stray_in,
                     .in_size = sizeof(stray_in),
                     .out = stray_out,
                     .out_size = sizeof(stray_out),
                     .b_count = 1};
    stray.b[0] = (IpcBuffer){(uintptr_t)window, sizeof(window)};
    TRY(ipc_call(display_service, &stray));
    const int32_t binder = (int32_t)ReplyWord(window, 2);

    // nvdrv: initialised with transfer memory; the frame is an nvmap object over our memory.
    void* transfer = aligned_alloc(0x1000, kTransferMemorySize);
    Handle transfer_handle = 0;
    TRY(svcCreateTransferMemory(&transfer_handle, transfer, kTransferMemorySize, 0));
    const uint32_t transfer_size = kTransferMemorySize;
    uint32_t error = 0;
    IpcCall initialize = {.command = 3,
                          .in = &transfer_size,
                          .in_size = 4,
                          .out = &error,
                          .out_size = 4,
                          .copy_count = 2};
    initialize.copy_handles[0] = CUR_PROCESS_HANDLE;
    initialize.copy_handles[1] = transfer_handle;
    TRY(ipc_call(nvdrv, &initialize));
    TRY(error);
    static const char kNvmap[] = "/dev/nvmap";
    uint32_t open_out[2] = {0};
    IpcCall open_nvmap = {.command = 0, .out = open_out, .out_size = 8, .a_count = 1};
    open_nvmap.a[0] = (IpcBuffer){(uintptr_t)kNvmap, sizeof(kNvmap) - 1};
    TRY(ipc_call(nvdrv, &open_nvmap));
    TRY(open_out[1]);
    const uint32_t nvmap = open_out[0];
    uint32_t* pixels = aligned_alloc(0x1000, kFrameSize);
    uint32_t create[2] = {kFrameSize, 0};
    TRY(NvIoctl(nvdrv, nvmap, 0xC0080101, create, sizeof(create)));
    struct {
        uint32_t handle, heap_mask, flags, align;
        uint8_t kind, padding[7];
        uint64_t address;
    } alloc = {create[1], 0, 1, 0x1000, 0, {0}, (uintptr_t)pixels};
    TRY(NvIoctl(nvdrv, nvmap, 0xC0200104, &alloc, sizeof(alloc)));
    uint32_t get_id[2] = {0, create[1]};
    TRY(NvIoctl(nvdrv, nvmap, 0xC008010E, get_id, sizeof(get_id)));

    // The buffer queue: connect, hand it the buffer (pitch-linear RGBA8), draw, queue it.
    static uint8_t reply[kParcelSize];
    Parcel parcel = {0};
    PutToken(&parcel);
    PutU32(&parcel, 0);  // no producer listener
    PutU32(&parcel, 2);  // the CPU draws
    PutU32(&parcel, 0);
    TRY(Transact(relay, binder, 10, &parcel, reply));
    static uint8_t buffer[0x16c];
    const uint32_t fields[][2] = {
        {0, 0x47424652}, {4, kWidth}, {8, kHeight},      {12, kWidth},     {16, 1},
        {20, 0xb00},     {36, 81},    {44, get_id[0]},   {52, 0xdaffcaff}, {92, kWidth},
        {96, kHeight},   {108, 1},    {112, kWidth * 4}, {120, 0},         {148, kFrameSize},
    };
    for (unsigned i = 0; i < sizeof(fields) / sizeof(fields[0]); ++i) {
        memcpy(buffer + fields[i][0], &fields[i][1], 4);
    }
    parcel = (Parcel){0};
    PutToken(&parcel);
    PutU32(&parcel, 0);  // slot
    PutU32(&parcel, 1);  // with a buffer
    PutFlattened(&parcel, buffer, sizeof(buffer));
    TRY(Transact(relay, binder, 14, &parcel, reply));
    parcel = (Parcel){0};
    PutToken(&parcel);
    const uint32_t dequeue[] = {0, kWidth, kHeight, 1, 0xb00};
    for (unsigned i = 0; i < 5; ++i) {
        PutU32(&parcel, dequeue[i]);
    }
    TRY(Transact(relay, binder, 3, &parcel, reply));
    const uint32_t slot = ReplyWord(reply, 0);
    DrawTestCard(pixels);
    parcel = (Parcel){0};
    PutToken(&parcel);
    PutU32(&parcel, slot);
    uint8_t input[0x54] = {0};
    const uint32_t swap_interval = 1;
    memcpy(input + 0x2c, &swap_interval, 4);
    PutFlattened(&parcel, input, sizeof(input));
    TRY(Transact(relay, binder, 7, &parcel, reply));
    printf("display: presented a %dx%d test card through vi (binder %d, slot %u)\n", kWidth,
           kHeight, binder, slot);
    return 0;
}
