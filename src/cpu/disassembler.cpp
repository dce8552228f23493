// On LLVM's AArch64 disassembler (a dependency through dynarmic already): it knows every
// extension up to ARMv8.7/SVE2/SME, so a fault report names exactly the instruction nxhost or
// the console lacks. Capstone 4, used before, knew neither pointer authentication nor
// scalar FP16 and misread some ARMv8.2 encodings.

#include "cpu/disassembler.h"

#include <fmt/format.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>

#include <mutex>
#include <optional>

namespace cpu {
namespace {

// The Cortex-A78C's extensions in LLVM's names (LLVM 14's "cortex-a78c" CPU also claims FP16FML,
// which the core lacks).
constexpr char kCortexA78cFeatures[] =
    "+v8.2a,+fullfp16,+dotprod,+rcpc,+pauth,+flagm,+lse,+rdm,+crc,+aes,+sha2,+ras,+ssbs";
// Everything else LLVM 14 decodes, to name what the console's CPU does not have.
constexpr char kAllFeatures[] =
    "+v8.7a,+fullfp16,+fp16fml,+dotprod,+rcpc,+rcpc-immo,+pauth,+flagm,+lse,+rdm,+crc,+aes,"
    "+sha2,+sha3,+sm4,+ras,+ssbs,+sve2,+sve2-aes,+sve2-sm4,+sve2-sha3,+sve2-bitperm,+sme,"
    "+sme-i64,+sme-f64,+mte,+bf16,+i8mm,+f32mm,+f64mm,+rand,+tme,+ls64,+spe,+spe-eef,+brbe,"
    "+xs,+hbc,+mops,+wfxt";

// One LLVM disassembler for a feature set, made on a thread's first use (a context is not
// thread-safe, and making one costs more than many instructions' worth of decoding).
class Decoder {
public:
    explicit Decoder(const char* features) {
        static std::once_flag initialized;
        std::call_once(initialized, [] {
            LLVMInitializeAArch64TargetInfo();
            LLVMInitializeAArch64TargetMC();
            LLVMInitializeAArch64Disassembler();
        });
        context_ = LLVMCreateDisasmCPUFeatures("aarch64-unknown-linux-gnu", "generic", features,
                                               nullptr, 0, nullptr, nullptr);
    }
    ~Decoder() {
        if (context_ != nullptr) {
            LLVMDisasmDispose(context_);
        }
    }
    Decoder(const Decoder&) = delete;
    Decoder& operator=(const Decoder&) = delete;

    std::optional<std::string> Decode(u32 instruction, u64 address) const;

private:
    LLVMDisasmContextRef context_ = nullptr;
};

std::optional<std::string> Decoder::Decode(u32 instruction, u64 address) const {
    if (context_ == nullptr) {
        return std::nullopt;
    }
    u8 bytes[4] = {static_cast<u8>(instruction), static_cast<u8>(instruction >> 8),
                   static_cast<u8>(instruction >> 16), static_cast<u8>(instruction >> 24)};
    char text[160];
    const std::size_t size =
        LLVMDisasmInstruction(context_, bytes, sizeof(bytes), address, text, sizeof(text));
    if (size != sizeof(bytes)) {
        return std::nullopt;
    }
    // LLVM separates the mnemonic and the operands with tabs and indents with one.
    std::string result;
    for (const char c : std::string_view(text)) {
        if (c == '\t') {
            if (!result.empty()) {
                result += ' ';
            }
        } else {
            result += c;
        }
    }
    return result;
}

s64 SignedField(u32 instruction, unsigned lo, unsigned bits) {
    return static_cast<s64>(static_cast<u64>(instruction >> lo) << (64 - bits)) >> (64 - bits);
}

// Where a PC-relative instruction points (LLVM prints only the offset): B, BL, B.cond, CBZ,
// CBNZ, TBZ, TBNZ, LDR (literal) and its kin, ADR, ADRP.
std::optional<u64> PcRelativeTarget(u32 instruction, u64 address) {
    if ((instruction & 0x7c000000) == 0x14000000) {  // B, BL
        return address + SignedField(instruction, 0, 26) * 4;
    }
    if ((instruction & 0xff000010) == 0x54000000 ||  // B.cond
        (instruction & 0x7e000000) == 0x34000000 ||  // CBZ, CBNZ
        (instruction & 0x3b000000) == 0x18000000) {  // LDR/LDRSW/PRFM (literal), SIMD too
        return address + SignedField(instruction, 5, 19) * 4;
    }
    if ((instruction & 0x7e000000) == 0x36000000) {  // TBZ, TBNZ
        return address + SignedField(instruction, 5, 14) * 4;
    }
    if ((instruction & 0x1f000000) == 0x10000000) {  // ADR, ADRP: immhi:immlo
        const s64 immediate = SignedField(instruction, 5, 19) * 4 | ((instruction >> 29) & 3);
        if ((instruction >> 31) != 0) {
            return (address & ~u64{0xfff}) + static_cast<u64>(immediate) * 0x1000;
        }
        return address + immediate;
    }
    return std::nullopt;
}

}  // namespace

std::string DisassembleA64(u32 instruction, u64 address) {
    thread_local const Decoder console(kCortexA78cFeatures);
    if (auto text = console.Decode(instruction, address)) {
        if (const auto target = PcRelativeTarget(instruction, address)) {
            *text += fmt::format(" (to {:#x})", *target);
        }
        return *text;
    }
    // Made only when a word is not the console's.
    thread_local const Decoder everything(kAllFeatures);
    if (auto text = everything.Decode(instruction, address)) {
        return *text + " (not a Cortex-A78C instruction)";
    }
    return "<undefined>";
}

}  // namespace cpu
