// vi's display paces presentation: a queued buffer is shown at the next vsync, one a vsync for
// its swap interval, and a producer that draws faster finds no free buffer until a vsync
// frees one.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <thread>

#include "services/vi/display.h"
#include "services/vi/parcel.h"
#include "support/fake_ipc_environment.h"

namespace services::vi {
namespace {

constexpr char16_t kProducer[] = u"android.gui.IGraphicBufferProducer";
constexpr u32 kWidth = 4, kHeight = 2;
enum : u32 { kDequeue = 3, kQueue = 7, kConnect = 10, kDisconnect = 11, kSetPreallocated = 14 };

// Signals events as the kernel would.
class Signaller final : public kernel::EventSignaller {
public:
    void Signal(kernel::ReadableEvent& event) override { event.signaled = true; }
    void EndRun(kernel::RunStop) override {}
};

class ViPacing : public ::testing::Test {
protected:
    ViPacing()
        : nvmap_(std::make_shared<nvdrv::NvMap>()),
          frames_(std::make_shared<PresentedFrames>()),
          display_(profile::ConsoleModel{}, nvmap_, frames_) {
        binder_ = display_.BinderIdOf(display_.CreateLayer());
        queue_ = display_.QueueFor(binder_);
        display_.StartVsync(environment_);
        EXPECT_EQ(Status(Transact(kConnect,
                                  [](ParcelWriter& w) {
                                      w.WriteU32(0);
                                      w.WriteU32(2);
                                      w.WriteU32(0);
                                  })),
                  0);
    }

    // A buffer of kWidth x kHeight RGBA pixels all of `red` in its own nvmap object.
    void AddBuffer(u32 slot, u8 red) {
        auto object = nvmap_->Create(kWidth * kHeight * 4);
        buffers_.push_back(object);
        object->allocated = true;
        object->driver_memory.assign(object->size, 0);
        for (u32 pixel = 0; pixel < kWidth * kHeight; ++pixel) {
            object->driver_memory[pixel * 4] = red;
            object->driver_memory[pixel * 4 + 3] = 0xff;
        }
        std::vector<u8> flattened(GraphicBuffer::kFlattenedSize, 0);
        const auto put = [&](std::size_t at, u32 value) {
            std::memcpy(flattened.data() + at, &value, 4);
        };
        put(0, 0x47424652);  // magic
        put(4, kWidth);
        put(8, kHeight);
        put(12, kWidth);
        put(16, 1);  // RGBA_8888
        put(44, object->id);
        put(108, 1);  // pitch layout
        put(112, kWidth * 4);
        EXPECT_EQ(Status(Transact(kSetPreallocated,
                                  [&](ParcelWriter& w) {
                                      w.WriteU32(slot);
                                      w.WriteU32(1);
                                      w.WriteFlattened(flattened);
                                  })),
                  0);
    }

    std::vector<u8> Transact(u32 code, const std::function<void(ParcelWriter&)>& body) {
        ParcelWriter request;
        request.WriteInterfaceToken(kProducer);
        body(request);
        return queue_->Transact(code, request.Serialize(), environment_);
    }
    // The status a reply ends with.
    static s32 Status(const std::vector<u8>& reply) {
        auto parcel = ParcelReader::Parse(reply);
        EXPECT_TRUE(parcel);
        while (parcel && parcel->Remaining() > 4) {
            parcel->ReadU32();
        }
        return parcel ? parcel->ReadS32().value_or(-1) : -1;
    }
    // The dequeued slot, or nullopt when the queue answered WouldBlock.
    // `async` 1: libnx 2.0+, which waits for the buffer-free event itself; 0: libnx 1.x.
    std::optional<u32> Dequeue(u32 async = 1) {
        const std::vector<u8> reply = Transact(kDequeue, [async](ParcelWriter& w) {
            w.WriteU32(async);
            w.WriteU32(kWidth);
            w.WriteU32(kHeight);
            w.WriteU32(1);
            w.WriteU32(0xb00);
        });
        if (Status(reply) == static_cast<s32>(BinderStatus::WouldBlock)) {
            return std::nullopt;
        }
        EXPECT_EQ(Status(reply), 0);
        auto parcel = ParcelReader::Parse(reply);
        return parcel->ReadU32();
    }
    void Queue(u32 slot, u32 swap_interval = 1) {
        std::vector<u8> input(0x54, 0);
        std::memcpy(input.data() + 0x2c, &swap_interval, 4);
        EXPECT_EQ(Status(Transact(kQueue,
                                  [&](ParcelWriter& w) {
                                      w.WriteU32(slot);
                                      w.WriteFlattened(input);
                                  })),
                  0);
    }
    // One vsync; the red value of the frame shown then, or nullopt when none was new.
    std::optional<u8> Vsync() {
        const u64 before = frames_->Count();
        environment_.works.at(0).lock()->Run(environment_.ticks, signaller_);
        if (frames_->Count() == before) {
            return std::nullopt;
        }
        return frames_->Latest()->rgba[0];
    }
    bool BufferFree() const { return queue_->BufferFreeEvent()->signaled; }

