#pragma once

#include "base/types.h"

namespace formats {

// Where a section lies inside the ro segment, as NRO and NSO headers record the api info,
// .dynstr and .dynsym sections (offset relative to the start of ro).
struct SectionRef {
    u32 offset = 0;
    u32 size = 0;
    bool operator==(const SectionRef&) const = default;
};

}  // namespace formats
