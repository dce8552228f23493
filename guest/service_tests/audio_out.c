// audout:u playing a known signal, for tests/integration/audio_capture_test.cpp to find in
// --audio-out's capture: a 440 Hz sine in s16 stereo (left amplitude 12000, right 6000), two
// 100 ms buffers back to back, 150 ms of nothing after they were released, then the first
// buffer's 100 ms again. It prints how many guest ticks after the first buffer it appended the
// third, which the capture must show as the distance between them.
//
// Commands as libnx's services/audout.c sends them before 3.0.0 (map-alias buffers): audout:u
// 1 OpenAudioOut; IAudioOut 1 Start, 2 Stop, 3 AppendAudioOutBuffer, 4 RegisterBufferEvent,
// 5 GetReleasedAudioOutBuffers, 10 GetAudioOutPlayedSampleCount.

#include <string.h>

#include "service_client.h"
#include "sine_of_phase.h"

#define TICKS_PER_SECOND 19200000ull
#define RATE 48000
#define FRAMES 4800  // 100 ms

// libnx's AudioOutBuffer.
typedef struct {
    uint64_t next;
    uint64_t buffer;
    uint64_t buffer_size;
    uint64_t data_size;
    uint64_t data_offset;
} AudioOutBuffer;

static int16_t g_first[FRAMES * 2] __attribute__((aligned(0x1000)));
static int16_t g_second[FRAMES * 2] __attribute__((aligned(0x1000)));

static int16_t Rounded(double value) {
    return (int16_t)(value < 0 ? value - 0.5 : value + 0.5);
}

// Frames [first, first + FRAMES) of the signal.
static void Fill(int16_t* pcm, int first) {
    for (int i = 0; i < FRAMES; ++i) {
        const double s = SineOfPhase((int)((440ll * (first + i)) % RATE), RATE);
        pcm[i * 2] = Rounded(12000 * s);
        pcm[i * 2 + 1] = Rounded(6000 * s);
    }
}

static void Append(Handle out, AudioOutBuffer* buffer, int16_t* pcm) {
    *buffer = (AudioOutBuffer){0, (uintptr_t)pcm, sizeof(g_first), FRAMES * 4, 0};
    const uint64_t tag = (uintptr_t)buffer;
    IpcCall call = {.command = 3,
                    .in = &tag,
                    .in_size = 8,
                    .a_count = 1,
                    .a = {{(uintptr_t)buffer, sizeof(*buffer)}}};
    CHECK_RESULT(ipc_call(out, &call), 0);
}

// Waits for the buffer event until `count` buffers were released, checking their tags.
static void WaitReleased(Handle out, Handle event, AudioOutBuffer** expected, int count) {
    int released = 0;
    const uint64_t deadline = svcGetSystemTick() + 2 * TICKS_PER_SECOND;
    while (released < count && svcGetSystemTick() < deadline) {
        int32_t index = -1;
        if (svcWaitSynchronization(&index, &event, 1, 100000000) != 0) {
            continue;
        }
        svcResetSignal(event);
        uint64_t tags[4] = {0};
        uint32_t got = 0;
        IpcCall call = {.command = 5,
                        .out = &got,
                        .out_size = 4,
                        .b_count = 1,
                        .b = {{(uintptr_t)tags, sizeof(tags)}}};
        CHECK_RESULT(ipc_call(out, &call), 0);
        for (uint32_t i = 0; i < got && released < count; ++i) {
            CHECK(tags[i] == (uintptr_t)expected[released]);
            ++released;
        }
    }
    CHECK(released == count);
}

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle audout = OpenService(sm, "audout:u");
    static char name_in[0x100], name_out[0x100];
    const struct {
        uint32_t sample_rate;
        uint32_t channel_count;
        uint64_t pid;
    } open_in = {RATE, 2 << 16, 0};
    uint32_t opened[4] = {0};  // rate, channels, PCM format, state
    IpcCall open = {.command = 1,
                    .send_pid = true,
                    .in = &open_in,
                    .in_size = sizeof(open_in),
                    .out = opened,
                    .out_size = sizeof(opened),
                    .a_count = 1,
                    .a = {{(uintptr_t)name_in, sizeof(name_in)}},
                    .b_count = 1,
                    .b = {{(uintptr_t)name_out, sizeof(name_out)}},
                    .copy_handles = {CUR_PROCESS_HANDLE},
                    .copy_count = 1};
    CHECK_RESULT(ipc_call(audout, &open), 0);
    CHECK(open.handle_count == 1);
    const Handle out = open.handles[0];
    CHECK(opened[0] == RATE && opened[1] == 2 && opened[2] == 2 && opened[3] == 1);
    CHECK(strcmp(name_out, "DeviceOut") == 0);

    IpcCall event_call = {.command = 4};
    CHECK_RESULT(ipc_call(out, &event_call), 0);
    const Handle event = event_call.handles[0];
    IpcCall start = {.command = 1};
    CHECK_RESULT(ipc_call(out, &start), 0);

    Fill(g_first, 0);
    Fill(g_second, FRAMES);
    static AudioOutBuffer first, second, third;
    const uint64_t first_tick = svcGetSystemTick();
    Append(out, &first, g_first);
    Append(out, &second, g_second);
    AudioOutBuffer* two[] = {&first, &second};
    WaitReleased(out, event, two, 2);

    // Nothing plays for 150 ms; then the first 100 ms of the signal again.
    svcSleepThread(150000000);
    const uint64_t third_tick = svcGetSystemTick();
    Append(out, &third, g_first);
    AudioOutBuffer* one[] = {&third};
    WaitReleased(out, event, one, 1);

    uint64_t played = 0;
    IpcCall count = {.command = 10, .out = &played, .out_size = 8};
    CHECK_RESULT(ipc_call(out, &count), 0);
    CHECK(played == 3 * FRAMES);
    IpcCall stop = {.command = 2};
    CHECK_RESULT(ipc_call(out, &stop), 0);
    printf("audio_out: the third buffer was appended %llu ticks after the first\n",
           (unsigned long long)(third_tick - first_tick));
    svcSleepThread(50000000);  // the output runs on after the last sound
    svcCloseHandle(event);
    svcCloseHandle(out);
    svcCloseHandle(audout);
    svcCloseHandle(sm);
    return check_summary("audio_out");
}
