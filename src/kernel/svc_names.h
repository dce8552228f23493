#pragma once

#include <string_view>

#include "base/types.h"

namespace kernel {

// The name of supervisor call `number` as Horizon documents it, or "Unknown".
std::string_view SvcName(u32 number);

}  // namespace kernel
