// The host class's semaphores and syncpoints, executed by a channel over host memory; values
// from the class headers' definitions (OGD clb06f.h SEMAPHORED, clc56f.h SEM_EXECUTE).

#include <gtest/gtest.h>

#include "gpu/gpu_scheduler.h"
#include "gpu/gpu_timer.h"
#include "gpu_test_rig.h"

namespace {

using namespace gpu_test;

constexpr u32 kSemaphoreA = 0x10 / 4;
constexpr u32 kSemAddrLo = 0x5C / 4;
constexpr u32 kSyncpointA = 0x70 / 4;
constexpr u32 kSyncpointB = 0x74 / 4;

// B06F SEMAPHORED: operation 4:0, RELEASE_SIZE 24 (1: 4 bytes), reduction 30:27, format 31.
constexpr u32 kAcquire = 1, kRelease = 2, kAcquireGeq = 4, kAcquireAnd = 8, kReduction = 16;
constexpr u32 kFourBytes = 1u << 24;
constexpr u32 kUnsigned = 1u << 31;

std::vector<u32> Semaphore(u64 address, u32 payload, u32 operation) {
    std::vector<u32> words;
    Method(words, 0, kSemaphoreA, {High(address), Low(address), payload, operation});
    return words;
}

// C56F SEM_EXECUTE: operation 2:0, PAYLOAD_SIZE 24 (1: 64-bit), RELEASE_TIMESTAMP 25.
std::vector<u32> SemExecute(u64 address, u64 payload, u32 operation) {
    std::vector<u32> words;
    Method(words, 0, kSemAddrLo,
           {Low(address), High(address), Low(payload), static_cast<u32>(payload >> 32), operation});
    return words;
}

TEST(HostSemaphores, FourAndSixteenByteReleases) {
    Rig rig;
    const u64 at = Rig::kData;
    rig.Put<u64>(at + 8, 0xDEAD'BEEF'DEAD'BEEF);
    EXPECT_EQ(rig.Execute(Semaphore(at, 0x1234'5678, kRelease | kFourBytes)),
              gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(at), 0x1234'5678u);
    EXPECT_EQ(rig.Get<u64>(at + 8), 0xDEAD'BEEF'DEAD'BEEFull);  // 4 bytes only
    const u64 before = gpu::GpuTimerNanoseconds();
    rig.Put<u32>(at + 0x104, 0xFFFF'FFFF);
    EXPECT_EQ(rig.Execute(Semaphore(at + 0x100, 7, kRelease)), gpu::ChannelProgress::Idle);
    const u64 after = gpu::GpuTimerNanoseconds();
    EXPECT_EQ(rig.Get<u32>(at + 0x100), 7u);
    EXPECT_EQ(rig.Get<u32>(at + 0x104), 0u);
    EXPECT_GE(rig.Get<u64>(at + 0x108), before);
    EXPECT_LE(rig.Get<u64>(at + 0x108), after);
}

TEST(HostSemaphores, AcquiresWaitUntilMemorySatisfiesThem) {
    struct Case {
        u32 operation;
        u32 payload;
        u32 unsatisfied;
        u32 satisfied;
    };
    const Case cases[] = {
        {kAcquire, 5, 4, 5},
        {kAcquireGeq, 6, 5, 7},
        {kAcquireGeq, 0xFFFF'FFFF, 0xFFFF'FFFE, 1},  // compared modulo 2^32: 1 is after -1
        {kAcquireAnd, 0b0110, 0b1001, 0b0100},
    };
    for (const Case& c : cases) {
        Rig rig;
        const u64 at = Rig::kData;
        rig.Put<u32>(at, c.unsatisfied);
        std::vector<u32> words = Semaphore(at, c.payload, c.operation);
        const auto release = Semaphore(at + 0x10, 1, kRelease | kFourBytes);
        words.insert(words.end(), release.begin(), release.end());
        EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Stalled) << c.operation;
        EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Stalled);
        EXPECT_EQ(rig.Get<u32>(at + 0x10), 0u);  // the release after it waits too
        rig.Put<u32>(at, c.satisfied);
        EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Idle) << c.operation;
        EXPECT_EQ(rig.Get<u32>(at + 0x10), 1u);
    }
}

TEST(HostSemaphores, Reductions) {
    struct Case {
        u32 reduction;
        bool is_unsigned;
        u32 memory;
        u32 payload;
        u32 result;
    };
    const Case cases[] = {
        {0, false, 0xFFFF'FFFF, 3, 0xFFFF'FFFF},  // MIN signed: -1
        {0, true, 0xFFFF'FFFF, 3, 3},             // MIN unsigned
        {1, false, 0xFFFF'FFFF, 3, 3},            // MAX signed
        {1, true, 0xFFFF'FFFF, 3, 0xFFFF'FFFF},   // MAX unsigned
        {2, true, 0b1100, 0b1010, 0b0110},        // XOR
        {3, true, 0b1100, 0b1010, 0b1000},        // AND
        {4, true, 0b1100, 0b1010, 0b1110},        // OR
        {5, true, 0xFFFF'FFFF, 2, 1},             // ADD wraps
        {6, true, 3, 5, 4},                       // INC
        {6, true, 5, 5, 0},                       // INC wraps at the payload
        {7, true, 3, 5, 2},                       // DEC
        {7, true, 0, 5, 5},                       // DEC from 0 gives the payload
        {7, true, 9, 5, 5},                       // and from above it
    };
    for (const Case& c : cases) {
        Rig rig;
        rig.Put<u32>(Rig::kData, c.memory);
        const u32 operation =
            kReduction | kFourBytes | (c.reduction << 27) | (c.is_unsigned ? kUnsigned : 0);
        EXPECT_EQ(rig.Execute(Semaphore(Rig::kData, c.payload, operation)),
                  gpu::ChannelProgress::Idle);
        EXPECT_EQ(rig.Get<u32>(Rig::kData), c.result) << c.reduction << " " << c.memory;
    }
}

TEST(HostSemaphores, AmpereSemExecuteForms) {
    Rig rig(0xC76F);
    const u64 at = Rig::kData;
    // RELEASE 32-bit, 64-bit, and with the timestamp.
    rig.Put<u64>(at, ~u64{0});
    rig.Execute(SemExecute(at, 0x1'2345'6789, 1));
    EXPECT_EQ(rig.Get<u64>(at), 0xFFFF'FFFF'2345'6789ull);
    rig.Execute(SemExecute(at + 0x10, 0x1'2345'6789, 1 | (1u << 24)));
    EXPECT_EQ(rig.Get<u64>(at + 0x10), 0x1'2345'6789ull);
    rig.Execute(SemExecute(at + 0x20, 9, 1 | (1u << 25)));
    EXPECT_EQ(rig.Get<u32>(at + 0x20), 9u);
    EXPECT_GT(rig.Get<u64>(at + 0x28), 0u);
    // REDUCTION: a 64-bit unsigned ADD.
    rig.Put<u64>(at + 0x30, 0xFFFF'FFFF);
    rig.Execute(SemExecute(at + 0x30, 1, 6 | (1u << 24) | (5u << 27) | (1u << 31)));
    EXPECT_EQ(rig.Get<u64>(at + 0x30), 0x1'0000'0000ull);
    // The acquires, each unsatisfied then satisfied.
    struct Case {
        u32 operation;
        u64 payload;
        u64 unsatisfied;
        u64 satisfied;
    };
    const Case acquires[] = {
        {0, 5, 4, 5},            // ACQUIRE: equal
        {2, 6, 5, 0xFFFF'FFFF},  // ACQ_STRICT_GEQ: no wrap (circular would wait)
        {2, 6, 5, 6},
        {3, 0xFFFF'FFFF, 0xFFFF'FFF0, 2},            // ACQ_CIRC_GEQ: modulo 2^32
        {4, 0b0110, 0b1001, 0b0010},                 // ACQ_AND
        {5, 0xFFFF'FFF0, 0xFFFF'FFFF, 0x0000'0001},  // ACQ_NOR: some bit clear in both
    };
    for (const Case& c : acquires) {
        Rig acquiring(0xC76F);
        acquiring.Put<u32>(at, static_cast<u32>(c.unsatisfied));
        EXPECT_EQ(acquiring.Execute(SemExecute(at, c.payload, c.operation)),
                  gpu::ChannelProgress::Stalled)
            << c.operation;
        acquiring.Put<u32>(at, static_cast<u32>(c.satisfied));
        EXPECT_EQ(acquiring.channel->Run(), gpu::ChannelProgress::Idle) << c.operation;
    }
}

TEST(HostSemaphores, AnAcquireIsSatisfiedByAnotherChannelsRelease) {
    Rig rig;
    auto other = std::make_shared<gpu::Channel>(ChannelSetupFor(2, 0xB06F, rig.syncpoints));
    other->BindMemory(rig.memory);
    const u64 flag = Rig::kData;
    const u64 result = Rig::kData + 0x40;
    std::vector<u32> waits = Semaphore(flag, 1, kAcquire);
    const auto then = Semaphore(result, 7, kRelease | kFourBytes);
    waits.insert(waits.end(), then.begin(), then.end());
    const u64 waiting = rig.Segment(waits);
    const u64 releasing = rig.Segment(Semaphore(flag, 1, kRelease | kFourBytes));
    gpu::GpuScheduler scheduler;
    // The waiting channel comes first; the GPU passes over it to the other and back.
    scheduler.Submit(rig.channel, gpu::Submission{{}, {waiting}, {}});
    scheduler.Submit(other, gpu::Submission{{}, {releasing}, {}});
    ASSERT_TRUE(scheduler.WaitIdle(std::chrono::seconds(5)));
    EXPECT_EQ(rig.Get<u32>(flag), 1u);
    EXPECT_EQ(rig.Get<u32>(result), 7u);
}

TEST(HostSemaphores, AnAcquireThatNeverComesIsPassedAfterTheLimit) {
    Rig rig(0xB06F, std::chrono::milliseconds(0));
    std::vector<u32> words = Semaphore(Rig::kData, 1, kAcquire);
    const auto then = Semaphore(Rig::kData + 0x40, 3, kRelease | kFourBytes);
    words.insert(words.end(), then.begin(), then.end());
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Stalled);
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(Rig::kData + 0x40), 3u);
}

TEST(Syncpoints, IncrementsLandWhenTheirMethodsExecute) {
    Rig rig;
    const u32 id = 0x11;
    const u32 fence = rig.syncpoints->Reserve(id, 2);
    EXPECT_EQ(fence, 2u);
    EXPECT_EQ(rig.syncpoints->Max(id), 2u);
    // Work that stalls on a semaphore, then the driver's two increments.
    rig.Put<u32>(Rig::kData, 0);
    gpu::Submission submission{{}, {rig.Segment(Semaphore(Rig::kData, 1, kAcquire))}, {}};
    Method(submission.epilogue, 0, kSyncpointA, {0});
    Method(submission.epilogue, 0, kSyncpointB, {(id << 8) | 1});
    Method(submission.epilogue, 0, kSyncpointB, {(id << 8) | 1});
    rig.channel->Queue(std::move(submission));
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Stalled);
    EXPECT_EQ(rig.syncpoints->Read(id), 0u);  // not before the work before them
    rig.Put<u32>(Rig::kData, 1);
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.syncpoints->Read(id), 2u);
    EXPECT_TRUE(gpu::SyncpointManager::Reached(rig.syncpoints->Read(id), fence));
}

// deko3d's fences: the 3D class's own increment (byte 0x2C8), twice a fence on GM20B.
TEST(Syncpoints, TheThreedClassIncrementsTheSyncpointItNames) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, 0, {0xB197});
    Method(words, 0, 0x2C8 / 4, {0x00110010});
    Method(words, 0, 0x2C8 / 4, {0x00110010});
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.syncpoints->Read(16), 2u);
    EXPECT_EQ(rig.syncpoints->Read(17), 0u);
}

TEST(Syncpoints, AWaitMethodStallsUntilTheSyncpointIsReached) {
    Rig rig;
    const u32 id = 0x12;
    std::vector<u32> words;
    Method(words, 0, kSyncpointA, {3});
    Method(words, 0, kSyncpointB, {id << 8});  // wait
    Method(words, 0, kSemaphoreA, {High(Rig::kData), Low(Rig::kData), 5, kRelease | kFourBytes});
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Stalled);
    rig.syncpoints->IncrementNow(id);
    rig.syncpoints->IncrementNow(id);
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Stalled);
    EXPECT_EQ(rig.Get<u32>(Rig::kData), 0u);
    rig.syncpoints->IncrementNow(id);
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(Rig::kData), 5u);
}

TEST(Syncpoints, AWaiterIsWokenWhenTheGpuThreadExecutesTheIncrements) {
    Rig rig;
    const u32 id = 0x13;
    const u32 fence = rig.syncpoints->Reserve(id, 2);
    gpu::Submission submission{
        {}, {rig.Segment(Semaphore(Rig::kData, 1, kRelease | kFourBytes))}, {}};
    Method(submission.epilogue, 0, kSyncpointB, {(id << 8) | 1});
    Method(submission.epilogue, 0, kSyncpointB, {(id << 8) | 1});
    gpu::GpuScheduler scheduler;
    scheduler.Submit(rig.channel, std::move(submission));
    EXPECT_TRUE(rig.syncpoints->WaitForQueued(id, fence, std::chrono::seconds(5), nullptr));
    EXPECT_EQ(rig.Get<u32>(Rig::kData), 1u);
    // Nothing more is queued: a wait beyond answers at once.
    EXPECT_FALSE(rig.syncpoints->WaitForQueued(id, fence + 1, std::chrono::seconds(5), nullptr));
}

}  // namespace
