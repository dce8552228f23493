#include "gpu/engines/engine.h"

#include "gpu/class_ids.h"
#include "gpu/engines/dma_copy.h"
#include "gpu/engines/inline_to_memory.h"
#include "gpu/engines/register_engine.h"

namespace gpu::engines {

std::unique_ptr<Engine> MakeEngine(u32 class_id, EngineContext& context) {
    const auto kind = KindOfClass(class_id);
    if (!kind) {
        return nullptr;
    }
    switch (*kind) {
        case EngineKind::Copy:
            return std::make_unique<DmaCopy>(context, class_id);
        case EngineKind::InlineToMemory:
            return std::make_unique<InlineToMemoryEngine>(context, class_id);
        case EngineKind::Threed:
        case EngineKind::Compute:
        case EngineKind::Twod:
            return std::make_unique<RegisterEngine>(context, class_id, *kind);
        case EngineKind::Gpfifo:
            return nullptr;
    }
    return nullptr;
}

}  // namespace gpu::engines
