#pragma once

#include "base/types.h"

namespace gpu {

// The instruction encoding of a class's programs: Maxwell's 64-bit instructions in 32-byte
// bundles (MAXWELL_B, MAXWELL_COMPUTE_B), or Volta and later's 128-bit ones (VOLTA_A 0xC397 and
// after: AMPERE_B, AMPERE_COMPUTE_A/B).
enum class ShaderArchitecture : u8 { Maxwell, Ampere };

}  // namespace gpu
