#include "services/nvdrv/nvhost_as_gpu.h"

#include "base/bits.h"

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

constexpr u32 kFixedOffset = 1;      // NVGPU_AS_ALLOC_SPACE_FLAGS_FIXED_OFFSET, and MAP_BUFFER's
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
    IoctlEntry<NvHostAsGpu>{0xC0184114, "NVGPU_AS_IOCTL_REMAP", nullptr},
};

}  // namespace

NvResult NvHostAsGpu::Ioctl(u32 request, const IoctlBuffers& buffers) {
    // REMAP carries a variable number of entries: its size field varies.
    if ((request & 0xC000FFFF) == 0xC0004114) {
        return Dispatch(*this, kIoctls, 0xC0184114, buffers);
    }
    return Dispatch(*this, kIoctls, request, buffers);
}

u64 NvHostAsGpu::Place(u64 size, u64 align) {
    const u64 at = base::AlignUp<u64>(next_free_, std::max<u64>(align, 0x1000));
    next_free_ = at + base::AlignUp<u64>(size, 0x1000);
    return at;
}

NvResult NvHostAsGpu::BindChannel(const IoctlBuffers& buffers) {
    IoctlArgument<u32> channel_fd(buffers);
    return NvResult::Success;
}

NvResult NvHostAsGpu::AllocSpace(const IoctlBuffers& buffers) {
    IoctlArgument<AllocSpaceArgs> args(buffers);
    if (args->page_size == 0 || (args->page_size & (args->page_size - 1)) != 0) {
        return NvResult::BadValue;
    }
    const u64 size = u64{args->pages} * args->page_size;
    if (size == 0) {
        return NvResult::BadValue;
    }
    if (!(args->flags & kFixedOffset)) {
        args->offset = Place(size, std::max<u64>(args->offset, args->page_size));
    }
    reservations_[args->offset] = size;
    return NvResult::Success;
}

NvResult NvHostAsGpu::FreeSpace(const IoctlBuffers& buffers) {
    IoctlArgument<FreeSpaceArgs> args(buffers);
    return reservations_.erase(args->offset) != 0 ? NvResult::Success : NvResult::BadValue;
}

NvResult NvHostAsGpu::UnmapBuffer(const IoctlBuffers& buffers) {
    IoctlArgument<u64> offset(buffers);
    return mappings_.erase(offset.value) != 0 ? NvResult::Success : NvResult::BadValue;
}

NvResult NvHostAsGpu::MapBufferEx(const IoctlBuffers& buffers) {
    IoctlArgument<MapBufferExArgs> args(buffers);
    if (args->flags & kRemapOffset) {
        // A new kind over part of a mapping: the memory behind it stays as it is.
        const auto found = mappings_.upper_bound(static_cast<u64>(args->offset));
        return found == mappings_.begin() ? NvResult::BadValue : NvResult::Success;
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
    if (!(args->flags & kFixedOffset) &&
        static_cast<u64>(args->buffer_offset) + size > object->size) {
        return NvResult::InvalidSize;
    }
    if (!(args->flags & kFixedOffset)) {
        const u32 page = args->page_size != 0 ? args->page_size : big_page_size_;
        args->offset = static_cast<s64>(Place(size, page));
    }
    mappings_[static_cast<u64>(args->offset)] =
        GpuMapping{size, object, static_cast<u64>(args->buffer_offset)};
    return NvResult::Success;
}

NvResult NvHostAsGpu::GetVaRegions(const IoctlBuffers& buffers) {
    IoctlArgument<GetVaRegionsArgs> args(buffers);
    // The small-page and big-page halves of the 40-bit space (yuzu's nvhost_as_gpu).
    args->buffer_size = 2 * sizeof(VaRegion);
    args->regions[0] = {0x04000000, 0x1000, 0, 0x3FBFFF};
    args->regions[1] = {0x04000000ull << 10, big_page_size_, 0, 0x1BFFF};
    return NvResult::Success;
}

NvResult NvHostAsGpu::InitializeEx(const IoctlBuffers& buffers) {
    IoctlArgument<InitializeExArgs> args(buffers);
    if (args->big_page_size != 0) {
        big_page_size_ = args->big_page_size;
    }
    return NvResult::Success;
}

}  // namespace services::nvdrv
