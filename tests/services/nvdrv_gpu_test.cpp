// nvdrv's GPU path end to end, as libnx drives it: an nvmap object over guest memory, mapped
// into the address space, bound to a channel; a SUBMIT_GPFIFO of a pushbuffer that writes
// through inline-to-memory; the fence it returns completes and the bytes are in guest memory.

#include <gtest/gtest.h>

#include <cstring>

#include "gpu/gpu_test_memory.h"
#include "kernel/event.h"
#include "services/nvdrv/nvdrv_service.h"
#include "support/fake_ipc_environment.h"
#include "support/recording_signaller.h"

namespace {

using namespace services::nvdrv;
using test_support::FakeIpcEnvironment;

struct CreateArgs {
    u32 size, handle;
};
struct AllocArgs {
    u32 handle, heap_mask, flags, align;
    u8 kind, padding[7];
    u64 address;
};
struct MapBufferExArgs {
    u32 flags, kind, nvmap_handle, page_size;
    s64 buffer_offset;
    u64 mapping_size;
    s64 offset;
};
// libnx's layout: the fence comes back at 0xC.
struct AllocGpfifoEx2Args {
    u32 entry_count, flags, unknown;
    gpu::Fence fence;
    u32 reserved[3];
};
struct SubmitGpfifoArgs {
    u64 gpfifo;
    u32 entry_count, flags;
    gpu::Fence fence;
};
struct SyncptWaitArgs {
    u32 id, threshold;
    s32 timeout;
};
struct SyncptReadArgs {
    u32 id, value;
};
struct EventWaitArgs {
    u32 id, threshold;
    s32 timeout;
    u32 value;  // in: the event slot; out: the syncpoint's value
};

class NvdrvGpu : public ::testing::Test {
protected:
    NvdrvGpu()
        : driver_(std::make_shared<NvDriver>(profile::ConsoleModel{}, gpu::GpuSettings{},
                                             std::make_shared<gpu::FrameWork>())),
          service_(driver_) {}

    u32 Open(const char* path) {
        u32 fd = 0;
        u32 error = 1;
        service_.Open({std::vector<u8>(path, path + std::strlen(path))}, {&fd}, {&error});
        EXPECT_EQ(error, 0u) << path;
        return fd;
    }
    template <typename Args>
    u32 Ioctl(u32 fd, u32 request, Args& args, std::span<const u8> extra = {}) {
        std::vector<u8> in(sizeof(Args));
        std::memcpy(in.data(), &args, sizeof(Args));
        in.insert(in.end(), extra.begin(), extra.end());
        std::vector<u8> out(sizeof(Args));
        u32 error = 0;
        service_.Ioctl({&environment_}, fd, request, {in}, {out}, {&error});
        std::memcpy(&args, out.data(), sizeof(Args));
        return error;
    }

