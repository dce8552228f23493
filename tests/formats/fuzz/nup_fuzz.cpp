// NUP images read from memory: header, table of contents, chunks and files.
#include <unistd.h>
#include <filesystem>

#include "base/error.h"
#include "base/file.h"
#include "formats/nup.h"
#include "fuzz_input.h"

using namespace formats;

namespace {

std::vector<u8> GoodImage() {
    const auto dir =
        std::filesystem::temp_directory_path() / ("nxhost-nup-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir / "game/exefs");
    base::WriteFileAtomic(dir / "game/exefs/main", std::vector<u8>(5000, 1));
    base::WriteFileAtomic(dir / "game/romfs.bin", std::vector<u8>(9000, 2));
    base::WriteFileAtomic(dir / "game/empty", {});
    NupPackOptions options;
    options.chunk_size = 4096;
    options.quiet = true;
    options.threads = 1;
    PackNup(dir / "game", dir / "g.nup", options);
    std::vector<u8> bytes = base::ReadFile(dir / "g.nup");
    std::filesystem::remove_all(dir);
    return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static const std::vector<u8> good = GoodImage();
    try {
        const NupImage image =
            NupImage::Open(MakeMemoryStorage(fuzz::DamagedOrRaw({data, size}, good), "fuzz.nup"));
        DescribeNup(image);
        for (std::size_t i = 0; i < image.toc.chunks.size(); ++i) {
            try {
                image.ReadChunk(i);
            } catch (const base::Error&) {
            }
        }
        for (const NupFile& file : image.toc.files) {
            try {
                image.ReadFile(file);
            } catch (const base::Error&) {
            }
        }
    } catch (const base::Error&) {
    }
    return 0;
}
