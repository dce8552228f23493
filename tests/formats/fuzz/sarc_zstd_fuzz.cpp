// SARC archives and zstd frames, with and without dictionaries.
#include <zdict.h>

#include "base/error.h"
#include "formats/sarc.h"
#include "formats/zstd_dictionaries.h"
#include "fuzz_input.h"

using namespace formats;

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static const std::vector<u8> sarc =
        WriteSarc(std::vector<PartitionFile>{{"a.zsdic", {1, 2, 3}}, {"b", {}}});
    static const std::vector<u8> frame = ZstdCompress(std::vector<u8>(3000, 'x'), 3);
    const std::span input(data, size);
    try {
        const auto bytes = fuzz::DamagedOrRaw(input, sarc);
        const Sarc archive = ReadSarc(bytes, "fuzz.sarc");
        archive.Find("a.zsdic");
    } catch (const base::Error&) {
    }
    try {
        ZstdDecompress(fuzz::DamagedOrRaw(input, frame), "fuzz.zs", 1 << 24);
    } catch (const base::Error&) {
    }
    try {
        // A frame naming a dictionary that is missing, or one the input supplies.
        ZstdDictionaries dictionaries;
        std::vector<u8> dictionary(input.begin(), input.end());
        if (dictionary.size() >= 8) {
            dictionaries.Add(dictionary, "fuzz.zsdic");
        }
        dictionaries.Decompress(fuzz::DamagedOrRaw(input, frame), "fuzz.zs", 1 << 24);
    } catch (const base::Error&) {
    }
    return 0;
}
