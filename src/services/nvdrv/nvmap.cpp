#include "services/nvdrv/nvmap.h"

#include <array>

namespace services::nvdrv {
namespace {

struct CreateArgs {
    u32 size;
    u32 handle;
};
struct FromIdArgs {
    u32 id;
    u32 handle;
};
struct AllocArgs {
    u32 handle;
    u32 heap_mask;
    u32 flags;
    u32 align;
    u8 kind;
    u8 padding[7];
    u64 address;
};
static_assert(sizeof(AllocArgs) == 0x20);
struct FreeArgs {
    u32 handle;
    u32 padding;
    u64 address;
    u32 size;
    u32 flags;
};
static_assert(sizeof(FreeArgs) == 0x18);
struct ParamArgs {
    u32 handle;
    u32 param;
    u32 result;
};
struct GetIdArgs {
    u32 id;
    u32 handle;
};

// NVMAP_PARAM_* (the public nvmap header).
enum Param : u32 { kSize = 1, kAlignment = 2, kBase = 3, kHeap = 4, kKind = 5 };

constexpr std::array kIoctls = {
    IoctlEntry<NvMapDevice>{0xC0080101, "NVMAP_IOC_CREATE", &NvMapDevice::Create},
    IoctlEntry<NvMapDevice>{0xC0080103, "NVMAP_IOC_FROM_ID", &NvMapDevice::FromId},
    IoctlEntry<NvMapDevice>{0xC0200104, "NVMAP_IOC_ALLOC", &NvMapDevice::Alloc},
    IoctlEntry<NvMapDevice>{0xC0180105, "NVMAP_IOC_FREE", &NvMapDevice::Free},
    IoctlEntry<NvMapDevice>{0xC00C0109, "NVMAP_IOC_PARAM", &NvMapDevice::Param},
    IoctlEntry<NvMapDevice>{0xC008010E, "NVMAP_IOC_GET_ID", &NvMapDevice::GetId},
};

}  // namespace

std::shared_ptr<NvMapObject> NvMap::Create(u32 size) {
    std::lock_guard lock(mutex_);
    auto object = std::make_shared<NvMapObject>();
    object->handle = next_handle_++;
    object->id = next_id_++;
    object->size = size;
    by_handle_[object->handle] = object;
    by_id_[object->id] = object;
    return object;
}

std::shared_ptr<NvMapObject> NvMap::FromHandle(u32 handle) const {
    std::lock_guard lock(mutex_);
    const auto found = by_handle_.find(handle);
    return found == by_handle_.end() ? nullptr : found->second;
}

std::shared_ptr<NvMapObject> NvMap::FromId(u32 id) const {
    std::lock_guard lock(mutex_);
    const auto found = by_id_.find(id);
    return found == by_id_.end() ? nullptr : found->second;
}

bool NvMap::Free(u32 handle) {
    std::lock_guard lock(mutex_);
    const auto found = by_handle_.find(handle);
    if (found == by_handle_.end()) {
        return false;
    }
    by_id_.erase(found->second->id);
    by_handle_.erase(found);
    return true;
}

NvResult NvMapDevice::Ioctl(u32 request, const IoctlBuffers& buffers) {
    return Dispatch(*this, kIoctls, request, buffers);
}

NvResult NvMapDevice::Create(const IoctlBuffers& buffers) {
    IoctlArgument<CreateArgs> args(buffers);
    if (args->size == 0) {
        return NvResult::BadValue;
    }
    args->handle = map_->Create(args->size)->handle;
    return NvResult::Success;
}

NvResult NvMapDevice::FromId(const IoctlBuffers& buffers) {
    IoctlArgument<FromIdArgs> args(buffers);
    const auto object = map_->FromId(args->id);
    if (!object) {
        return NvResult::BadValue;
    }
    args->handle = object->handle;
    return NvResult::Success;
}

NvResult NvMapDevice::Alloc(const IoctlBuffers& buffers) {
    IoctlArgument<AllocArgs> args(buffers);
    const auto object = map_->FromHandle(args->handle);
    if (!object) {
        return NvResult::BadValue;
    }
    if (object->allocated) {
        return NvResult::AlreadyAllocated;
    }
    // Alignment 0 means a page; anything else must be a power of two. It is the alignment of
    // the object's GPU mappings: the memory itself need only be page-aligned.
    const u32 align = args->align == 0 ? 0x1000 : args->align;
    if ((align & (align - 1)) != 0 || (args->address & 0xfff) != 0) {
        return NvResult::BadValue;
    }
    if (args->address != 0 && buffers.environment != nullptr) {
        const u64 pages = (u64{object->size} + 0xfff) & ~u64{0xfff};
        object->device_use = buffers.environment->UseByDevice(args->address, pages);
        if (!object->device_use) {
            LOG_WARNING("nvdrv",
                        "/dev/nvmap: ALLOC of handle {} over [{:#x}, +{:#x}), memory the process "
                        "has not mapped: refused",
                        args->handle, args->address, pages);
            return NvResult::BadValue;
        }
    }
    object->allocated = true;
    object->address = args->address;
    object->align = align;
    object->heap_mask = args->heap_mask;
    object->flags = args->flags;
    object->kind = args->kind;
    if (object->address == 0) {
        object->driver_memory.assign(object->size, 0);
    }
    return NvResult::Success;
}

NvResult NvMapDevice::Free(const IoctlBuffers& buffers) {
    IoctlArgument<FreeArgs> args(buffers);
    const auto object = map_->FromHandle(args->handle);
    if (!object || !map_->Free(args->handle)) {
        return NvResult::BadValue;
    }
    args->address = object->address;
    args->size = object->size;
    args->flags = object->address != 0 ? 1 : 0;  // the memory was the caller's: it gets it back
    return NvResult::Success;
}

NvResult NvMapDevice::Param(const IoctlBuffers& buffers) {
    IoctlArgument<ParamArgs> args(buffers);
    const auto object = map_->FromHandle(args->handle);
    if (!object) {
        return NvResult::BadValue;
    }
    switch (args->param) {
        case kSize:
            args->result = object->size;
            return NvResult::Success;
        case kAlignment:
            args->result = object->align;
            return NvResult::Success;
        case kBase:
            args->result = static_cast<u32>(object->address);
            return NvResult::Success;
        case kHeap:
            args->result = object->allocated ? 0x40000000 : 0;
            return NvResult::Success;
        case kKind:
            args->result = object->kind;
            return NvResult::Success;
        default:
            return NvResult::BadValue;
    }
}

NvResult NvMapDevice::GetId(const IoctlBuffers& buffers) {
    IoctlArgument<GetIdArgs> args(buffers);
    const auto object = map_->FromHandle(args->handle);
    if (!object) {
        return NvResult::BadValue;
    }
    args->id = object->id;
    return NvResult::Success;
}

}  // namespace services::nvdrv
