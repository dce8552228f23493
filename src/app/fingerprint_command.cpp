#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "app/commands.h"
#include "base/error.h"
#include "base/file.h"
#include "formats/elf.h"
#include "formats/elf_symbols.h"
#include "formats/nro.h"
#include "formats/nso.h"
#include "profile/code_fingerprint.h"
#include "profile/game_profile.h"

namespace app {
namespace {

bool StartsWith(const std::vector<u8>& bytes, u64 offset, const char* magic) {
    const std::size_t size = std::strlen(magic);
    return bytes.size() >= offset + size && std::memcmp(bytes.data() + offset, magic, size) == 0;
}

// An NRO, NSO or ELF file, told apart by its magic.
formats::ModuleImage ReadModuleFile(const std::vector<u8>& bytes, const std::string& path) {
    if (StartsWith(bytes, 0,
                   "\x7f"
                   "ELF")) {
        return formats::ModuleFromElf(bytes, path);
    }
    if (StartsWith(bytes, 0, "NSO0")) {
        return formats::ReadNso(bytes, path).module;
    }
    if (StartsWith(bytes, 0x10, "NRO0")) {
        return formats::ReadNro(bytes, path).module;
    }
    base::Fail("{}: neither an NRO, an NSO nor an ELF", path);
}

// A number (0x... or decimal), or for an ELF a symbol of its .symtab.
u64 AddressIn(const std::vector<u8>& bytes, const std::string& path, const std::string& text) {
    if (const auto number = profile::ParseSize(text)) {
        return *number;
    }
    if (StartsWith(bytes, 0,
                   "\x7f"
                   "ELF")) {
        if (const auto symbol = formats::FindElfSymbol(bytes, text, path)) {
            return *symbol;
        }
        base::Fail("{}: no symbol {}", path, text);
    }
    base::Fail("{} is not an address (0x... or decimal; a symbol name only in an ELF)", text);
}

}  // namespace

void AddFingerprintCommand(CLI::App& parent, int& exit_code) {
    struct Arguments {
        std::string module, address;
        u32 length = profile::kDefaultFingerprintWords;
    };
    auto arguments = std::make_shared<Arguments>();
    CLI::App* command = parent.add_subcommand(
        "fingerprint", "Print the code fingerprint of a function, for a profile's patches.tsv");
    command->add_option("module", arguments->module, "NRO, NSO or ELF")->required();
    command
        ->add_option("address", arguments->address,
                     "the function's address from the module's start, or an ELF symbol")
        ->required();
    command->add_option("--length", arguments->length, "words at most (default 16)")
        ->check(CLI::Range(1u, 1024u));
    command->callback([arguments, &exit_code] {
        const std::vector<u8> bytes = base::ReadFile(arguments->module);
        const formats::ModuleImage module = ReadModuleFile(bytes, arguments->module);
        const u64 address = AddressIn(bytes, arguments->module, arguments->address);
        const auto fingerprint =
            address < module.text_offset
                ? std::nullopt
                : profile::FingerprintAt(module.text, address - module.text_offset,
                                         arguments->length);
        if (!fingerprint) {
            base::Fail("{}: {:#x} is not an instruction of the module's code ({:#x} to {:#x})",
                       arguments->module, address, module.text_offset,
                       module.text_offset + module.text.size());
        }
        fmt::print("{}\n", fingerprint->ToString());
        exit_code = 0;
    });
}

}  // namespace app
