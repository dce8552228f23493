#include "gpu/class_ids.h"

#include <array>

namespace gpu {
namespace {

struct ClassInfo {
    ClassId id;
    EngineKind kind;
    std::string_view name;
};

constexpr std::array kClasses = {
    ClassInfo{ClassId::FermiTwodA, EngineKind::Twod, "FERMI_TWOD_A"},
    ClassInfo{ClassId::KeplerInlineToMemoryB, EngineKind::InlineToMemory,
              "KEPLER_INLINE_TO_MEMORY_B"},
    ClassInfo{ClassId::MaxwellChannelGpfifoA, EngineKind::Gpfifo, "MAXWELL_CHANNEL_GPFIFO_A"},
    ClassInfo{ClassId::MaxwellDmaCopyA, EngineKind::Copy, "MAXWELL_DMA_COPY_A"},
    ClassInfo{ClassId::MaxwellB, EngineKind::Threed, "MAXWELL_B"},
    ClassInfo{ClassId::MaxwellComputeB, EngineKind::Compute, "MAXWELL_COMPUTE_B"},
    ClassInfo{ClassId::AmpereChannelGpfifoA, EngineKind::Gpfifo, "AMPERE_CHANNEL_GPFIFO_A"},
    ClassInfo{ClassId::AmpereDmaCopyA, EngineKind::Copy, "AMPERE_DMA_COPY_A"},
    ClassInfo{ClassId::AmpereA, EngineKind::Threed, "AMPERE_A"},
    ClassInfo{ClassId::AmpereComputeA, EngineKind::Compute, "AMPERE_COMPUTE_A"},
    ClassInfo{ClassId::AmpereChannelGpfifoB, EngineKind::Gpfifo, "AMPERE_CHANNEL_GPFIFO_B"},
    ClassInfo{ClassId::AmpereDmaCopyB, EngineKind::Copy, "AMPERE_DMA_COPY_B"},
    ClassInfo{ClassId::AmpereB, EngineKind::Threed, "AMPERE_B"},
    ClassInfo{ClassId::AmpereComputeB, EngineKind::Compute, "AMPERE_COMPUTE_B"},
};

const ClassInfo* Find(u32 class_id) {
    for (const ClassInfo& info : kClasses) {
        if (static_cast<u32>(info.id) == class_id) {
            return &info;
        }
    }
    return nullptr;
}

}  // namespace

std::optional<EngineKind> KindOfClass(u32 class_id) {
    const ClassInfo* info = Find(class_id);
    return info != nullptr ? std::optional(info->kind) : std::nullopt;
}

std::optional<std::string_view> ClassName(u32 class_id) {
    const ClassInfo* info = Find(class_id);
    return info != nullptr ? std::optional(info->name) : std::nullopt;
}

bool IsAmpereGpfifo(u32 class_id) {
    return class_id == static_cast<u32>(ClassId::AmpereChannelGpfifoA) ||
           class_id == static_cast<u32>(ClassId::AmpereChannelGpfifoB);
}

}  // namespace gpu
