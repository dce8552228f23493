// libFuzzer target for both macro formats: an input is a format byte, a few method writes as a
// pushbuffer would send them (uploads, shadow control, MME64 DMA), parameters and code. A
// finding is a crash, a sanitizer report or a hang; every run must end with a MacroExit.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "gpu/macro/macro_engine.h"

namespace {

using namespace gpu::macro;

constexpr u32 kFuzzRamWords = 4096;
constexpr u64 kBaseBudget = 1024;
constexpr u64 kBudgetPerParameter = 16;
constexpr u64 kLoadFifoWords = 4096;

// 4 KiB of GPU memory at address 0; everything else is unmapped.
class FuzzHost : public MacroHost {
public:
    void WriteMethod(u32, u32) override { ++methods; }
    bool ReadMemory(u64 address, std::span<u32> words) override {
        if (!Inside(address, words.size())) {
            return false;
        }
        std::memcpy(words.data(), memory + address / 4, words.size() * 4);
        return true;
    }
    bool WriteMemory(u64 address, std::span<const u32> words) override {
        if (!Inside(address, words.size())) {
            return false;
        }
        std::memcpy(memory + address / 4, words.data(), words.size() * 4);
        return true;
    }

    u64 methods = 0;

private:
    static bool Inside(u64 address, std::size_t words) {
        return address % 4 == 0 && address <= sizeof(memory) &&
               words <= (sizeof(memory) - address) / 4;
    }
    u32 memory[1024] = {};
};

class Reader {
public:
    Reader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    u32 Word() {
        u32 value = 0;
        for (int i = 0; i < 4 && at_ < size_; ++i) {
            value |= u32{data_[at_++]} << (8 * i);
        }
        return value;
    }
    u8 Byte() { return at_ < size_ ? data_[at_++] : 0; }
    bool Empty() const { return at_ >= size_; }

private:
    const uint8_t* data_;
    size_t size_;
    size_t at_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Reader in(data, size);
    const u8 flags = in.Byte();
    const MacroFormat format = flags & 1 ? MacroFormat::Mme64 : MacroFormat::Fermi;
    // Small budgets keep endless macros cheap and a small instruction RAM keeps each run's
    // set-up cheap; the paths are those of the default sizes.
    MacroEngine engine(format, ExecutionLimits{kBaseBudget, kBudgetPerParameter}, kFuzzRamWords);
    FuzzHost host;

    const u32 writes = in.Byte() % 8;
    for (u32 i = 0; i < writes; ++i) {
        const u32 method = in.Word() & 0xFFF;
        engine.WriteMethod(method, in.Word(), host);
    }
    std::vector<u32> parameters(in.Byte() % 16);
    for (u32& parameter : parameters) {
        parameter = in.Word();
    }
    // The rest is code at a start address near the end of the RAM now and then, so running off
    // its end is reached too.
    const u32 start = flags & 2 ? kFuzzRamWords - 64 : 0;
    engine.WriteMethod(method::kLoadMmeInstructionRamPointer, start, host);
    u32 words = 0;
    while (!in.Empty() && words < 1024) {
        engine.WriteMethod(method::kLoadMmeInstructionRam, in.Word(), host);
        ++words;
    }
    engine.WriteMethod(method::kLoadMmeStartAddressRamPointer, 0, host);
    engine.WriteMethod(method::kLoadMmeStartAddressRam, start, host);
    const MacroRun run = engine.Execute(0, parameters, host);
    if (run.instructions >
        kBaseBudget + kBudgetPerParameter * (parameters.size() + kLoadFifoWords)) {
        __builtin_trap();  // the budget did not hold
    }
    (void)engine.Disassemble(0, 8);
    return 0;
}
