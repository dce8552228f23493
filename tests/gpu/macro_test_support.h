#pragma once

// Encoders for both macro formats (test-side, written from the field tables in
// src/gpu/macro/*_macro.h) and a host that records what a macro emits.

#include <array>
#include <map>
#include <utility>
#include <vector>

#include "gpu/macro/fermi_macro.h"
#include "gpu/macro/macro_engine.h"
#include "gpu/macro/mme64_macro.h"

namespace gpu::macro::test {

using Methods = std::vector<std::pair<u32, u32>>;

class RecordingHost : public MacroHost {
public:
    void WriteMethod(u32 method, u32 value) override { methods.emplace_back(method, value); }
    bool ReadMemory(u64 address, std::span<u32> words) override {
        for (std::size_t i = 0; i < words.size(); ++i) {
            const auto it = memory.find(address + 4 * i);
            if (it == memory.end()) {
                return false;
            }
            words[i] = it->second;
        }
        return true;
    }
    bool WriteMemory(u64 address, std::span<const u32> words) override {
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (!memory.contains(address + 4 * i)) {
                return false;
            }
        }
        for (std::size_t i = 0; i < words.size(); ++i) {
            memory[address + 4 * i] = words[i];
        }
        return true;
    }
    void Map(u64 address, u32 words) {
        for (u32 i = 0; i < words; ++i) {
            memory.emplace(address + 4 * i, 0);
        }
    }

    Methods methods;
    std::map<u64, u32> memory;
};

// Uploads `code` at word `at` as macro `index` the way a pushbuffer does.
inline void Upload(MacroEngine& engine, MacroHost& host, u32 index, std::span<const u32> code,
                   u32 at = 0) {
    engine.WriteMethod(method::kLoadMmeInstructionRamPointer, at, host);
    for (u32 word : code) {
        engine.WriteMethod(method::kLoadMmeInstructionRam, word, host);
    }
    engine.WriteMethod(method::kLoadMmeStartAddressRamPointer, index, host);
    engine.WriteMethod(method::kLoadMmeStartAddressRam, at, host);
}

namespace fermi {

constexpr u32 Field(u32 value, unsigned shift, unsigned bits) {
    return (value & ((1u << bits) - 1)) << shift;
}

constexpr u32 Common(FermiOp op, FermiAssign assign, u32 dst, u32 a, bool exit) {
    return static_cast<u32>(op) | Field(static_cast<u32>(assign), 4, 3) | (exit ? 0x80 : 0) |
           Field(dst, 8, 3) | Field(a, 11, 3);
}

constexpr u32 Alu(FermiAssign assign, u32 dst, FermiAluOp op, u32 a, u32 b, bool exit = false) {
    return Common(FermiOp::Alu, assign, dst, a, exit) | Field(b, 14, 3) |
           Field(static_cast<u32>(op), 17, 5);
}

constexpr u32 WithImmediate(FermiOp op, FermiAssign assign, u32 dst, u32 a, s32 imm, bool exit) {
    return Common(op, assign, dst, a, exit) | Field(static_cast<u32>(imm), 14, 18);
}

constexpr u32 AddImm(FermiAssign assign, u32 dst, u32 a, s32 imm, bool exit = false) {
    return WithImmediate(FermiOp::AddImmediate, assign, dst, a, imm, exit);
}

constexpr u32 State(FermiAssign assign, u32 dst, u32 a, s32 imm, bool exit = false) {
    return WithImmediate(FermiOp::State, assign, dst, a, imm, exit);
}

// Merge, BfeLslImm and BfeLslReg share the bitfield layout.
constexpr u32 Bitfield(FermiOp op, FermiAssign assign, u32 dst, u32 a, u32 b, u32 src_bit, u32 size,
                       u32 dst_bit, bool exit = false) {
    return Common(op, assign, dst, a, exit) | Field(b, 14, 3) | Field(src_bit, 17, 5) |
           Field(size, 22, 5) | Field(dst_bit, 27, 5);
}

constexpr u32 Branch(bool not_zero, bool annul, u32 a, s32 offset, bool exit = false) {
    return static_cast<u32>(FermiOp::Branch) | (not_zero ? 0x10 : 0) | (annul ? 0x20 : 0) |
           (exit ? 0x80 : 0) | Field(a, 11, 3) | Field(static_cast<u32>(offset), 14, 18);
}

// A method word as the method address register holds it.
constexpr s32 MethodWord(u32 method, u32 increment) {
    return static_cast<s32>(method | (increment << 12));
}

constexpr u32 kNop = AddImm(FermiAssign::Move, 0, 0, 0);

}  // namespace fermi

namespace mme64 {

constexpr u8 R(u32 index) {
    return static_cast<u8>(index);
}
constexpr u8 S(Mme64Source source) {
    return static_cast<u8>(source);
}
constexpr u8 O(Mme64Output output) {
    return static_cast<u8>(output);
}

constexpr Mme64Alu kNopAlu{static_cast<u8>(Mme64Op::Add),
                           S(Mme64Source::Zero),
                           {S(Mme64Source::Zero), S(Mme64Source::Zero)},
                           0};

constexpr Mme64Alu Alu(Mme64Op op, u8 dst, u8 x, u8 y, u16 imm = 0) {
    return Mme64Alu{static_cast<u8>(op), dst, {x, y}, imm};
}

struct Group {
    bool end_next = false;
    u8 predicate_mode = 0;
    u8 predicate = S(Mme64Source::Zero);
    std::array<Mme64Alu, 2> alu = {kNopAlu, kNopAlu};
    std::array<Mme64Out, 2> out = {Mme64Out{0, 0}, Mme64Out{0, 0}};
};

// The group as its three words, high word first (the upload order).
inline std::array<u32, 3> Encode(const Group& g) {
    unsigned __int128 bits = 0;
    auto put = [&](unsigned lo, unsigned width, u32 value) {
        bits |= static_cast<unsigned __int128>(value & ((1u << width) - 1)) << lo;
    };
    put(0, 1, g.end_next);
    put(1, 4, g.predicate_mode);
    put(5, 5, g.predicate);
    for (unsigned i = 0; i < 2; ++i) {
        const unsigned base = i == 0 ? 10 : 46;
        put(base, 5, g.alu[i].op);
        put(base + 5, 5, g.alu[i].dst);
        put(base + 10, 5, g.alu[i].src[0]);
        put(base + 15, 5, g.alu[i].src[1]);
        put(base + 20, 16, g.alu[i].imm);
    }
    put(82, 3, g.out[0].method);
    put(85, 4, g.out[0].emit);
    put(89, 3, g.out[1].method);
    put(92, 4, g.out[1].emit);
    return {static_cast<u32>(bits >> 64), static_cast<u32>(bits >> 32), static_cast<u32>(bits)};
}

inline std::vector<u32> Assemble(const std::vector<Group>& groups) {
    std::vector<u32> words;
    for (const Group& g : groups) {
        const auto encoded = Encode(g);
        words.insert(words.end(), encoded.begin(), encoded.end());
    }
    return words;
}

// Ends a macro the way Mesa's builder does: end_next on the first of two empty groups.
inline void Finish(std::vector<Group>& groups) {
    groups.push_back(Group{.end_next = true});
    groups.push_back(Group{});
}

constexpr u16 MethodWord(u32 method, u32 increment) {
    return static_cast<u16>(method | (increment << 12));
}

}  // namespace mme64

}  // namespace gpu::macro::test
