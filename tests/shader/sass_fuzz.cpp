// libFuzzer: any 16 bytes either fail to decode or disassemble and assemble back to themselves.
#include <cstdlib>
#include <cstring>

#include "shader/sass/cubin.h"
#include "shader/sass/instruction.h"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    using namespace shader::sass;
    if (size >= 16) {
        const Word word = ToWord(data);
        if (const auto instruction = Decode(word)) {
            const std::string text =
                Disassemble(*instruction, {.address = 0x40, .with_control = true});
            if (!(Assemble(text, 0x40) == word)) {
                std::abort();
            }
        }
    }
    try {
        (void)DisassembleCubin(std::span<const unsigned char>(data, size), "fuzz");
    } catch (const std::exception&) {
    }
    return 0;
}
