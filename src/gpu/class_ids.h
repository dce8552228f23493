#pragma once

// The NVIDIA class numbers a channel binds with SET_OBJECT (OGD classes/*/README.txt and the
// class headers; nvgpu hal/init/hal_gm20b_litter.c, hal_ga10b_litter.c). Switch programs bind
// the Maxwell classes, Switch 2 programs the Ampere ones.

#include <optional>
#include <string_view>

#include "base/types.h"

namespace gpu {

enum class ClassId : u32 {
    FermiTwodA = 0x902D,
    KeplerInlineToMemoryB = 0xA140,
    MaxwellChannelGpfifoA = 0xB06F,
    MaxwellDmaCopyA = 0xB0B5,
    MaxwellB = 0xB197,
    MaxwellComputeB = 0xB1C0,
    AmpereChannelGpfifoA = 0xC56F,
    AmpereDmaCopyA = 0xC6B5,
    AmpereA = 0xC697,
    AmpereComputeA = 0xC6C0,
    AmpereChannelGpfifoB = 0xC76F,
    AmpereDmaCopyB = 0xC7B5,
    AmpereB = 0xC797,
    AmpereComputeB = 0xC7C0,
};

// What executes a class's methods.
enum class EngineKind { Threed, Compute, Copy, Twod, InlineToMemory, Gpfifo };

std::optional<EngineKind> KindOfClass(u32 class_id);
// "MAXWELL_B" and so on; "class 0x1234" is not returned: nullopt for an unknown number.
std::optional<std::string_view> ClassName(u32 class_id);
// Whether a GPFIFO class has the Ampere host methods (C56F's SEM_ADDR/SEM_EXECUTE forms).
bool IsAmpereGpfifo(u32 class_id);

}  // namespace gpu
