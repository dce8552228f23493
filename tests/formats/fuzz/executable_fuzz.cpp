// The executable formats `nxhost run` and `nxhost info` read: NRO (with its asset section, NACP
// and MOD0), NSO (LZ4 segments with hashes, and stored), NPDM (with kernel capabilities and
// service lists) and the ELF that elf2nro converts.
#include "base/error.h"
#include "formats/elf.h"
#include "formats/mod0.h"
#include "formats/nacp.h"
#include "formats/npdm.h"
#include "formats/nro.h"
#include "formats/nso.h"
#include "formats/sample_module.h"
#include "fuzz_input.h"

using namespace formats;

namespace {

std::vector<u8> GoodNro() {
    Nacp nacp;
    nacp.titles[0] = {"Fuzz", "nxhost"};
    NroAssets assets;
    assets.icon = {0xff, 0xd8, 0xff};
    assets.nacp = WriteNacp(nacp);
    assets.romfs = std::vector<u8>(0x40, 9);
    return WriteNro(formats::testing::SampleModule(), assets);
}

std::vector<u8> GoodNpdm() {
    Npdm npdm = DefaultNpdm("Application", 0x0100000000001000);
    npdm.aci.service_access.push_back({"fsp-srv", false});
    npdm.acid.service_access.push_back({"*", true});
    return WriteNpdm(npdm);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static const std::vector<u8> good[] = {GoodNro(),
                                           WriteNso(formats::testing::SampleModule(), true),
                                           WriteNso(formats::testing::SampleModule(), false),
                                           GoodNpdm(), formats::testing::SampleElf()};
    const std::span input(data, size);
    for (int kind = 0; kind < 5; ++kind) {
        try {
            const std::vector<u8> bytes = fuzz::DamagedOrRaw(input, good[kind]);
            switch (kind) {
                case 0: {
                    const Nro nro = ReadNro(bytes, "fuzz.nro");
                    ReadModuleMod0(nro.module, "fuzz.nro");
                    if (!nro.assets.nacp.empty()) {
                        ReadNacp(nro.assets.nacp, "fuzz.nro");
                    }
                    break;
                }
                case 1:
                case 2:
                    ReadModuleMod0(ReadNso(bytes, "main").module, "main");
                    break;
                case 3:
                    WriteNpdm(ReadNpdm(bytes, "main.npdm"));
                    break;
                default:
                    ModuleFromElf(bytes, "fuzz.elf").Validate("fuzz.elf");
                    break;
            }
        } catch (const base::Error&) {
        }
    }
    return 0;
}
