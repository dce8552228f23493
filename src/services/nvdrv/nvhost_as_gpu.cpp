#include "services/nvdrv/nvhost_as_gpu.h"

#include <algorithm>
#include <cstring>

#include "services/nvdrv/nvmap_memory.h"

namespace services::nvdrv {
namespace {

struct AllocSpaceArgs {
    u32 pages;
    u32 page_size;
    u32 flags;
    u32 padding;
    u64 offset;  // in: the alignment, or the address with the fixed-offset flag
};
struct FreeSpaceArgs {
    u64 offset;
    u32 pages;
    u32 page_size;
};
struct MapBufferExArgs {
    u32 flags;
    u32 kind;
    u32 nvmap_handle;
    u32 page_size;
    s64 buffer_offset;
    u64 mapping_size;
    s64 offset;
};
static_assert(sizeof(MapBufferExArgs) == 0x28);
struct VaRegion {
    u64 offset;
    u32 page_size;
    u32 padding;
    u64 pages;
};
struct GetVaRegionsArgs {
    u64 not_used;
    u32 buffer_size;
    u32 padding;
    VaRegion regions[2];
};
static_assert(sizeof(GetVaRegionsArgs) == 0x40);
struct InitializeExArgs {
    u32 big_page_size;
    s32 as_fd;
    u32 flags;
    u32 reserved;
    u64 va_range_start;
    u64 va_range_end;
    u64 va_range_split;
};
static_assert(sizeof(InitializeExArgs) == 0x28);
// One entry of REMAP, in big pages (yuzu's nvhost_as_gpu IoctlRemapEntry; nvgpu's
// nvgpu_as_remap_op): map `pages` of the object from `object_page` at `gpu_page`, or with
// handle 0 unmap them (the range reads as sparse again).
struct RemapEntry {
    u16 flags;
    u16 kind;
    u32 nvmap_handle;
    u32 object_page;
    u32 gpu_page;
    u32 pages;
};
static_assert(sizeof(RemapEntry) == 0x14);

constexpr u32 kFixedOffset = 1;      // NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET, and MAP_BUFFER's
constexpr u32 kSparse = 2;           // NVGPU_AS_ALLOC_SPACE_FLAGS_SPARSE
constexpr u32 kRemapOffset = 0x100;  // MAP_BUFFER_EX: remap within an existing mapping

constexpr std::array kIoctls = {
    IoctlEntry<NvHostAsGpu>{0x40044101, "NVGPU_AS_IOCTL_BIND_CHANNEL", &NvHostAsGpu::BindChannel},
    IoctlEntry<NvHostAsGpu>{0xC0184102, "NVGPU_AS_IOCTL_ALLOC_SPACE", &NvHostAsGpu::AllocSpace},
    IoctlEntry<NvHostAsGpu>{0xC0104103, "NVGPU_AS_IOCTL_FREE_SPACE", &NvHostAsGpu::FreeSpace},
    IoctlEntry<NvHostAsGpu>{0xC0084105, "NVGPU_AS_IOCTL_UNMAP_BUFFER", &NvHostAsGpu::UnmapBuffer},
    IoctlEntry<NvHostAsGpu>{0xC0284106, "NVGPU_AS_IOCTL_MAP_BUFFER_EX", &NvHostAsGpu::MapBufferEx},
    IoctlEntry<NvHostAsGpu>{0xC0404108, "NVGPU_AS_IOCTL_GET_VA_REGIONS",
                            &NvHostAsGpu::GetVaRegions},
    IoctlEntry<NvHostAsGpu>{0x40284109, "NVGPU_AS_IOCTL_INITIALIZE_EX", &NvHostAsGpu::InitializeEx},
};

}  // namespace

NvResult NvHostAsGpu::Ioctl(u32 request, const IoctlBuffers& buffers) {
    // REMAP carries a variable number of entries: its size field varies.
    if ((request & 0xC000FFFF) == 0xC0004114) {
        return Remap(buffers);
    }
    return Dispatch(*this, kIoctls, request, buffers);
}

NvResult NvHostAsGpu::BindChannel(const IoctlBuffers& buffers) {
    IoctlArgument<u32> channel_fd(buffers);
    NvDevice* channel = buffers.device_of_fd ? buffers.device_of_fd(channel_fd.value) : nullptr;
    if (channel == nullptr || !channel->BindAddressSpace(memory_)) {
        LOG_WARNING("nvdrv",
                    "/dev/nvhost-as-gpu: BIND_CHANNEL of fd {}, which is no open "
                    "/dev/nvhost-gpu",
                    channel_fd.value);
        return NvResult::BadValue;
    }
    return NvResult::Success;
}

NvResult NvHostAsGpu::AllocSpace(const IoctlBuffers& buffers) {
    IoctlArgument<AllocSpaceArgs> args(buffers);
    const u64 size = u64{args->pages} * args->page_size;
    const bool fixed = args->flags & kFixedOffset;
    const auto at = memory_->Reserve(size, args->page_size,
                                     fixed ? std::optional<u64>(args->offset) : std::nullopt,
                                     fixed ? 0 : args->offset, args->flags & kSparse);
    if (!at) {
        return NvResult::BadValue;
    }
    args->offset = *at;
    return NvResult::Success;
}

NvResult NvHostAsGpu::FreeSpace(const IoctlBuffers& buffers) {
    IoctlArgument<FreeSpaceArgs> args(buffers);
    return memory_->Free(args->offset) ? NvResult::Success : NvResult::BadValue;
}

NvResult NvHostAsGpu::UnmapBuffer(const IoctlBuffers& buffers) {
    IoctlArgument<u64> offset(buffers);
    return memory_->Unmap(offset.value) ? NvResult::Success : NvResult::BadValue;
}

NvResult NvHostAsGpu::MapBufferEx(const IoctlBuffers& buffers) {
    IoctlArgument<MapBufferExArgs> args(buffers);
    if (args->flags & kRemapOffset) {
        // A new kind over part of a mapping: the memory behind it stays as it is.
        const auto mappings = memory_->Mappings();
        const auto found = mappings.upper_bound(static_cast<u64>(args->offset));
        return found == mappings.begin() ? NvResult::BadValue : NvResult::Success;
    }
    const auto object = nvmap_->FromHandle(args->nvmap_handle);
    if (!object) {
        LOG_WARNING("nvdrv",
                    "/dev/nvhost-as-gpu: MAP_BUFFER_EX of nvmap handle {}, which does "
                    "not exist",
                    args->nvmap_handle);
        return NvResult::BadValue;
    }
    // A fixed mapping may be larger than its object (libnx 1.x maps 0x1000-byte objects over
    // 0x10000 bytes); the rest reads as the object's memory does not reach.
    const u64 size = args->mapping_size != 0 ? args->mapping_size : object->size;
    const bool fixed = args->flags & kFixedOffset;
    if (!fixed && static_cast<u64>(args->buffer_offset) + size > object->size) {
        return NvResult::InvalidSize;
    }
    const u32 page = args->page_size != 0 ? args->page_size : memory_->BigPageSize();
    const auto at = memory_->Map(
        fixed ? std::optional<u64>(static_cast<u64>(args->offset)) : std::nullopt, size,
        std::make_shared<NvMapMemory>(
            object, buffers.environment != nullptr ? &buffers.environment->Memory() : nullptr),
        static_cast<u64>(args->buffer_offset), page, args->kind);
    if (!at) {
        return NvResult::BadValue;
    }
    args->offset = static_cast<s64>(*at);
    return NvResult::Success;
}

NvResult NvHostAsGpu::Remap(const IoctlBuffers& buffers) {
    const std::size_t count = buffers.in.size() / sizeof(RemapEntry);
    const u64 page = memory_->BigPageSize();
    for (std::size_t index = 0; index < count; ++index) {
        RemapEntry entry;
        std::memcpy(&entry, buffers.in.data() + index * sizeof(RemapEntry), sizeof(entry));
        const u64 address = u64{entry.gpu_page} * page;
        const u64 size = u64{entry.pages} * page;
        if (entry.nvmap_handle == 0) {
            memory_->UnmapRange(address, size);
            continue;
        }
        const auto object = nvmap_->FromHandle(entry.nvmap_handle);
        if (!object) {
            LOG_WARNING("nvdrv",
                        "/dev/nvhost-as-gpu: REMAP of nvmap handle {}, which does not "
                        "exist",
                        entry.nvmap_handle);
            return NvResult::BadValue;
        }
        const auto mapped = memory_->Map(
            address, size,
            std::make_shared<NvMapMemory>(
                object, buffers.environment != nullptr ? &buffers.environment->Memory() : nullptr),
            u64{entry.object_page} * page, static_cast<u32>(page), entry.kind);
        if (!mapped) {
            return NvResult::BadValue;
        }
    }
    std::memcpy(buffers.out.data(), buffers.in.data(),
                std::min(buffers.in.size(), buffers.out.size()));
    return NvResult::Success;
}

NvResult NvHostAsGpu::GetVaRegions(const IoctlBuffers& buffers) {
    IoctlArgument<GetVaRegionsArgs> args(buffers);
    // The small-page and big-page halves of the 40-bit space (yuzu's nvhost_as_gpu).
    args->buffer_size = 2 * sizeof(VaRegion);
    args->regions[0] = {0x04000000, 0x1000, 0, 0x3FBFFF};
    args->regions[1] = {0x04000000ull << 10, memory_->BigPageSize(), 0, 0x1BFFF};
    return NvResult::Success;
}

NvResult NvHostAsGpu::InitializeEx(const IoctlBuffers& buffers) {
    IoctlArgument<InitializeExArgs> args(buffers);
    if (args->big_page_size != 0) {
        memory_->SetBigPageSize(args->big_page_size);
    }
    return NvResult::Success;
}

}  // namespace services::nvdrv
