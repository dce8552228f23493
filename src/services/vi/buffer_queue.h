#pragma once

// A layer's buffer queue, the producer side of Android's BufferQueue that vi's binder relays
// (IGraphicBufferProducer; transaction codes and parcels from libnx display/
// buffer_producer.c and AOSP IGraphicBufferProducer.cpp). As on the console, QueueBuffer returns
// at once with the picture read from nvmap memory, and the display shows it at a later vsync
// (`Latch`): one queued buffer a vsync, each held on screen for its swap interval (2 for a
// 30 fps title), the buffer it replaces free again then. A producer that draws faster than the
// display finds no free buffer: DequeueBuffer answers WouldBlock and the buffer-free event
// (which libnx waits on before dequeuing) stays clear until a vsync frees one, so the guest
// thread waits in the kernel, not in the service.

#include <array>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "gpu/frame.h"
#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "services/nvdrv/nvmap.h"
#include "services/vi/buffer_crop.h"
#include "services/vi/graphic_buffer.h"
#include "services/vi/parcel.h"

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

    explicit BufferQueue(std::shared_ptr<nvdrv::NvMap> nvmap);

    // One transaction: the request parcel's bytes in, the reply's out.
    std::vector<u8> Transact(u32 code, std::span<const u8> request,
                             kernel::IpcEnvironment& environment);
    // Whether a transaction may wait on the host: a DequeueBuffer of a producer that cannot
    // wait itself blocks until a vsync frees a buffer, as the console's queue does.
    static bool MayWaitOnHost(u32 code);
    // The event libnx waits on before dequeuing: signalled while a buffer is free.
    const std::shared_ptr<kernel::ReadableEvent>& BufferFreeEvent() const { return free_event_; }

    // What a vsync does to the queue: the frame it shows now, if a queued one is due, and
    // whether a buffer became free (the caller signals BufferFreeEvent then).
    struct Latched {
        std::optional<gpu::Frame> frame;
        bool freed = false;
    };
    // Called at every vsync, possibly with the kernel's scheduler lock held: it moves slots
    // (a queued picture was read at QueueBuffer). At a vsync with nothing queued and no buffer
    // dequeued, the buffer on screen is read again, as the console's display scans it out
    // every refresh: libnx 1.x's single-buffered console (gfxSetMode's TiledSingle, which
    // consoleInit picks) queues one buffer and then draws into it on screen without queuing
    // again. A picture that changed is shown as a new frame.
    Latched Latch();

private:
    enum class SlotState { Free, Dequeued, Queued, Shown };
    struct Slot {
        SlotState state = SlotState::Free;
        std::optional<GraphicBuffer> buffer;
        u64 last_queued = 0;  // order of its last queue, for handing out the oldest first
        std::optional<gpu::Frame> frame;  // Queued: the picture to show
        u32 swap_interval = 1;            // Queued: vsyncs to show it for
        std::vector<u8> stored;           // Queued, Shown: the bytes its picture was read from
        u32 transform = 0;                // Queued, Shown: the queue's flip transform
        BufferCrop crop;                  // Queued, Shown: the part of the buffer shown
    };
    // How a transaction changed the free buffers, for the event (updated after mutex_ is
    // released: the kernel's lock is taken after mutex_, never while holding it).
    enum class FreeChange { None, Freed, MayHaveTakenLast };

    BinderStatus Handle(u32 code, ParcelReader& request, ParcelWriter& reply,
                        kernel::IpcEnvironment& environment, FreeChange& change);
    std::optional<std::size_t> OldestFreeSlot() const;
    std::optional<std::size_t> OldestQueuedSlot() const;
    u32 QueuedSlots() const;
    void WriteQueueOutput(ParcelWriter& reply) const;
    BinderStatus Dequeue(ParcelReader& request, ParcelWriter& reply,
                         kernel::IpcEnvironment& environment, std::unique_lock<std::mutex>& lock);
    // A slot for a producer that cannot wait: a free one, else the one on screen.
    std::optional<std::size_t> SlotForSyncProducer() const;
    BinderStatus Queue(ParcelReader& request, ParcelWriter& reply,
                       kernel::IpcEnvironment& environment, std::unique_lock<std::mutex>& lock);
    void UpdateFreeEvent(FreeChange change, kernel::IpcEnvironment& environment);
    // The shown buffer's picture when the producer drew into it since it was read (see Latch).
    std::optional<gpu::Frame> RescanShownBuffer();

    std::shared_ptr<nvdrv::NvMap> nvmap_;
    std::shared_ptr<kernel::ReadableEvent> free_event_;
    std::mutex mutex_;
    std::condition_variable latched_;  // notified at every vsync that changed the slots
    std::array<Slot, kSlotCount> slots_;
    bool connected_ = false;
    u32 width_ = 0, height_ = 0;
    u64 queued_count_ = 0;
    cpu::GuestMemory* memory_ = nullptr;  // the producer's memory, from its last QueueBuffer
    u32 vsyncs_left_ = 0;  // vsyncs the shown frame still has on screen before the next
};

}  // namespace services::vi
