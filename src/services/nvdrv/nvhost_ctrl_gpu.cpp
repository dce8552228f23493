#include "services/nvdrv/nvhost_ctrl_gpu.h"

#include <chrono>

namespace services::nvdrv {
namespace {

// nvgpu_gpu_characteristics (the public nvgpu header), 0xA0 bytes.
struct Characteristics {
    u32 arch;
    u32 impl;
    u32 rev;
    u32 num_gpc;
    u64 l2_cache_size;
    u64 on_board_video_memory_size;
    u32 num_tpc_per_gpc;
    u32 bus_type;
    u32 big_page_size;
    u32 compression_page_size;
    u32 pde_coverage_bit_count;
    u32 available_big_page_sizes;
    u32 gpc_mask;
    u32 sm_arch_sm_version;
    u32 sm_arch_spa_version;
    u32 sm_arch_warp_count;
    u32 gpu_va_bit_count;
    u32 reserved;
    u64 flags;
    u32 twod_class;
    u32 threed_class;
    u32 compute_class;
    u32 gpfifo_class;
    u32 inline_to_memory_class;
    u32 dma_copy_class;
    u32 max_fbps_count;
    u32 fbp_en_mask;
    u32 max_ltc_per_fbp;
    u32 max_lts_per_ltc;
    u32 max_tex_per_tpc;
    u32 max_gpc_count;
    u32 rop_l2_en_mask_0;
    u32 rop_l2_en_mask_1;
    u64 chipname;
    u64 gr_compbit_store_base_hw;
};
static_assert(sizeof(Characteristics) == 0xA0);

struct GetCharacteristicsArgs {
    u64 buffer_size;
    u64 buffer_address;
    Characteristics characteristics;
};
static_assert(sizeof(GetCharacteristicsArgs) == 0xB0);

// The Switch's GM20B as its driver reports it (the values the open-source Switch emulators
// took from the console).
constexpr Characteristics kGm20b = {
    .arch = 0x120,  // GM200
    .impl = 0xB,    // GM20B
    .rev = 0xA1,
    .num_gpc = 1,
    .l2_cache_size = 0x40000,
    .on_board_video_memory_size = 0,
    .num_tpc_per_gpc = 2,
    .bus_type = 0x20,  // AXI
    .big_page_size = 0x20000,
    .compression_page_size = 0x20000,
    .pde_coverage_bit_count = 0x1B,
    .available_big_page_sizes = 0x30000,
    .gpc_mask = 1,
    .sm_arch_sm_version = 0x503,
    .sm_arch_spa_version = 0x503,
    .sm_arch_warp_count = 0x80,
    .gpu_va_bit_count = 0x28,
    .reserved = 0,
    .flags = 0x55,
    .twod_class = 0x902D,
    .threed_class = 0xB197,
    .compute_class = 0xB1C0,
    .gpfifo_class = 0xB06F,
    .inline_to_memory_class = 0xA140,
    .dma_copy_class = 0xB0B5,
    .max_fbps_count = 1,
    .fbp_en_mask = 0,
    .max_ltc_per_fbp = 2,
    .max_lts_per_ltc = 1,
    .max_tex_per_tpc = 0,
    .max_gpc_count = 1,
    .rop_l2_en_mask_0 = 0x21D70,
    .rop_l2_en_mask_1 = 0,
    .chipname = 0x6230326D67,  // "gm20b"
    .gr_compbit_store_base_hw = 0,
};

// The Switch 2's T239: an Ampere GA10B-family part with one GPC of six TPCs. Its classes are
// AMPERE_B's as NVIDIA's class tables list them for T239 and T234 (3D C797, compute C7C0,
// copy C7B5, GPFIFO C76F); the other fields follow the GM20B's where nothing public says more.
constexpr Characteristics kT239 = [] {
    Characteristics t239 = kGm20b;
    t239.arch = 0x170;  // GA100 family
    t239.impl = 0xB;    // GA10B
    t239.rev = 0xA1;
    t239.num_tpc_per_gpc = 6;
    t239.l2_cache_size = 0x100000;
    t239.sm_arch_sm_version = 0x807;
    t239.sm_arch_spa_version = 0x807;
    t239.threed_class = 0xC797;
    t239.compute_class = 0xC7C0;
    t239.gpfifo_class = 0xC76F;
    t239.dma_copy_class = 0xC7B5;
    t239.chipname = 0x39333274;  // "t239"
    return t239;
}();

struct ZcullGetInfoArgs {
    u32 width_align_pixels;
    u32 height_align_pixels;
    u32 pixel_squares_by_aliquots;
    u32 aliquot_total;
    u32 region_byte_multiplier;
    u32 region_header_size;
    u32 subregion_header_size;
    u32 subregion_width_align_pixels;
    u32 subregion_height_align_pixels;
    u32 subregion_count;
};
static_assert(sizeof(ZcullGetInfoArgs) == 0x28);

// yuzu's layout of it: the TPC mask of the one GPC after the buffer's address.
struct GetTpcMasksArgs {
    u32 mask_buffer_size;
    u32 padding0;
    u64 mask_buffer_address;
    u32 tpc_mask;
    u32 padding1;
};
static_assert(sizeof(GetTpcMasksArgs) == 0x18);

constexpr std::array kIoctls = {
    IoctlEntry<NvHostCtrlGpu>{0x80044701, "NVGPU_GPU_IOCTL_ZCULL_GET_CTX_SIZE",
                              &NvHostCtrlGpu::ZcullGetCtxSize},
    IoctlEntry<NvHostCtrlGpu>{0x80284702, "NVGPU_GPU_IOCTL_ZCULL_GET_INFO",
                              &NvHostCtrlGpu::ZcullGetInfo},
    IoctlEntry<NvHostCtrlGpu>{0x402C4703, "NVGPU_GPU_IOCTL_ZBC_SET_TABLE", nullptr},
    IoctlEntry<NvHostCtrlGpu>{0xC0B04705, "NVGPU_GPU_IOCTL_GET_CHARACTERISTICS",
                              &NvHostCtrlGpu::GetCharacteristics},
    IoctlEntry<NvHostCtrlGpu>{0xC0184706, "NVGPU_GPU_IOCTL_GET_TPC_MASKS",
                              &NvHostCtrlGpu::GetTpcMasks},
    IoctlEntry<NvHostCtrlGpu>{0x80084714, "NVGPU_GPU_IOCTL_GET_ACTIVE_SLOT_MASK",
                              &NvHostCtrlGpu::GetActiveSlotMask},
    IoctlEntry<NvHostCtrlGpu>{0xC010471C, "NVGPU_GPU_IOCTL_GET_GPU_TIME",
                              &NvHostCtrlGpu::GetGpuTime},
};

}  // namespace

NvHostCtrlGpu::NvHostCtrlGpu(const profile::ConsoleModel& console)
    : console_(console.console),
      error_event_(std::make_shared<kernel::ReadableEvent>()),
      unknown_event_(std::make_shared<kernel::ReadableEvent>()) {}

NvResult NvHostCtrlGpu::Ioctl(u32 request, const IoctlBuffers& buffers) {
    return Dispatch(*this, kIoctls, request, buffers);
}

std::shared_ptr<kernel::ReadableEvent> NvHostCtrlGpu::Event(u32 id) {
    // 1: the error event, 2: unknown (yuzu's nvhost_ctrl_gpu QueryEvent).
    return id == 1 ? error_event_ : id == 2 ? unknown_event_ : nullptr;
}

NvResult NvHostCtrlGpu::ZcullGetCtxSize(const IoctlBuffers& buffers) {
    IoctlArgument<u32> size(buffers);
    size.value = 0x1;
    return NvResult::Success;
}

NvResult NvHostCtrlGpu::ZcullGetInfo(const IoctlBuffers& buffers) {
    IoctlArgument<ZcullGetInfoArgs> args(buffers);
    args.value = {0x20, 0x20, 0x400, 0x800, 0x20, 0x20, 0xC0, 0x20, 0x40, 0x10};
    return NvResult::Success;
}

NvResult NvHostCtrlGpu::GetCharacteristics(const IoctlBuffers& buffers) {
    IoctlArgument<GetCharacteristicsArgs> args(buffers);
    args->buffer_size = sizeof(Characteristics);
    args->characteristics = console_ == profile::Console::Switch2 ? kT239 : kGm20b;
    return NvResult::Success;
}

NvResult NvHostCtrlGpu::GetTpcMasks(const IoctlBuffers& buffers) {
    IoctlArgument<GetTpcMasksArgs> args(buffers);
    if (args->mask_buffer_size != 0) {
        args->tpc_mask = console_ == profile::Console::Switch2 ? 0x3f : 0x3;
    }
    return NvResult::Success;
}

NvResult NvHostCtrlGpu::GetActiveSlotMask(const IoctlBuffers& buffers) {
    IoctlArgument<std::array<u32, 2>> args(buffers);
    args.value = {0x7, 0x1};  // slot 7, mask 1 (yuzu's nvhost_ctrl_gpu)
    return NvResult::Success;
}

NvResult NvHostCtrlGpu::GetGpuTime(const IoctlBuffers& buffers) {
    IoctlArgument<std::array<u64, 2>> args(buffers);
    args.value[0] = static_cast<u64>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                         std::chrono::steady_clock::now().time_since_epoch())
                                         .count());
    return NvResult::Success;
}

}  // namespace services::nvdrv
