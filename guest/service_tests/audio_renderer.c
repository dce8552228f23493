// audren:u mixing known signals, for tests/integration/audio_renderer_capture_test.cpp to find
// in --audio-out's capture. Opened as libnx's audrv opens it (48 kHz, 240 samples a frame, 24
// voices, 1 sink, the final mix with 2 buffers, REV5), one memory pool holding:
//   - a 440 Hz PCM16 sine of amplitude 12000, 9600 samples, played as two wave buffers by
//     voice 0 into the left buffer of the final mix;
//   - the same length of a 220 Hz sine of amplitude 6000 encoded here as DSP-ADPCM (one
//     coefficient pair predicting 2 h0 - h1, scale 0: each nibble is the rounded error, so the
//     decoded samples stay within 1 of the sine), from a starting context that continues the
//     sine backwards, played by voice 1 into the right buffer;
// a device sink takes the two buffers. The program starts the renderer, updates after every
// frame's event and checks what it reads back: played samples and wave buffers consumed. Then
// it waits 100 ms, queues the sine's first half again and prints how many ticks after the
// start it did, which the capture must show as the distance between the sounds.
//
// Layouts: libnx services/audren.h (the update's records) and audio/driver.c (what audrv
// sends); commands: audren:u 0 OpenAudioRenderer, 1 GetWorkBufferSize; IAudioRenderer
// 4 RequestUpdate, 5 Start, 6 Stop, 7 QuerySystemEvent.

#include <string.h>

#include "service_client.h"
#include "sine_of_phase.h"

#define TICKS_PER_SECOND 19200000ull
#define RATE 48000
#define SAMPLES 9600  // 200 ms
#define HALF (SAMPLES / 2)
#define ADPCM_FRAMES ((SAMPLES + 13) / 14)
#define VOICES 24
#define POOLS (VOICES * 4)
#define REV5 0x35564552u

typedef struct {
    uint32_t sample_rate, sample_count, mix_buffer_count, sub_mix_count, voice_count, sink_count,
        effect_count, performance_frame_count;
    uint8_t voice_drop, unknown, rendering_device, execution_mode;
    uint32_t splitter_count, splitter_destination_count, external_context_size, revision;
} Parameters;

typedef struct {
    uint32_t revision, behaviour, pools, voices, channels, effects, mixes, sinks, performance;
    uint32_t padding[6];
    uint32_t total;
} Header;

typedef struct {
    uint64_t address, size;
    uint32_t state, padding[3];
} PoolIn;

typedef struct {
    uint32_t id;
    float mix[24];
    uint8_t in_use, padding[11];
} ChannelIn;

typedef struct {
    uint64_t address, size;
    int32_t start, end;
    uint8_t loop, end_of_stream, sent_to_server, padding[5];
    uint64_t context, context_size, padding2;
} WaveBuf;

typedef struct {
    uint32_t id, node_id;
    uint8_t is_new, in_use, state, format;
    uint32_t sample_rate, priority, sorting_order, channel_count;
    float pitch, volume;
    uint8_t biquads[2][12];
    uint32_t wavebuf_count;
    int16_t wavebuf_head;
    uint16_t padding1;
    uint32_t padding2;
    uint64_t extra, extra_size;
    uint32_t mix_id, splitter_id;
    WaveBuf wavebufs[4];
    uint32_t channel_ids[6];
    uint8_t padding3[24];
} VoiceIn;

typedef struct {
    float volume;
    uint32_t sample_rate, buffer_count;
    uint8_t in_use, padding1[3];
    uint32_t mix_id, padding2, node_id, padding3[2];
    float mix[24][24];
    uint32_t destination_mix, destination_splitter, padding4;
} MixIn;

typedef struct {
    uint8_t type, in_use, padding1[2];
    uint32_t node_id;
    uint64_t padding2[3];
    char name[256];
    uint32_t input_count;
    uint8_t inputs[6], padding3, downmix_enabled;
    float downmix[4];
    uint8_t padding4[0x140 - 0x20 - 0x11C];
} SinkIn;

typedef struct {
    Header header;
    uint32_t behaviour_revision, padding;
    uint64_t behaviour_flags;
    PoolIn pools[POOLS];
    ChannelIn channels[VOICES];
    VoiceIn voices[VOICES];
    MixIn mix;
    SinkIn sink;
    uint32_t performance[4];
} UpdateIn;

