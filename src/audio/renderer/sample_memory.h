#pragma once

// The memory a renderer reads samples from and writes its outputs to (wave buffers, ADPCM
// contexts, auxiliary buffers, circular-buffer sinks): the program's memory pools. The service
// implements it over guest memory; tests over a host buffer. A read or write that fails leaves
// silence (or nothing written), never a host fault.

#include <span>

#include "base/types.h"

namespace audio::renderer {

class SampleMemory {
public:
    virtual ~SampleMemory() = default;
    virtual bool Read(u64 address, std::span<u8> out) = 0;
    virtual bool Write(u64 address, std::span<const u8> bytes) = 0;
};

}  // namespace audio::renderer
