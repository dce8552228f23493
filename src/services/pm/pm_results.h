#pragma once

#include "base/result.h"

namespace services::pm {

// pm (module 15): no running process has that id or program id (2015-0001).
inline constexpr base::Result ResultProcessNotFound{15, 1};

}  // namespace services::pm