typedef struct {
    uint64_t played;
    uint32_t consumed, drops;
} VoiceOut;

typedef struct {
    Header header;
    uint32_t pools[POOLS][4];
    VoiceOut voices[VOICES];
    uint32_t sink[8];
    uint32_t performance[4];
    uint32_t behaviour[44];
    uint64_t elapsed_frames, padding;
} UpdateOut;

_Static_assert(sizeof(ChannelIn) == 0x70, "channel");
_Static_assert(sizeof(VoiceIn) == 0x170, "voice");
_Static_assert(sizeof(MixIn) == 0x930, "mix");
_Static_assert(sizeof(SinkIn) == 0x140, "sink");

// The pool: the PCM16 sine, the ADPCM data, its coefficients.
typedef struct {
    int16_t sine[SAMPLES];
    uint8_t adpcm[ADPCM_FRAMES * 8];
    // The ADPCM voice's parameters: coefficients then its starting context (predictor/scale,
    // history0, history1), as the SDK's AdpcmParameter holds them.
    int16_t coefficients[16] __attribute__((aligned(0x40)));
    uint16_t context_header;
    int16_t context_history[2];
} PoolData;

// The pool is whole pages, as memory pools are (AUDREN_MEMPOOL_ALIGNMENT).
#define POOL_SIZE ((sizeof(PoolData) + 0xFFF) & ~0xFFFull)
static union {
    PoolData data;
    uint8_t bytes[POOL_SIZE];
} g_pool_pages __attribute__((aligned(0x1000)));
#define g_pool (g_pool_pages.data)
static uint8_t g_work[0x100000] __attribute__((aligned(0x1000)));
static UpdateIn g_in __attribute__((aligned(0x1000)));
static UpdateOut g_out __attribute__((aligned(0x40)));
static uint8_t g_performance[0x1000] __attribute__((aligned(0x40)));

static int Rounded(double value) {
    return (int)(value < 0 ? value - 0.5 : value + 0.5);
}

static void FillPool(void) {
    for (int i = 0; i < SAMPLES; ++i) {
        g_pool.sine[i] = (int16_t)Rounded(12000 * SineOfPhase((int)((440ll * i) % RATE), RATE));
    }
    // Pair 0 predicts 2 h0 - h1 (Q11: 4096, -2048); every frame at scale 0.
    g_pool.coefficients[0] = 4096;
    g_pool.coefficients[1] = -2048;
    // The decoder starts from the sine's samples -1 and -2, so the first prediction follows it.
    int h0 = -Rounded(6000 * SineOfPhase(220, RATE)), h1 = -Rounded(6000 * SineOfPhase(440, RATE));
    g_pool.context_header = 0x00;
    g_pool.context_history[0] = (int16_t)h0;
    g_pool.context_history[1] = (int16_t)h1;
    for (int i = 0; i < ADPCM_FRAMES * 14; ++i) {
        const int target =
            i < SAMPLES ? Rounded(6000 * SineOfPhase((int)((220ll * i) % RATE), RATE)) : 0;
        const int predicted = 2 * h0 - h1;
        int nibble = target - predicted;
        nibble = nibble < -8 ? -8 : nibble > 7 ? 7 : nibble;
        uint8_t* byte = &g_pool.adpcm[(i / 14) * 8 + 1 + (i % 14) / 2];
        if (i % 14 == 0) {
            g_pool.adpcm[(i / 14) * 8] = 0x00;
        }
        *byte = (i % 2 == 0) ? (uint8_t)((nibble & 0xF) << 4) : (uint8_t)(*byte | (nibble & 0xF));
        h1 = h0;
        h0 = predicted + nibble;
    }
}

static void SetWaveBuf(WaveBuf* buffer, const void* data, uint64_t size, int32_t end) {
    *buffer = (WaveBuf){.address = (uintptr_t)data, .size = size, .start = 0, .end = end};
}

