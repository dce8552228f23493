#include "services/pl/shared_font_manager.h"

#include <algorithm>
#include <cstring>

#include "base/log.h"
#include "services/pl/font_priority.h"

namespace services::pl {
namespace {

// nn::pl::LoadState (yuzu's platform_service_manager.h): 0 loading, 1 loaded.
constexpr u32 kLoaded = 1;

void WriteEntry(std::span<u8> buffer, std::size_t index, u32 value) {
    std::memcpy(buffer.data() + index * sizeof(u32), &value, sizeof(u32));
}

}  // namespace

SharedFontManager::SharedFontManager(std::shared_ptr<SharedFontState> state)
    : state_(std::move(state)), fonts_(state_->Fonts()) {}

const SharedFontRegion* SharedFontManager::Region(u32 type) const {
    if (type >= kSharedFontTypeCount) {
        LOG_WARNING("pl", "the guest asked for shared font type {}, which does not exist", type);
    }
    return fonts_.Find(type);
}

base::Result SharedFontManager::RequestLoad(u32) {
    return base::ResultSuccess;  // every font is in memory from the service's start
}

// Loaded whatever the type: a font that is not there never loads, and libnx would poll for it
// forever (services/pl.c _plRequestLoadWait). GetSize then answers 0, which a font renderer
// refuses at once.
base::Result SharedFontManager::GetLoadState(u32, ipc::Out<u32> state) {
    *state = kLoaded;
    return base::ResultSuccess;
}

base::Result SharedFontManager::GetSize(u32 type, ipc::Out<u32> size) {
    const SharedFontRegion* region = Region(type);
    *size = region != nullptr ? region->size : 0;
    return base::ResultSuccess;
}

base::Result SharedFontManager::GetSharedMemoryAddressOffset(u32 type, ipc::Out<u32> offset) {
    const SharedFontRegion* region = Region(type);
    *offset = region != nullptr ? region->offset : 0;
    return base::ResultSuccess;
}

base::Result SharedFontManager::GetSharedMemoryNativeHandle(ipc::OutCopyHandle memory) {
    *memory.object = fonts_.memory;
    return base::ResultSuccess;
}

base::Result SharedFontManager::GetSharedFontInOrderOfPriority(
    u64 language_code, ipc::Out<u8> loaded, ipc::Out<s32> count,
    ipc::OutBuffer<ipc::kMapAlias> types, ipc::OutBuffer<ipc::kMapAlias> offsets,
    ipc::OutBuffer<ipc::kMapAlias> sizes) {
    const std::size_t room =
        std::min({types.data.size(), offsets.data.size(), sizes.data.size()}) / sizeof(u32);
    std::size_t listed = 0;
    bool any_font = false;
    for (const SharedFontType type : FontPriority(language_code)) {
        const SharedFontRegion* region = fonts_.Find(static_cast<u32>(type));
        if (region == nullptr) {
            continue;
        }
        any_font = true;
        if (listed < room) {
            WriteEntry(types.data, listed, static_cast<u32>(type));
            WriteEntry(offsets.data, listed, region->offset);
            WriteEntry(sizes.data, listed, region->size);
            ++listed;
        }
    }
    // With no font at all nothing is loaded (libnx then reports no fonts, and nx-hbmenu runs
    // without text rather than stopping at an error).
    *loaded = any_font ? 1 : 0;
    *count = static_cast<s32>(listed);
    return base::ResultSuccess;
}

}  // namespace services::pl
