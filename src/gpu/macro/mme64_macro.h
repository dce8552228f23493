#pragma once

// MME64 (Turing and later, AMPERE_B): 96-bit instruction groups sent as three words, high word
// first; two ALUs and two method/emit outputs per group, all four gated by one predicate.
// Fields as NVIDIA's decoder gives them (OGD MME-MacroMethodExpander/tu104,
// MME64Group_init.cpp); what each op does as Mesa's simulator, checked against Turing
// hardware (mme_tu104_sim.c, tests/mme_tu104_sim_hw_test.cpp), does it.

#include <array>
#include <string_view>

#include "base/types.h"

namespace gpu::macro {

class MacroRunner;

enum class Mme64Op : u8 {
    Add,
    Addc,
    Sub,
    Subb,
    Mul,
    Mulh,
    Mulu,
    Extended,
    Clz,
    Sll,
    Srl,
    Sra,
    And,
    Nand,
    Or,
    Xor,
    Merge,
    Slt,
    Sltu,
    Sle,
    Sleu,
    Seq,
    State,
    Loop,
    Jal,
    Blt,
    Bltu,
    Ble,
    Bleu,
    Beq,
    Dread,
    Dwrite,
};

// Register fields: R0-R23, then the special sources.
inline constexpr u8 kMme64RegisterCount = 24;
enum class Mme64Source : u8 {
    Zero = 24,
    Imm = 25,      // this ALU's 16-bit immediate, sign-extended
    ImmPair = 26,  // the other ALU's immediate, sign-extended
    Imm32 = 27,    // imm0 << 16 | imm1
    Load0 = 28,    // a parameter popped for this group
    Load1 = 29,    // a second one
};

enum class Mme64Output : u8 {
    None,
    Alu0,
    Alu1,
    Load0,
    Load1,
    Imm0,
    Imm1,
    Reserved,
    ImmHigh0,
    ImmHigh1,
    Imm32,
};

// Predicate modes: for each of alu0, alu1, out0, out1 in turn, U runs it unconditionally, T
// when the predicate register is non-zero, F when it is zero.
inline constexpr std::array<std::string_view, 16> kMme64PredicateModes = {
    "UUUU", "TTTT", "FFFF", "TTUU", "FFUU", "TFUU", "TUUU", "FUUU",
    "UUTT", "UUTF", "UUTU", "UUFT", "UUFF", "UUFU", "UUUT", "UUUF",
};

struct Mme64Alu {
    u8 op;
    u8 dst;
    std::array<u8, 2> src;
    u16 imm;
};

struct Mme64Out {
    u8 method;  // 3 bits
    u8 emit;    // 4 bits
};

struct Mme64Group {
    bool end_next;
    u8 predicate_mode;
    u8 predicate;
    std::array<Mme64Alu, 2> alu;
    std::array<Mme64Out, 2> out;
};

Mme64Group DecodeMme64(u32 high, u32 middle, u32 low);

void RunMme64Macro(MacroRunner& runner);

}  // namespace gpu::macro
