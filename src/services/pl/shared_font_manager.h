#pragma once

// pl:u and pl:s (nn::pl::detail::ISharedFontManager): the system's shared fonts, in a shared
// memory the guest maps read-only. Command ids and arguments from libnx services/pl.c and
// Ryujinx HOS/Services/Sdb/Pl/ISharedFontManager.cs; pl:s (9.0.0+) offers the same.

#include <memory>

#include "ipc/service_object.h"
#include "services/pl/shared_font_state.h"

namespace services::pl {

class SharedFontManager final : public ipc::Interface<SharedFontManager> {
public:
    static constexpr auto kName = "nn::pl::detail::ISharedFontManager";
    // Opening the service builds the fonts (once for the run).
    explicit SharedFontManager(std::shared_ptr<SharedFontState> state);

    base::Result RequestLoad(u32 type);
    base::Result GetLoadState(u32 type, ipc::Out<u32> state);
    base::Result GetSize(u32 type, ipc::Out<u32> size);
    base::Result GetSharedMemoryAddressOffset(u32 type, ipc::Out<u32> offset);
    base::Result GetSharedMemoryNativeHandle(ipc::OutCopyHandle memory);
    // Three out buffers of u32 each, one entry a font: the types, their offsets, their sizes.
    base::Result GetSharedFontInOrderOfPriority(u64 language_code, ipc::Out<u8> loaded,
                                                ipc::Out<s32> count,
                                                ipc::OutBuffer<ipc::kMapAlias> types,
                                                ipc::OutBuffer<ipc::kMapAlias> offsets,
                                                ipc::OutBuffer<ipc::kMapAlias> sizes);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SharedFontManager::RequestLoad),
        NX_COMMAND(1, SharedFontManager::GetLoadState),
        NX_COMMAND(2, SharedFontManager::GetSize),
        NX_COMMAND(3, SharedFontManager::GetSharedMemoryAddressOffset),
        NX_COMMAND(4, SharedFontManager::GetSharedMemoryNativeHandle),
        NX_COMMAND(5, SharedFontManager::GetSharedFontInOrderOfPriority),
        // GetSharedFontInOrderOfPriorityForSystem, the same answer (yuzu
        // hle/service/ns/platform_service_manager.cpp)
        NX_COMMAND(6, SharedFontManager::GetSharedFontInOrderOfPriority),
    };

private:
    // The font of a type; null (with a warning) for a number that names no type.
    const SharedFontRegion* Region(u32 type) const;

    std::shared_ptr<SharedFontState> state_;
    const SharedFontSet& fonts_;
};

}  // namespace services::pl