static void BuildInitialUpdate(void) {
    memset(&g_in, 0, sizeof(g_in));
    g_in.header = (Header){.revision = REV5,
                           .behaviour = 0x10,
                           .pools = sizeof(g_in.pools),
                           .voices = sizeof(g_in.voices),
                           .channels = sizeof(g_in.channels),
                           .mixes = sizeof(g_in.mix),
                           .sinks = sizeof(g_in.sink),
                           .performance = sizeof(g_in.performance),
                           .total = sizeof(g_in)};
    g_in.behaviour_revision = REV5;
    g_in.pools[0] = (PoolIn){(uintptr_t)&g_pool, POOL_SIZE, 4 /* RequestAttach */, {0}};
    for (int v = 0; v < 2; ++v) {
        g_in.channels[v].id = v;
        g_in.channels[v].in_use = 1;
        g_in.channels[v].mix[v] = 1.0f;  // voice 0 to the left buffer, voice 1 to the right
        VoiceIn* voice = &g_in.voices[v];
        voice->id = v;
        voice->node_id = 0x10000000u | v;
        voice->is_new = 1;
        voice->in_use = 1;
        voice->state = 0;  // started
        voice->sample_rate = RATE;
        voice->priority = 64;
        voice->channel_count = 1;
        voice->pitch = 1.0f;
        voice->volume = 1.0f;
        voice->mix_id = 0;
        voice->splitter_id = 0xFFFFFFFFu;
        voice->channel_ids[0] = v;
        for (int b = 0; b < 4; ++b) {
            voice->wavebufs[b].sent_to_server = 1;
        }
    }
    for (int v = 2; v < VOICES; ++v) {  // as audrv numbers its unused voices and channels
        g_in.voices[v].id = v;
        g_in.channels[v].id = v;
    }
    g_in.voices[0].format = 2;  // PCM16
    SetWaveBuf(&g_in.voices[0].wavebufs[0], g_pool.sine, HALF * 2, HALF);
    SetWaveBuf(&g_in.voices[0].wavebufs[1], g_pool.sine + HALF, HALF * 2, HALF);
    g_in.voices[0].wavebuf_count = 2;
    g_in.voices[1].format = 6;  // ADPCM
    g_in.voices[1].extra = (uintptr_t)g_pool.coefficients;
    g_in.voices[1].extra_size = sizeof(g_pool.coefficients) + 6;
    SetWaveBuf(&g_in.voices[1].wavebufs[0], g_pool.adpcm, sizeof(g_pool.adpcm), SAMPLES);
    g_in.voices[1].wavebuf_count = 1;
    g_in.mix = (MixIn){.volume = 1.0f,
                       .sample_rate = RATE,
                       .buffer_count = 2,
                       .in_use = 1,
                       .mix_id = 0,
                       .node_id = 0x20000000u,
                       .destination_mix = 0x7FFFFFFFu,
                       .destination_splitter = 0xFFFFFFFFu};
    g_in.sink.type = 1;  // device
    g_in.sink.in_use = 1;
    g_in.sink.node_id = 0x30000000u;
    strcpy(g_in.sink.name, "MainAudioOut");
    g_in.sink.input_count = 2;
    g_in.sink.inputs[0] = 0;
    g_in.sink.inputs[1] = 1;
}

static void Update(Handle renderer) {
    IpcCall call = {.command = 4,
                    .a_count = 1,
                    .a = {{(uintptr_t)&g_in, sizeof(g_in)}},
                    .b_count = 2,
                    .b = {{(uintptr_t)&g_out, sizeof(g_out)},
                          {(uintptr_t)g_performance, sizeof(g_performance)}}};
    CHECK_RESULT(ipc_call(renderer, &call), 0);
    // What libnx's audrv does after each update: nothing is new any more, every wave buffer
    // has been sent.
    for (int v = 0; v < 2; ++v) {
        g_in.voices[v].is_new = 0;
        for (int b = 0; b < 4; ++b) {
            g_in.voices[v].wavebufs[b].sent_to_server = 1;
        }
    }
    g_in.pools[0].state = 0;
}

// Waits for the next frame's event (up to 100 ms) and updates; false when none came.
static bool NextFrame(Handle renderer, Handle event) {
    int32_t index = -1;
    if (svcWaitSynchronization(&index, &event, 1, 100000000) != 0) {
        return false;
    }
    svcResetSignal(event);
    Update(renderer);
    return true;
}