    test_support::FakeIpcEnvironment environment_;
    Signaller signaller_;
    std::shared_ptr<nvdrv::NvMap> nvmap_;
    std::shared_ptr<PresentedFrames> frames_;
    Display display_;
    u32 binder_ = 0;
    std::shared_ptr<BufferQueue> queue_;
    std::vector<std::shared_ptr<nvdrv::NvMapObject>> buffers_;  // in AddBuffer's order
};

TEST_F(ViPacing, AQueuedBufferIsShownAtTheNextVsync) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    EXPECT_TRUE(BufferFree());
    const auto slot = Dequeue();
    ASSERT_EQ(slot, 0u);
    Queue(*slot);
    EXPECT_EQ(frames_->Count(), 0u);  // QueueBuffer returned; nothing is on screen yet
    EXPECT_EQ(Vsync(), 10);
    EXPECT_EQ(Vsync(), std::nullopt);  // nothing new to show
    EXPECT_EQ(frames_->Count(), 1u);
}

// libnx 1.x's single-buffered console queues one buffer, then draws into it on screen: the
// display reads it again at each vsync with nothing queued, as the console's scans it out.
TEST_F(ViPacing, ABufferDrawnIntoOnScreenIsShownAgainAtTheNextVsync) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    Queue(*Dequeue(0));
    EXPECT_EQ(Vsync(), 10);
    EXPECT_EQ(Vsync(), std::nullopt);  // unchanged: no new frame
    buffers_[0]->driver_memory[0] = 30;
    EXPECT_EQ(Vsync(), 30);
    EXPECT_EQ(Vsync(), std::nullopt);
    EXPECT_EQ(frames_->Count(), 2u);
}

// A producer drawing into a buffer it dequeued will queue it: the one on screen is not read
// again meanwhile, so a double-buffered program's vsyncs cost nothing.
TEST_F(ViPacing, TheBufferOnScreenIsNotReadAgainWhileAnotherIsDequeued) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    Queue(*Dequeue());
    EXPECT_EQ(Vsync(), 10);
    ASSERT_EQ(Dequeue(), 1u);
    buffers_[0]->driver_memory[0] = 30;
    EXPECT_EQ(Vsync(), std::nullopt);
    Queue(1);
    EXPECT_EQ(Vsync(), 20);
}

TEST_F(ViPacing, AFasterProducerWaitsForAVsyncToFreeABuffer) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    Queue(*Dequeue());
    Queue(*Dequeue());
    // Both buffers queued: the producer finds none free and the event tells it to wait.
    EXPECT_EQ(Dequeue(), std::nullopt);
    EXPECT_FALSE(BufferFree());
    // The first vsync shows buffer 0 and keeps it on screen: still nothing free.
    EXPECT_EQ(Vsync(), 10);
    EXPECT_FALSE(BufferFree());
    // The second shows buffer 1 and gives buffer 0 back.
    EXPECT_EQ(Vsync(), 20);
    EXPECT_TRUE(BufferFree());
    EXPECT_EQ(Dequeue(), 0u);
    EXPECT_FALSE(BufferFree());
}

TEST_F(ViPacing, AProducerThatCannotWaitIsBlockedUntilAVsyncShowsABuffer) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    Queue(*Dequeue(0));
    Queue(*Dequeue(0));
    // Both queued within one vsync and none on screen: libnx 1.x's dequeue waits in the
    // queue (it would draw into buffer 0 whatever slot it got, and queue it again).
    std::optional<u32> slot;
    std::atomic<bool> returned = false;
    std::thread producer([&] {
        slot = Dequeue(0);
        returned = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    EXPECT_FALSE(returned);
    // The vsync shows buffer 0: the producer gets it back to draw into, as on the console.
    EXPECT_EQ(Vsync(), 10);
    producer.join();
    EXPECT_EQ(slot, 0u);
}

TEST_F(ViPacing, ASwapIntervalOfTwoShowsEachFrameForTwoVsyncs) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    AddBuffer(2, 30);
    Queue(*Dequeue(), 2);
    Queue(*Dequeue(), 2);
    Queue(*Dequeue(), 2);
    EXPECT_EQ(Vsync(), 10);
    EXPECT_EQ(Vsync(), std::nullopt);
    EXPECT_EQ(Vsync(), 20);
    EXPECT_EQ(Vsync(), std::nullopt);
    EXPECT_EQ(Vsync(), 30);
}

TEST_F(ViPacing, DisconnectingGivesEveryBufferBackUnshown) {
    AddBuffer(0, 10);
    AddBuffer(1, 20);
    Queue(*Dequeue());
    EXPECT_EQ(Vsync(), 10);
    Queue(*Dequeue());
    EXPECT_FALSE(BufferFree());
    EXPECT_EQ(Status(Transact(kDisconnect, [](ParcelWriter& w) { w.WriteU32(2); })), 0);
    EXPECT_TRUE(BufferFree());
    EXPECT_EQ(Vsync(), std::nullopt);  // buffer 1's frame was queued, never shown
    EXPECT_EQ(Dequeue(), 0u);
    EXPECT_EQ(Dequeue(), 1u);
}

TEST(ViDisplayPacing, TheRefreshPeriodFollowsTheTarget) {
    EXPECT_EQ(DisplayPacing{}.PeriodTicks(), 320'000u);  // 60 Hz of the 19.2 MHz clock
    EXPECT_EQ(DisplayPacing{.refresh_hz = 30}.PeriodTicks(), 640'000u);
    const DisplayPacing unlocked{.refresh_hz = 60, .unlocked = true};
    EXPECT_EQ(unlocked.PeriodTicks(), 19'200u);
}

}  // namespace
}  // namespace services::vi
