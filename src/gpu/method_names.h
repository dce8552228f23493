#pragma once

// Names of methods, from NVIDIA's class headers (OGD classes/host/clb06f.h, clc56f.h;
// classes/3d/clb197.h, clc797.h; classes/compute; classes/dma-copy/clb0b5.h, clc5b5.h;
// classes/twod), for the GPU dump and log lines. Methods below 0x40 are the host class's
// whatever the subchannel. Not every method has a name here: callers show the offset then.

#include <optional>
#include <string>

#include "base/types.h"

namespace gpu {

// `method` is a method index (byte offset / 4). `gpfifo_class` names the host class (B06F or
// C56F/C76F) for methods below 0x40; `class_id` the subchannel's class for the rest.
std::optional<std::string> MethodName(u32 gpfifo_class, u32 class_id, u32 method);

}  // namespace gpu