    // A GPU channel bound to an address space in which one nvmap object over the whole of the
    // fake process's memory is mapped at `gpu_base`.
    struct MappedChannel {
        u32 channel = 0, ctrl = 0;
        u64 gpu_base = 0;
        gpu::Fence fence;  // ALLOC_GPFIFO_EX2's
    };
    MappedChannel OpenMappedChannel() {
        MappedChannel result;
        const u32 nvmap = Open("/dev/nvmap");
        const u32 as = Open("/dev/nvhost-as-gpu");
        result.channel = Open("/dev/nvhost-gpu");
        result.ctrl = Open("/dev/nvhost-ctrl");
        CreateArgs create{FakeIpcEnvironment::kMemorySize, 0};
        EXPECT_EQ(Ioctl(nvmap, 0xC0080101, create), 0u);
        AllocArgs alloc{create.handle, 1, 0, 0x1000, 0, {}, FakeIpcEnvironment::kMemoryBase};
        EXPECT_EQ(Ioctl(nvmap, 0xC0200104, alloc), 0u);
        MapBufferExArgs map{0, 0, create.handle, 0x10000, 0, 0, 0};
        EXPECT_EQ(Ioctl(as, 0xC0284106, map), 0u);
        result.gpu_base = static_cast<u64>(map.offset);
        u32 channel_fd = result.channel;
        EXPECT_EQ(Ioctl(as, 0x40044101, channel_fd), 0u);  // BIND_CHANNEL
        AllocGpfifoEx2Args gpfifo{0x800, 0, 1, {}, {}};
        EXPECT_EQ(Ioctl(result.channel, 0xC020481A, gpfifo), 0u);
        result.fence = gpfifo.fence;
        return result;
    }
    // Writes `words` at +0x1000 of the object and submits them as one GP entry with `flags`
    // and `fence`; the returned fence is left in `submit`.
    u32 SubmitPushbuffer(const MappedChannel& channel, const std::vector<u32>& words,
                         SubmitGpfifoArgs& submit) {
        EXPECT_TRUE(environment_.Memory().WriteBlock(
            FakeIpcEnvironment::kMemoryBase + 0x1000,
            {reinterpret_cast<const u8*>(words.data()), words.size() * 4}));
        const u64 entry =
            gpu_test::GpEntryFor(channel.gpu_base + 0x1000, static_cast<u32>(words.size()));
        submit.entry_count = 1;
        return Ioctl(channel.channel, 0xC0204808, submit,
                     {reinterpret_cast<const u8*>(&entry), sizeof(entry)});
    }
    // nvhost-ctrl's SYNCPT_WAIT on the fence returns once its work has run, and the
    // syncpoint then reads the fence's value.
    void ExpectFenceReached(const MappedChannel& channel, const gpu::Fence& fence) {
        SyncptWaitArgs wait{fence.id, fence.value, -1};
        EXPECT_EQ(Ioctl(channel.ctrl, 0xC00C0016, wait), 0u);
        SyncptReadArgs read{fence.id, 0};
        EXPECT_EQ(Ioctl(channel.ctrl, 0xC0080014, read), 0u);
        EXPECT_EQ(read.value, fence.value);
    }

