#pragma once

// XCI, a game card image (switchbrew "XCI"): a header ("HEAD" at 0x100) that points at the
// root HFS0, whose entries are partitions (update, normal, secure, logo), each an HFS0 of NCAs.

#include <vector>

#include "formats/partition_fs.h"
#include "formats/storage.h"

namespace formats {

struct Xci {
    u64 package_id = 0;
    u8 card_size = 0;
    PartitionFs root;

    // A partition by name ("secure" holds the game); fails naming the missing one.
    PartitionFs OpenPartition(std::string_view name) const;
};

Xci ReadXci(StoragePtr storage);

// A minimal card image around `partitions` (name and HFS0 bytes), for tests.
std::vector<u8> WriteXci(std::span<const PartitionFile> partitions);

}  // namespace formats