// Updates after each frame until voice 0 has consumed `consumed0` buffers (and voice 1
// `consumed1`) or two seconds passed; returns the frames waited.
static int PlayUntil(Handle renderer, Handle event, uint32_t consumed0, uint32_t consumed1) {
    int frames = 0;
    const uint64_t deadline = svcGetSystemTick() + 2 * TICKS_PER_SECOND;
    while ((g_out.voices[0].consumed < consumed0 || g_out.voices[1].consumed < consumed1) &&
           svcGetSystemTick() < deadline) {
        frames += NextFrame(renderer, event);
    }
    return frames;
}

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle audren = OpenService(sm, "audren:u");
    FillPool();

    const Parameters parameters = {.sample_rate = RATE,
                                   .sample_count = 240,
                                   .mix_buffer_count = 2,
                                   .voice_count = VOICES,
                                   .sink_count = 1,
                                   .revision = REV5};
    uint64_t work_size = 0;
    IpcCall size_call = {.command = 1,
                         .in = &parameters,
                         .in_size = sizeof(parameters),
                         .out = &work_size,
                         .out_size = 8};
    CHECK_RESULT(ipc_call(audren, &size_call), 0);
    CHECK(work_size > 0 && work_size <= sizeof(g_work));
    Handle work = 0;
    CHECK_RESULT(svcCreateTransferMemory(&work, g_work, sizeof(g_work), 0), 0);
    const struct {
        Parameters parameters;
        uint32_t padding;
        uint64_t work_size;
        uint64_t aruid;
    } open_in = {parameters, 0, work_size, 0};
    IpcCall open = {.command = 0,
                    .send_pid = true,
                    .in = &open_in,
                    .in_size = sizeof(open_in),
                    .copy_handles = {work, CUR_PROCESS_HANDLE},
                    .copy_count = 2};
    CHECK_RESULT(ipc_call(audren, &open), 0);
    CHECK(open.handle_count == 1);
    const Handle renderer = open.handles[0];
    IpcCall event_call = {.command = 7};
    CHECK_RESULT(ipc_call(renderer, &event_call), 0);
    const Handle event = event_call.handles[0];

    BuildInitialUpdate();
    Update(renderer);
    CHECK(g_out.header.revision >= REV5);
    CHECK(g_out.pools[0][0] == 5);  // attached
    CHECK(g_out.voices[0].played == 0 && g_out.voices[0].consumed == 0);
    const uint64_t start_tick = svcGetSystemTick();
    IpcCall start = {.command = 5};
    CHECK_RESULT(ipc_call(renderer, &start), 0);

    // 200 ms is 40 frames; the loop runs one update a frame.
    const int frames = PlayUntil(renderer, event, 2, 1);
    CHECK(frames > 0 && frames <= 44);  // fewer when the host was late and frames ran together
    CHECK(g_out.voices[0].consumed == 2);
    CHECK(g_out.voices[1].consumed == 1);
    CHECK(g_out.voices[0].played == SAMPLES);
    CHECK(g_out.voices[1].played == SAMPLES);
    CHECK(g_out.voices[0].drops == 0);
    CHECK(g_out.elapsed_frames >= 40);
    // The unused voices played nothing.
    CHECK(g_out.voices[2].played == 0 && g_out.voices[2].consumed == 0);

    // 100 ms of nothing, then the sine's first half again in slot 2.
    svcSleepThread(100000000);
    const uint64_t third_tick = svcGetSystemTick();
    SetWaveBuf(&g_in.voices[0].wavebufs[2], g_pool.sine, HALF * 2, HALF);
    g_in.voices[0].wavebuf_count = 1;
    g_in.voices[0].wavebuf_head = 2;
    Update(renderer);
    PlayUntil(renderer, event, 3, 1);
    CHECK(g_out.voices[0].consumed == 3);
    CHECK(g_out.voices[0].played == SAMPLES + HALF);
    // A buffer is consumed when its last sample is taken; the resampler plays that sample
    // two samples later, in the next frame, which plays before the renderer stops.
    CHECK(NextFrame(renderer, event));

    IpcCall stop = {.command = 6};
    CHECK_RESULT(ipc_call(renderer, &stop), 0);
    printf("audio_renderer: the third buffer was queued %llu ticks after the start\n",
           (unsigned long long)(third_tick - start_tick));
    svcSleepThread(50000000);  // the output runs on after the last sound
    svcCloseHandle(event);
    svcCloseHandle(renderer);
    svcCloseHandle(work);
    svcCloseHandle(audren);
    svcCloseHandle(sm);
    return check_summary("audio_renderer");
}