    FakeIpcEnvironment environment_;
    std::shared_ptr<NvDriver> driver_;
    NvDrvService service_;
};

TEST_F(NvdrvGpu, ASubmittedInlineToMemoryUploadLandsInGuestMemoryAndItsFenceCompletes) {
    const MappedChannel channel = OpenMappedChannel();
    EXPECT_GE(channel.fence.id, 0x10u);  // a channel's own syncpoint, not one of the system's

    // The pushbuffer: bind KEPLER_INLINE_TO_MEMORY_B, write 8 bytes to +0x2000 as a pitch line.
    using namespace gpu_test;
    const u64 target = channel.gpu_base + 0x2000;
    std::vector<u32> words;
    Method(words, 2, 0, {0xA140});
    Method(words, 2, 0x180 / 4,
           {8, 1, static_cast<u32>(target >> 32), static_cast<u32>(target), 8});
    words.push_back(Immediate(2, 0x1B0 / 4, 1));
    words.push_back(NonIncrementing(2, 0x1B4 / 4, 2));  // LOAD_INLINE_DATA twice
    words.push_back(0x6867'6665);
    words.push_back(0x4443'4241);
    SubmitGpfifoArgs submit{0, 1, 2 /* FENCE_GET */, {}};
    ASSERT_EQ(SubmitPushbuffer(channel, words, submit), 0u);
    EXPECT_EQ(submit.fence.id, channel.fence.id);
    EXPECT_EQ(submit.fence.value, channel.fence.value + 2);  // GM20B: two increments a release

    ExpectFenceReached(channel, submit.fence);
    const auto landed = environment_.Memory().Read<u64>(FakeIpcEnvironment::kMemoryBase + 0x2000);
    ASSERT_TRUE(landed);
    EXPECT_EQ(*landed, 0x4443'4241'6867'6665ull);
    // Nothing more is queued: a threshold beyond answers Timeout at once.
    SyncptWaitArgs beyond{submit.fence.id, submit.fence.value + 1, 0};
    EXPECT_EQ(Ioctl(channel.ctrl, 0xC00C0016, beyond), static_cast<u32>(NvResult::Timeout));
}

// libnx and deko3d increment the channel's syncpoint in their own pushbuffers and submit with
// INCREMENT_BY_VALUE (bit 8) and the count in fence.value: nvhost only raises the queued maximum,
// and the fence it returns completes when the pushbuffer's own increments have run.
TEST_F(NvdrvGpu, AGuestsOwnSyncpointIncrementsCompleteItsFence) {
    const MappedChannel channel = OpenMappedChannel();
    using namespace gpu_test;
    std::vector<u32> words;
    for (int i = 0; i < 2; ++i) {  // SYNCPOINTA (payload), SYNCPOINTB (id << 8 | increment)
        Method(words, 0, 0x70 / 4, {0, (channel.fence.id << 8) | 1});
    }
    SubmitGpfifoArgs submit{0, 1, 0x104 /* HW_FORMAT | INCREMENT_BY_VALUE */, {0, 2}};
    ASSERT_EQ(SubmitPushbuffer(channel, words, submit), 0u);
    EXPECT_EQ(submit.fence.id, channel.fence.id);
    EXPECT_EQ(submit.fence.value, channel.fence.value + 2);
    ExpectFenceReached(channel, submit.fence);
}

// deko3d waits for a fence beyond the work submitted so far with EVENT_WAIT_ASYNC and then
// waits on the event: work submitted later signals it once the GPU has run it, through the
// device's periodic check (here run by hand, as the kernel's timer would).
TEST_F(NvdrvGpu, AnAsynchronousWaitsEventIsSignalledWhenLaterGpuWorkReachesIt) {
    const MappedChannel channel = OpenMappedChannel();
    constexpr u32 kSlot = 3;
    u32 slot = kSlot;
    ASSERT_EQ(Ioctl(channel.ctrl, 0xC004001F, slot), 0u);  // EVENT_REGISTER
    std::shared_ptr<kernel::KernelObject> object;
    u32 error = 1;
    ASSERT_TRUE(
        service_.QueryEvent(channel.ctrl, 0x1000'0000 | kSlot, {&object}, {&error}).IsSuccess());
    ASSERT_EQ(error, 0u);
    auto* event = dynamic_cast<kernel::ReadableEvent*>(object.get());
    ASSERT_NE(event, nullptr);

    // Nothing queued reaches the threshold: Timeout, the event armed, the check started.
    const u32 threshold = channel.fence.value + 2;
    EventWaitArgs wait{channel.fence.id, threshold, -1, kSlot};
    EXPECT_EQ(Ioctl(channel.ctrl, 0xC010001E, wait), static_cast<u32>(NvResult::Timeout));
    ASSERT_EQ(environment_.works.size(), 1u);
    const auto check = environment_.works[0].lock();
    ASSERT_NE(check, nullptr);
    test_support::RecordingSignaller signaller;
    check->Run(0, signaller);
    EXPECT_FALSE(event->signaled);
    EXPECT_FALSE(check->MayWakeWaiters());

    // Two increments of the channel's syncpoint, submitted after the wait.
    using namespace gpu_test;
    std::vector<u32> words;
    for (int i = 0; i < 2; ++i) {
        Method(words, 0, 0x70 / 4, {0, (channel.fence.id << 8) | 1});
    }
    SubmitGpfifoArgs submit{0, 1, 0x104 /* HW_FORMAT | INCREMENT_BY_VALUE */, {0, 2}};
    ASSERT_EQ(SubmitPushbuffer(channel, words, submit), 0u);
    EXPECT_EQ(submit.fence.value, threshold);
    ExpectFenceReached(channel, submit.fence);
    check->Run(0, signaller);
    EXPECT_TRUE(event->signaled);
    ASSERT_EQ(signaller.signalled.size(), 1u);
    // Signalled once: the wait is disarmed.
    check->Run(0, signaller);
    EXPECT_EQ(signaller.signalled.size(), 1u);
}

TEST_F(NvdrvGpu, BindChannelOfAFdThatIsNoChannelIsRefused) {
    const u32 as = Open("/dev/nvhost-as-gpu");
    const u32 ctrl = Open("/dev/nvhost-ctrl");
    u32 fd = ctrl;
    EXPECT_EQ(Ioctl(as, 0x40044101, fd), static_cast<u32>(NvResult::BadValue));
    fd = 99;
    EXPECT_EQ(Ioctl(as, 0x40044101, fd), static_cast<u32>(NvResult::BadValue));
}

}  // namespace
