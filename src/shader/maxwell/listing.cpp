// Code as nvdisasm lists it: bundles of a control word and three instructions.
#include <cstring>

#include <fmt/format.h>

#include "shader/maxwell/instruction.h"

namespace shader::maxwell {
namespace {

constexpr std::size_t kBundle = 32;

// A stall count of 0 with the yield bit set issues the next instruction in the same cycle:
// nvdisasm prints the pair in braces.
bool DualIssue(u32 control) {
    return (control & 0x1f) == 0x10;
}

}  // namespace

std::vector<CodeInstruction> DecodeCode(std::span<const u8> code) {
    std::vector<CodeInstruction> out;
    for (std::size_t at = 0; at + kBundle <= code.size(); at += kBundle) {
        u64 control_word = 0;
        std::memcpy(&control_word, code.data() + at, 8);
        for (std::size_t slot = 0; slot < 3; ++slot) {
            CodeInstruction instruction;
            instruction.address = at + 8 + slot * 8;
            std::memcpy(&instruction.bits, code.data() + instruction.address, 8);
            instruction.control = static_cast<u32>((control_word >> (21 * slot)) & 0x1fffff);
            instruction.decoded = Decode(instruction.bits, instruction.control);
            out.push_back(instruction);
        }
    }
    return out;
}

std::string ListCode(std::span<const u8> code, std::size_t* undecoded) {
    std::string text;
    std::size_t missing = 0;
    bool open = false;
    for (const CodeInstruction& instruction : DecodeCode(code)) {
        std::string line = instruction.decoded
                               ? Disassemble(*instruction.decoded, {.address = instruction.address})
                               : fmt::format("<undecoded {:#018x} control {:#08x}> ;",
                                             instruction.bits, instruction.control);
        missing += instruction.decoded ? 0 : 1;
        const char* brace = " ";
        if (open) {
            while (!line.empty() && (line.back() == ';' || line.back() == ' ')) {
                line.pop_back();
            }
            line += "         }";
            open = false;
        } else if (DualIssue(instruction.control)) {
            brace = "{";
            open = true;
        }
        // The guard predicate ends where the instruction starts: "{     @P0 MOV".
        std::string guard;
        if (line.starts_with("@")) {
            guard = line.substr(0, line.find(' ') + 1);
            line.erase(0, guard.size());
        }
        text += fmt::format("        /*{:04x}*/         {}{:>9}{}\n", instruction.address, brace,
                            guard, line);
    }
    if (undecoded != nullptr) {
        *undecoded = missing;
    }
    return text;
}

}  // namespace shader::maxwell
