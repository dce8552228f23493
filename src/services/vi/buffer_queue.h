#pragma once

// A layer's buffer queue, the producer side of Android's BufferQueue that vi's binder relays
// (IGraphicBufferProducer; transaction codes and parcels from libnx display/
// buffer_producer.c and AOSP IGraphicBufferProducer.cpp). A queued buffer is presented at once:
// its picture is read from nvmap memory and handed to PresentedFrames, and the slot is free
// again, so the producer never waits on the consumer.

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "services/nvdrv/nvmap.h"
#include "services/vi/graphic_buffer.h"
#include "services/vi/parcel.h"
#include "services/vi/presented_frames.h"

namespace services::vi {

// Android status values a reply ends with.
enum class BinderStatus : s32 {
    Ok = 0,
    NoMemory = -12,
    BadValue = -22,
    NoInit = -19,
    WouldBlock = -11,
    InvalidOperation = -38,
};

class BufferQueue {
public:
    static constexpr std::size_t kSlotCount = 64;

    BufferQueue(std::shared_ptr<nvdrv::NvMap> nvmap, std::shared_ptr<PresentedFrames> frames);

    // One transaction: the request parcel's bytes in, the reply's out.
    std::vector<u8> Transact(u32 code, std::span<const u8> request,
                             kernel::IpcEnvironment& environment);
    // The event libnx waits on before dequeuing: signalled while a buffer is free.
    const std::shared_ptr<kernel::ReadableEvent>& BufferFreeEvent() const { return free_event_; }
    u64 QueuedCount() const { return queued_count_; }

private:
    enum class SlotState { Free, Dequeued, Queued };
    struct Slot {
        SlotState state = SlotState::Free;
        std::optional<GraphicBuffer> buffer;
        u64 last_queued = 0;  // order of its last queue, for handing out the oldest first
    };

    std::optional<std::size_t> OldestFreeSlot() const;
    void WriteQueueOutput(ParcelWriter& reply) const;
    BinderStatus Dequeue(ParcelReader& request, ParcelWriter& reply);
    BinderStatus Queue(ParcelReader& request, ParcelWriter& reply,
                       kernel::IpcEnvironment& environment);

    std::shared_ptr<nvdrv::NvMap> nvmap_;
    std::shared_ptr<PresentedFrames> frames_;
    std::shared_ptr<kernel::ReadableEvent> free_event_;
    std::mutex mutex_;
    std::array<Slot, kSlotCount> slots_;
    bool connected_ = false;
    u32 width_ = 0, height_ = 0;
    u64 queued_count_ = 0;
};

}  // namespace services::vi
