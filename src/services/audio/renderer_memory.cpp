#include "services/audio/renderer_memory.h"

namespace services::audio {

bool RendererMemory::Read(u64 address, std::span<u8> out) {
    return memory_ != nullptr && ::audio::renderer::InAttachedPool(state_, address, out.size()) &&
           memory_->ReadBlock(address, out);
}

bool RendererMemory::Write(u64 address, std::span<const u8> bytes) {
    return memory_ != nullptr && ::audio::renderer::InAttachedPool(state_, address, bytes.size()) &&
           memory_->WriteBlock(address, bytes);
}

}  // namespace services::audio
