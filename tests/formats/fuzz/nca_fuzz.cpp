// The NCA reader behind its encryption: in the "damaged image" mode the fuzzer edits a valid
// NCA's plain header and sections before they are encrypted with the fixed test keys, so that
// the parser sees the fuzzer's fields rather than AES noise.
#include "base/error.h"
#include "formats/nca.h"
#include "formats/nca_crypto.h"
#include "formats/partition_fs.h"
#include "formats/romfs.h"
#include "fuzz_input.h"

using namespace formats;

namespace {

const KeySet& Keys() {
    static const KeySet keys = KeySet::Parse(
        "header_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
        "key_area_key_application_00 = 2122232425262728292a2b2c2d2e2f30\n",
        "fuzz.keys", "", "");
    return keys;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static const std::vector<u8> plain_header = [] {
        const std::vector<NcaWriteSection> sections{
            {NcaFsType::PartitionFs, WritePfs0(std::vector<PartitionFile>{{"main", {1, 2, 3}}})},
            {NcaFsType::RomFs, WriteRomfs(std::vector<RomfsInputFile>{{"a", {4}}})}};
        NcaWriteOptions options;
        std::vector<u8> nca = WriteNca(Keys(), options, sections);
        // Keep the header plain; the target encrypts it after the fuzzer's edits.
        NcaXtsCrypt(Keys().Require256("header_key", ""), 0, std::span(nca).first(kNcaHeaderSize),
                    false);
        return nca;
    }();
    std::vector<u8> bytes = fuzz::DamagedOrRaw({data, size}, plain_header);
    if (bytes.size() >= kNcaHeaderSize) {
        NcaXtsCrypt(Keys().Require256("header_key", ""), 0, std::span(bytes).first(kNcaHeaderSize),
                    true);
    }
    try {
        const Nca nca(MakeMemoryStorage(std::move(bytes), "fuzz.nca"), Keys());
        DescribeNca(nca.Header());
        for (const NcaSection& section : nca.Header().sections) {
            nca.VerifySection(section);
            const StoragePtr storage = nca.OpenSection(section);
            if (section.fs_type == NcaFsType::PartitionFs) {
                ReadPfs0(storage);
            } else {
                RomfsReader(storage).FindFile("a");
            }
        }
    } catch (const base::Error&) {
    }
    return 0;
}
