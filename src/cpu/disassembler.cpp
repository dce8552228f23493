#include "cpu/disassembler.h"

#include <capstone/capstone.h>
#include <fmt/format.h>

namespace cpu {

std::string DisassembleA64(u32 instruction, u64 address) {
    csh handle;
    if (cs_open(CS_ARCH_ARM64, CS_MODE_ARM, &handle) != CS_ERR_OK) {
        return "<no disassembler>";
    }
    cs_insn* decoded = nullptr;
    const auto* bytes = reinterpret_cast<const uint8_t*>(&instruction);
    const size_t count = cs_disasm(handle, bytes, sizeof(instruction), address, 1, &decoded);
    std::string text = "<undefined>";
    if (count == 1) {
        text = fmt::format("{} {}", decoded->mnemonic, decoded->op_str);
        if (text.back() == ' ') {
            text.pop_back();
        }
    }
    cs_free(decoded, count);
    cs_close(&handle);
    return text;
}

}  // namespace cpu
