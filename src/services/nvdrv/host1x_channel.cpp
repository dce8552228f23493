#include "services/nvdrv/host1x_channel.h"

#include <array>
#include <cstring>

namespace services::nvdrv {
namespace {

struct SyncpointArgs {
    u32 parameter;  // which of the channel's syncpoints (0: its own)
    u32 value;
};

constexpr std::array kIoctls = {
    IoctlEntry<Host1xChannel>{0x40044801, "NVHOST_IOCTL_CHANNEL_SET_NVMAP_FD",
                              &Host1xChannel::SetNvmapFd},
    IoctlEntry<Host1xChannel>{0xC0080002, "NVHOST_IOCTL_CHANNEL_GET_SYNCPOINT",
                              &Host1xChannel::GetSyncpoint},
    IoctlEntry<Host1xChannel>{0xC0080003, "NVHOST_IOCTL_CHANNEL_GET_WAITBASE",
                              &Host1xChannel::GetWaitbase},
    IoctlEntry<Host1xChannel>{0x40040007, "NVHOST_IOCTL_CHANNEL_SET_SUBMIT_TIMEOUT",
                              &Host1xChannel::SetSubmitTimeout},
};

}  // namespace

NvResult Host1xChannel::Ioctl(u32 request, const IoctlBuffers& buffers) {
    // SUBMIT (number 1), MAP_BUFFER (9) and UNMAP_BUFFER (10) carry variable sizes.
    const u32 number = request & 0xff;
    if (((request >> 8) & 0xff) == 0) {
        if (number == 9 || number == 10) {
            return MapBuffer(buffers, number == 9);
        }
        if (number == 1) {
            LOG_WARNING("nvdrv",
                        "{}: SUBMIT ({:#010x}) is not provided by nxhost yet: the engine's work "
                        "is not executed",
                        path_, request);
            return NvResult::NotImplemented;
        }
    }
    return Dispatch(*this, kIoctls, request, buffers);
}

// {u32 entry count, u32 unused address, u32 attach host channel DAS}, then entries of
// {u32 nvmap handle, u32 address the engine sees}.
NvResult Host1xChannel::MapBuffer(const IoctlBuffers& buffers, bool map) {
    constexpr std::size_t kHeader = 12;
    constexpr std::size_t kEntry = 8;
    if (buffers.in.size() < kHeader || buffers.out.size() < buffers.in.size()) {
        return NvResult::InvalidSize;
    }
    u32 count = 0;
    std::memcpy(&count, buffers.in.data(), 4);
    if (count > (buffers.in.size() - kHeader) / kEntry) {
        return NvResult::InvalidSize;
    }
    std::memcpy(buffers.out.data(), buffers.in.data(), buffers.in.size());
    for (u32 i = 0; i < count; ++i) {
        u32 handle = 0;
        std::memcpy(&handle, buffers.in.data() + kHeader + i * kEntry, 4);
        const auto object = nvmap_->FromHandle(handle);
        if (!object) {
            return NvResult::BadValue;
        }
        // The engine sees the object at its memory's address (low 32 bits: host1x's space).
        const u32 address = map ? static_cast<u32>(object->address) : 0;
        std::memcpy(buffers.out.data() + kHeader + i * kEntry + 4, &address, 4);
    }
    return NvResult::Success;
}

NvResult Host1xChannel::SetNvmapFd(const IoctlBuffers& buffers) {
    IoctlArgument<u32> fd(buffers);
    return NvResult::Success;
}

NvResult Host1xChannel::GetSyncpoint(const IoctlBuffers& buffers) {
    IoctlArgument<SyncpointArgs> args(buffers);
    if (!syncpoint_) {
        syncpoint_ = syncpoints_->Allocate();
        if (!syncpoint_) {
            return NvResult::ResourceError;
        }
    }
    args->value = *syncpoint_;
    return NvResult::Success;
}

NvResult Host1xChannel::GetWaitbase(const IoctlBuffers& buffers) {
    IoctlArgument<SyncpointArgs> args(buffers);
    args->value = 0;
    return NvResult::Success;
}

NvResult Host1xChannel::SetSubmitTimeout(const IoctlBuffers& buffers) {
    IoctlArgument<u32> timeout(buffers);
    return NvResult::Success;
}

}  // namespace services::nvdrv
