// The fault report's disassembly: LLVM's, with the Cortex-A78C's instructions named plainly and
// other architecture extensions marked as not the console's. Words from llvm-mc -show-encoding.

#include <gtest/gtest.h>

#include "cpu/disassembler.h"

namespace cpu {
namespace {

TEST(DisassembleA64, NamesTheConsolesInstructions) {
    EXPECT_EQ(DisassembleA64(0xb9400100, 0x1000), "ldr w0, [x8]");
    EXPECT_EQ(DisassembleA64(0xd65f03c0, 0x1000), "ret");
    // The ARMv8.1-8.4 extensions of the A78C, which capstone 4 could not name.
    EXPECT_EQ(DisassembleA64(0xd65f0bff, 0x1000), "retaa");
    EXPECT_EQ(DisassembleA64(0xf8201420, 0x1000), "ldraa x0, [x1, #8]");
    EXPECT_EQ(DisassembleA64(0x1ee22820, 0x1000), "fadd h0, h1, h2");
    EXPECT_EQ(DisassembleA64(0x5f0d9c20, 0x1000), "sqrshrn b0, h1, #3");
    EXPECT_EQ(DisassembleA64(0x3a00086d, 0x1000), "setf8 w3");
    EXPECT_EQ(DisassembleA64(0xf8e18040, 0x1000), "swpal x1, x0, [x2]");
}

TEST(DisassembleA64, PcRelativeInstructionsShowTheirTarget) {
    EXPECT_EQ(DisassembleA64(0x94000064, 0x8000478), "bl #400 (to 0x8000608)");
    EXPECT_EQ(DisassembleA64(0x17ffffff, 0x8000478), "b #-4 (to 0x8000474)");
    EXPECT_EQ(DisassembleA64(0xb4ffffe0, 0x1000), "cbz x0, #-4 (to 0xffc)");
    EXPECT_EQ(DisassembleA64(0x90000010, 0x8004123), "adrp x16, #0 (to 0x8004000)");
    EXPECT_EQ(DisassembleA64(0x30000040, 0x1000), "adr x0, #9 (to 0x1009)");
}

TEST(DisassembleA64, MarksInstructionsTheA78cLacks) {
    EXPECT_EQ(DisassembleA64(0xa5e0a000, 0x1000),
              "ld1d { z0.d }, p0/z, [x0] (not a Cortex-A78C instruction)");
    EXPECT_EQ(DisassembleA64(0x1e7e0000, 0x1000), "fjcvtzs w0, d0 (not a Cortex-A78C instruction)");
    EXPECT_EQ(DisassembleA64(0x0e22ec20, 0x1000),
              "fmlal v0.2s, v1.2h, v2.2h (not a Cortex-A78C instruction)");
}

TEST(DisassembleA64, NoInstruction) {
    EXPECT_EQ(DisassembleA64(0xffffffff, 0x1000), "<undefined>");
}

}  // namespace
}  // namespace cpu
