#pragma once

// nn::fssrv::sf::IStorage over a read-only formats::Storage (a title's RomFS). Command ids and
// layouts from the switchbrew wiki's "Filesystem services" page.

#include "formats/storage.h"
#include "ipc/service_object.h"

namespace services::fs {

class StorageInterface final : public ipc::Interface<StorageInterface> {
public:
    static constexpr auto kName = "nn::fssrv::sf::IStorage";
    explicit StorageInterface(formats::StoragePtr storage) : storage_(std::move(storage)) {}

    base::Result Read(s64 offset, s64 size, ipc::OutBuffer<ipc::kMapAlias> buffer);
    base::Result GetSize(ipc::Out<s64> size);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, StorageInterface::Read),
        NX_COMMAND(4, StorageInterface::GetSize),
    };

private:
    formats::StoragePtr storage_;
};

}  // namespace services::fs
