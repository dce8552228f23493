#include "services/vi/buffer_queue.h"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "base/log.h"
#include "services/vi/buffer_crop.h"

namespace services::vi {
namespace {

// IGraphicBufferProducer's transaction codes.
enum Code : u32 {
    kRequestBuffer = 1,
    kSetBufferCount = 2,
    kDequeueBuffer = 3,
    kDetachBuffer = 4,
    kDetachNextBuffer = 5,
    kAttachBuffer = 6,
    kQueueBuffer = 7,
    kCancelBuffer = 8,
    kQuery = 9,
    kConnect = 10,
    kDisconnect = 11,
    kSetSidebandStream = 12,
    kAllocateBuffers = 13,
    kSetPreallocatedBuffer = 14,
};

// NATIVE_WINDOW_* queries.
enum Query : u32 {
    kQueryWidth = 0,
    kQueryHeight = 1,
    kQueryFormat = 2,
    kQueryMinUndequeuedBuffers = 3,
    kQueryConsumerRunningBehind = 9,
    kQueryConsumerUsageBits = 10,
    kQueryMaxBufferCount = 12,
};

constexpr u32 kFormatRgba8888 = 1;

// A fence with no syncpoints: the buffer is ready now (u32 count, then four id/value pairs).
void WriteNoFence(ParcelWriter& reply) {
    std::array<u32, 9> fence{};
    for (std::size_t i = 1; i < fence.size(); i += 2) {
        fence[i] = 0xffffffff;
    }
    reply.WriteFlattened({reinterpret_cast<const u8*>(fence.data()), sizeof(fence)});
}

// What the display shows of a buffer's stored bytes: decoded with the queue's transform, then
// cropped.
DecodedFrame ShownPicture(const GraphicBuffer& buffer, std::span<const u8> stored, u32 transform,
                          const BufferCrop& crop) {
    DecodedFrame decoded = DecodeStoredPicture(buffer, stored, transform);
    if (decoded.frame) {
        decoded.frame = CropFrame(std::move(*decoded.frame), crop, transform);
    }
    return decoded;
}

}  // namespace

BufferQueue::BufferQueue(std::shared_ptr<nvdrv::NvMap> nvmap)
    : nvmap_(std::move(nvmap)), free_event_(std::make_shared<kernel::ReadableEvent>()) {}

std::optional<std::size_t> BufferQueue::OldestFreeSlot() const {
    std::optional<std::size_t> oldest;
    for (std::size_t index = 0; index < slots_.size(); ++index) {
        const Slot& slot = slots_[index];
        // Never-queued slots (0) first, in slot order: libnx 1.x draws into buffers 0, 1, 0, ...
        // whatever slot it is given.
        if (slot.state == SlotState::Free && slot.buffer &&
            (!oldest || slot.last_queued < slots_[*oldest].last_queued)) {
            oldest = index;
        }
    }
    return oldest;
}

std::optional<std::size_t> BufferQueue::OldestQueuedSlot() const {
    std::optional<std::size_t> oldest;
    for (std::size_t index = 0; index < slots_.size(); ++index) {
        if (slots_[index].state == SlotState::Queued &&
            (!oldest || slots_[index].last_queued < slots_[*oldest].last_queued)) {
            oldest = index;
        }
    }
    return oldest;
}

u32 BufferQueue::QueuedSlots() const {
    return static_cast<u32>(std::ranges::count_if(
        slots_, [](const Slot& slot) { return slot.state == SlotState::Queued; }));
}

void BufferQueue::WriteQueueOutput(ParcelWriter& reply) const {
    reply.WriteU32(width_);
    reply.WriteU32(height_);
    reply.WriteU32(0);  // transform hint
    reply.WriteU32(QueuedSlots());
}

bool BufferQueue::MayWaitOnHost(u32 code) {
    return code == kDequeueBuffer;
}

std::optional<std::size_t> BufferQueue::SlotForSyncProducer() const {
    if (const auto free = OldestFreeSlot()) {
        return free;
    }
    // A producer that cannot wait (libnx before 2.0 has no buffer-free event) gets the buffer
    // on screen, as the console gives it with a release fence that ends at the next vsync: the
    // display keeps the picture it read, and such programs wait for vsync before they draw.
    const auto shown = std::ranges::find_if(
        slots_, [](const Slot& candidate) { return candidate.state == SlotState::Shown; });
    if (shown == slots_.end()) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(shown - slots_.begin());
}

BinderStatus BufferQueue::Dequeue(ParcelReader& request, ParcelWriter& reply,
                                  kernel::IpcEnvironment& environment,
                                  std::unique_lock<std::mutex>& lock) {
    const auto async = request.ReadU32();
    const auto width = request.ReadU32();
    const auto height = request.ReadU32();
    if (!async || !width || !height) {
        return BinderStatus::BadValue;
    }
    auto slot = *async == 0 ? SlotForSyncProducer() : OldestFreeSlot();
    // Every buffer queued and none on screen yet (two frames queued within one vsync): the
    // console's queue blocks such a producer until the next vsync shows one of them, and
    // libnx 1.x, which draws into buffers 0, 1, 0, ... whatever it is given, relies on it.
    while (!slot && *async == 0 && environment.CanWaitOnHost() && !environment.StopRequested()) {
        latched_.wait_for(lock, std::chrono::milliseconds(50));
        slot = SlotForSyncProducer();
    }
    if (!slot) {
        // Every buffer is queued or on screen: the producer waits for the buffer-free event
        // (libnx 2.0 and later) and tries again after the next vsync.
        LOG_DEBUG("vi", "DequeueBuffer: no free buffer until the next vsync");
        return BinderStatus::WouldBlock;
    }
    slots_[*slot].state = SlotState::Dequeued;
    reply.WriteU32(static_cast<u32>(*slot));
    reply.WriteU32(1);  // a fence follows
    WriteNoFence(reply);
    return BinderStatus::Ok;
}

BinderStatus BufferQueue::Queue(ParcelReader& request, ParcelWriter& reply,
                                kernel::IpcEnvironment& environment,
                                std::unique_lock<std::mutex>& lock) {
    const auto slot_index = request.ReadU32();
    const auto input = request.ReadFlattened();
    if (!slot_index || !input || *slot_index >= slots_.size() || input->size() < 0x30) {
        return BinderStatus::BadValue;
    }
    Slot& slot = slots_[*slot_index];
    if (slot.state != SlotState::Dequeued || !slot.buffer) {
        LOG_WARNING("vi", "QueueBuffer: slot {} was not dequeued", *slot_index);
        return BinderStatus::BadValue;
    }
    // QueueBufferInput: s64 timestamp, s32 is-auto-timestamp, crop (4 x s32), scaling mode,
    // transform (0x20), sticky transform, a word, swap interval (0x2c), fence.
    u32 transform = 0, swap_interval = 1;
    std::memcpy(&transform, input->data() + 0x20, sizeof(transform));
    std::memcpy(&swap_interval, input->data() + 0x2c, sizeof(swap_interval));
    const GraphicBuffer buffer = *slot.buffer;
    const BufferCrop crop = BufferCrop::FromQueueInput(*input);
    if (!CropFits(crop, buffer.PictureWidth(), buffer.PictureHeight())) {
        LOG_WARNING("vi",
                    "QueueBuffer: slot {}'s crop ({}, {})-({}, {}) lies outside its {}x{} buffer",
                    *slot_index, crop.left, crop.top, crop.right, crop.bottom,
                    buffer.PictureWidth(), buffer.PictureHeight());
        return BinderStatus::BadValue;
    }
    // Read outside the lock: the slot stays the producer's until it is marked queued, and a
    // vsync must never wait for a picture to be read.
    lock.unlock();
    StoredPicture stored = ReadStoredPicture(buffer, *nvmap_, environment.Memory());
    DecodedFrame decoded = stored.error.empty()
                               ? ShownPicture(buffer, stored.bytes, transform, crop)
                               : DecodedFrame{std::nullopt, stored.error};
    lock.lock();
    if (!decoded.frame) {
        LOG_WARNING("vi", "QueueBuffer: slot {} not shown: {}", *slot_index, decoded.error);
    }
    memory_ = &environment.Memory();
    slot.frame = std::move(decoded.frame);
    slot.stored = std::move(stored.bytes);
    slot.transform = transform;
    slot.crop = crop;
    slot.swap_interval = std::max<u32>(swap_interval, 1);  // 0 (no vsync) is shown as 1
    slot.state = SlotState::Queued;
    slot.last_queued = ++queued_count_;
    WriteQueueOutput(reply);
    return BinderStatus::Ok;
}

BufferQueue::Latched BufferQueue::Latch() {
    std::lock_guard lock(mutex_);
    latched_.notify_all();
    Latched latched;
    if (vsyncs_left_ > 1) {
        --vsyncs_left_;  // the frame on screen asked for more than one vsync
        return latched;
    }
    const auto next = OldestQueuedSlot();
    if (!next) {
        vsyncs_left_ = 0;
        latched.frame = RescanShownBuffer();
        return latched;
    }
    for (Slot& slot : slots_) {
        if (slot.state == SlotState::Shown) {
            slot.state = SlotState::Free;  // replaced on screen: the producer may draw into it
            latched.freed = true;
        }
    }
    Slot& shown = slots_[*next];
    latched.frame = std::move(shown.frame);
    shown.frame.reset();
    vsyncs_left_ = shown.swap_interval;
    // A picture that could not be read leaves nothing to hold its buffer for.
    shown.state = latched.frame ? SlotState::Shown : SlotState::Free;
    latched.freed = latched.freed || !latched.frame;
    return latched;
}

std::optional<gpu::Frame> BufferQueue::RescanShownBuffer() {
    const auto shown = std::ranges::find_if(
        slots_, [](const Slot& slot) { return slot.state == SlotState::Shown; });
    const bool drawing_elsewhere = std::ranges::any_of(
        slots_, [](const Slot& slot) { return slot.state == SlotState::Dequeued; });
    if (shown == slots_.end() || drawing_elsewhere || memory_ == nullptr || !shown->buffer) {
        return std::nullopt;
    }
    StoredPicture now = ReadStoredPicture(*shown->buffer, *nvmap_, *memory_);
    if (!now.error.empty() || now.bytes == shown->stored) {
        return std::nullopt;
    }
    DecodedFrame decoded = ShownPicture(*shown->buffer, now.bytes, shown->transform, shown->crop);
    shown->stored = std::move(now.bytes);
    return std::move(decoded.frame);
}

void BufferQueue::UpdateFreeEvent(FreeChange change, kernel::IpcEnvironment& environment) {
    if (change == FreeChange::Freed) {
        environment.SetEventSignal(*free_event_, true);
        return;
    }
    if (change == FreeChange::MayHaveTakenLast) {
        // Cleared first, then looked at again: a vsync that freed a buffer in between has
        // signalled the event already, or is seen here.
        environment.SetEventSignal(*free_event_, false);
        bool any_free = false;
        {
            std::lock_guard lock(mutex_);
            any_free = OldestFreeSlot().has_value();
        }
        if (any_free) {
            environment.SetEventSignal(*free_event_, true);
        }
    }
}

std::vector<u8> BufferQueue::Transact(u32 code, std::span<const u8> request_bytes,
                                      kernel::IpcEnvironment& environment) {
    ParcelWriter reply;
    auto request = ParcelReader::Parse(request_bytes);
    if (!request || !request->ReadInterfaceToken()) {
        LOG_WARNING("vi", "binder transaction {} with a malformed parcel", code);
        reply.WriteS32(static_cast<s32>(BinderStatus::BadValue));
        return reply.Serialize();
    }
    FreeChange change = FreeChange::None;
    const BinderStatus status = Handle(code, *request, reply, environment, change);
    UpdateFreeEvent(change, environment);
    LOG_DEBUG("vi", "IGraphicBufferProducer transaction {}: status {}", code,
              static_cast<s32>(status));
    reply.WriteS32(static_cast<s32>(status));
    return reply.Serialize();
}

BinderStatus BufferQueue::Handle(u32 code, ParcelReader& request, ParcelWriter& reply,
                                 kernel::IpcEnvironment& environment, FreeChange& change) {
    std::unique_lock lock(mutex_);
    BinderStatus status = BinderStatus::BadValue;
    switch (code) {
        case kConnect: {
            const auto listener = request.ReadU32();
            const auto api = request.ReadU32();
            if (!listener || !api) {
                break;
            }
            if (connected_) {
                status = BinderStatus::BadValue;
                break;
            }
            connected_ = true;
            WriteQueueOutput(reply);
            status = BinderStatus::Ok;
            break;
        }
        case kDisconnect:
            // The producer is gone: what it queued is not shown, and every buffer is its again.
            connected_ = false;
            for (Slot& slot : slots_) {
                if (slot.state == SlotState::Queued || slot.state == SlotState::Shown) {
                    slot.state = SlotState::Free;
                    slot.frame.reset();
                }
            }
            vsyncs_left_ = 0;
            change = FreeChange::Freed;
            status = BinderStatus::Ok;
            break;
        case kSetPreallocatedBuffer: {
            const auto slot = request.ReadU32();
            const auto has_buffer = request.ReadU32();
            if (!slot || !has_buffer || *slot >= slots_.size()) {
                break;
            }
            slots_[*slot] = Slot{};
            if (*has_buffer != 0) {
                const auto flattened = request.ReadFlattened();
                if (!flattened) {
                    break;
                }
                slots_[*slot].buffer = GraphicBuffer::Parse(*flattened);
                if (!slots_[*slot].buffer) {
                    LOG_WARNING("vi", "SetPreallocatedBuffer: slot {} is not a graphic buffer",
                                *slot);
                    break;
                }
                width_ = slots_[*slot].buffer->width;
                height_ = slots_[*slot].buffer->height;
            }
            // The buffer is free: a producer waiting for one may go on.
            change = FreeChange::Freed;
            status = BinderStatus::Ok;
            break;
        }
        case kRequestBuffer: {
            const auto slot = request.ReadU32();
            if (!slot || *slot >= slots_.size()) {
                break;
            }
            // The buffer's flattened form as it was set; libnx checks only its size.
            const bool has = slots_[*slot].buffer.has_value();
            reply.WriteU32(has ? 1 : 0);
            if (has) {
                std::vector<u8> flattened(GraphicBuffer::kFlattenedSize, 0);
                const u32 magic = 0x47424652;
                std::memcpy(flattened.data(), &magic, 4);
                std::memcpy(flattened.data() + 4, &width_, 4);
                std::memcpy(flattened.data() + 8, &height_, 4);
                reply.WriteFlattened(flattened);
            }
            status = BinderStatus::Ok;
            break;
        }
        case kDequeueBuffer:
            status = Dequeue(request, reply, environment, lock);
            change = FreeChange::MayHaveTakenLast;
            break;
        case kQueueBuffer:
            status = Queue(request, reply, environment, lock);
            break;
        case kCancelBuffer: {
            const auto slot = request.ReadU32();
            if (!slot || *slot >= slots_.size()) {
                break;
            }
            slots_[*slot].state = SlotState::Free;
            slots_[*slot].frame.reset();
            change = FreeChange::Freed;
            status = BinderStatus::Ok;
            break;
        }
        case kQuery: {
            const auto what = request.ReadU32();
            if (!what) {
                break;
            }
            u32 value = 0;
            switch (*what) {
                case kQueryWidth:
                    value = width_;
                    break;
                case kQueryHeight:
                    value = height_;
                    break;
                case kQueryFormat:
                    value = kFormatRgba8888;
                    break;
                case kQueryMinUndequeuedBuffers:
                    value = 0;
                    break;
                case kQueryMaxBufferCount:
                    value = kSlotCount;
                    break;
                case kQueryConsumerRunningBehind:
                case kQueryConsumerUsageBits:
                    value = 0;
                    break;
                default:
                    LOG_WARNING("vi", "buffer queue Query({}) is not provided", *what);
                    return BinderStatus::BadValue;
            }
            reply.WriteU32(value);
            status = BinderStatus::Ok;
            break;
        }
        case kDetachBuffer: {
            // The producer takes the slot's buffer back (libnx at exit).
            const auto slot = request.ReadU32();
            if (!slot || *slot >= slots_.size()) {
                break;
            }
            slots_[*slot] = Slot{};
            status = BinderStatus::Ok;
            break;
        }
        case kSetBufferCount:
        case kDetachNextBuffer:
        case kAttachBuffer:
        case kSetSidebandStream:
        case kAllocateBuffers:
        default:
            LOG_WARNING("vi", "IGraphicBufferProducer transaction {} is not provided by nxhost",
                        code);
            status = BinderStatus::InvalidOperation;
            break;
    }
    return status;
}

}  // namespace services::vi
