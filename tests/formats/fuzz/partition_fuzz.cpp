// PFS0, HFS0 and XCI.
#include "base/error.h"
#include "formats/partition_fs.h"
#include "formats/xci.h"
#include "fuzz_input.h"

using namespace formats;

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static const std::vector<PartitionFile> files{{"main", std::vector<u8>(100, 1)},
                                                  {"main.npdm", {1, 2, 3}}};
    static const std::vector<u8> good[] = {
        WritePfs0(files), WriteHfs0(files),
        WriteXci(std::vector<PartitionFile>{{"secure", WriteHfs0(files)}})};
    const std::span input(data, size);
    for (int kind = 0; kind < 3; ++kind) {
        try {
            auto storage = MakeMemoryStorage(fuzz::DamagedOrRaw(input, good[kind]), "fuzz");
            PartitionFs fs = kind == 0   ? ReadPfs0(storage)
                             : kind == 1 ? ReadHfs0(storage)
                                         : ReadXci(storage).OpenPartition("secure");
            for (const PartitionEntry& entry : fs.entries) {
                fs.VerifyHash(entry);
                fs.Open(entry)->ReadAll();
            }
        } catch (const base::Error&) {
        }
    }
    return 0;
}
