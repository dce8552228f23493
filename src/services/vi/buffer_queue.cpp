#include "services/vi/buffer_queue.h"

#include <cstring>

#include "base/log.h"

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

}  // namespace

BufferQueue::BufferQueue(std::shared_ptr<nvdrv::NvMap> nvmap,
                         std::shared_ptr<PresentedFrames> frames)
    : nvmap_(std::move(nvmap)),
      frames_(std::move(frames)),
      free_event_(std::make_shared<kernel::ReadableEvent>()) {}

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

void BufferQueue::WriteQueueOutput(ParcelWriter& reply) const {
    reply.WriteU32(width_);
    reply.WriteU32(height_);
    reply.WriteU32(0);  // transform hint
    reply.WriteU32(0);  // buffers pending: every queued buffer is shown at once
}

BinderStatus BufferQueue::Dequeue(ParcelReader& request, ParcelWriter& reply) {
    const auto async = request.ReadU32();
    const auto width = request.ReadU32();
    const auto height = request.ReadU32();
    if (!async || !width || !height) {
        return BinderStatus::BadValue;
    }
    const auto slot = OldestFreeSlot();
    if (!slot) {
        LOG_WARNING("vi", "DequeueBuffer: no free buffer (none preallocated, or all dequeued)");
        return BinderStatus::WouldBlock;
    }
    slots_[*slot].state = SlotState::Dequeued;
    reply.WriteU32(static_cast<u32>(*slot));
    reply.WriteU32(1);  // a fence follows
    WriteNoFence(reply);
    return BinderStatus::Ok;
}

BinderStatus BufferQueue::Queue(ParcelReader& request, ParcelWriter& reply,
                                kernel::IpcEnvironment& environment) {
    const auto slot_index = request.ReadU32();
    const auto input = request.ReadFlattened();
    if (!slot_index || !input || *slot_index >= slots_.size() || input->size() < 0x24) {
        return BinderStatus::BadValue;
    }
    Slot& slot = slots_[*slot_index];
    if (slot.state != SlotState::Dequeued || !slot.buffer) {
        LOG_WARNING("vi", "QueueBuffer: slot {} was not dequeued", *slot_index);
        return BinderStatus::BadValue;
    }
    // QueueBufferInput: s64 timestamp, s32 is-auto-timestamp, crop (4 x s32), scaling mode,
    // transform, sticky transform, ...
    u32 transform = 0;
    std::memcpy(&transform, input->data() + 0x20, sizeof(transform));
    DecodedFrame decoded =
        DecodeGraphicBuffer(*slot.buffer, *nvmap_, environment.Memory(), transform);
    if (decoded.frame) {
        frames_->Present(std::move(*decoded.frame));
    } else {
        LOG_WARNING("vi", "QueueBuffer: slot {} not shown: {}", *slot_index, decoded.error);
    }
    slot.state = SlotState::Free;
    slot.last_queued = ++queued_count_;
    WriteQueueOutput(reply);
    return BinderStatus::Ok;
}

std::vector<u8> BufferQueue::Transact(u32 code, std::span<const u8> request_bytes,
                                      kernel::IpcEnvironment& environment) {
    ParcelWriter reply;
    auto request = ParcelReader::Parse(request_bytes);
    BinderStatus status = BinderStatus::BadValue;
    if (!request || !request->ReadInterfaceToken()) {
        LOG_WARNING("vi", "binder transaction {} with a malformed parcel", code);
        reply.WriteS32(static_cast<s32>(status));
        return reply.Serialize();
    }
    std::lock_guard lock(mutex_);
    switch (code) {
        case kConnect: {
            const auto listener = request->ReadU32();
            const auto api = request->ReadU32();
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
            connected_ = false;
            status = BinderStatus::Ok;
            break;
        case kSetPreallocatedBuffer: {
            const auto slot = request->ReadU32();
            const auto has_buffer = request->ReadU32();
            if (!slot || !has_buffer || *slot >= slots_.size()) {
                break;
            }
            slots_[*slot] = Slot{};
            if (*has_buffer != 0) {
                const auto flattened = request->ReadFlattened();
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
            environment.SetEventSignal(*free_event_, true);
            status = BinderStatus::Ok;
            break;
        }
        case kRequestBuffer: {
            const auto slot = request->ReadU32();
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
            status = Dequeue(*request, reply);
            break;
        case kQueueBuffer:
            status = Queue(*request, reply, environment);
            break;
        case kCancelBuffer: {
            const auto slot = request->ReadU32();
            if (!slot || *slot >= slots_.size()) {
                break;
            }
            slots_[*slot].state = SlotState::Free;
            status = BinderStatus::Ok;
            break;
        }
        case kQuery: {
            const auto what = request->ReadU32();
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
                    status = BinderStatus::BadValue;
                    reply.WriteS32(static_cast<s32>(status));
                    return reply.Serialize();
            }
            reply.WriteU32(value);
            status = BinderStatus::Ok;
            break;
        }
        case kDetachBuffer: {
            // The producer takes the slot's buffer back (libnx at exit).
            const auto slot = request->ReadU32();
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
    LOG_DEBUG("vi", "IGraphicBufferProducer transaction {}: status {}", code,
              static_cast<s32>(status));
    reply.WriteS32(static_cast<s32>(status));
    return reply.Serialize();
}

}  // namespace services::vi
