#include "base/error.h"
#include "formats/romfs.h"
#include "fuzz_input.h"

using namespace formats;

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static const std::vector<u8> good = WriteRomfs(std::vector<RomfsInputFile>{
        {"Pack/ZsDic.pack.zs", {1, 2}}, {"Pack/a", {3}}, {"b/c/d", {4, 5}}, {"e", {}}});
    try {
        const RomfsReader romfs(MakeMemoryStorage(fuzz::DamagedOrRaw({data, size}, good), "fuzz"));
        romfs.Walk([&](const std::string& path, const RomfsFile&) { romfs.ReadFile(path); });
        for (const char* path : {"/", "Pack", "b/c"}) {
            if (romfs.IsDirectory(path)) {
                romfs.List(path);
            }
        }
        romfs.FindFile("Pack/ZsDic.pack.zs");
        romfs.FindFile("b/c/x");
    } catch (const base::Error&) {
    }
    return 0;
}
