// libFuzzer: every 16-byte word of the input either fails to decode or disassembles and
// assembles back to itself; the whole input as a cubin is read or rejected with base::Error.
#include <cstdlib>
#include <cstring>

#include "shader/sass/cubin.h"
#include "shader/sass/instruction.h"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    using namespace shader::sass;
    for (std::size_t at = 0; at + 16 <= size; at += 16) {
        const Word word = ToWord(data + at);
        if (const auto instruction = Decode(word)) {
            const std::string text =
                Disassemble(*instruction, {.address = at, .with_control = true});
            if (!(Assemble(text, at) == word)) {
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
