// The 34 Maxwell programs of ../shared/fixtures/nvidia-maxwell-graphics: ListCode prints each one
// line for line as nvdisasm.txt does, and every instruction assembles back to its bits and its
// control field.
#include <fstream>
#include <map>
#include <span>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/file.h"
#include "fixtures.h"
#include "shader/maxwell/instruction.h"

namespace shader::maxwell {
namespace {

struct Program {
    std::string name;
    std::vector<u8> code;
    std::vector<std::string> listing;  // nvdisasm's instruction lines
};

std::filesystem::path FixtureDir() {
    return sass::testing::SharedDir() / "fixtures/nvidia-maxwell-graphics";
}

// As split.py cuts them: the code after each 0x50-byte header, in whole 32-byte bundles.
std::vector<Program> LoadPrograms() {
    const std::filesystem::path dir = FixtureDir();
    if (!std::filesystem::exists(dir / "programs.tsv")) {
        return {};
    }
    const std::vector<u8> blob = base::ReadFile(dir / "g_maxwell_shaders.bin");
    std::ifstream table(dir / "programs.tsv");
    std::string line;
    std::getline(table, line);
    std::vector<Program> programs;
    std::map<std::string, std::size_t> index;
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string name, offset, size;
        std::getline(fields, name, '\t');
        std::getline(fields, offset, '\t');
        std::getline(fields, size, '\t');
        const std::size_t begin = std::stoull(offset, nullptr, 16) + 0x50;
        std::size_t length = std::stoull(size) - 0x50;
        length -= length % 32;
        Program program{name,
                        {blob.begin() + static_cast<std::ptrdiff_t>(begin),
                         blob.begin() + static_cast<std::ptrdiff_t>(begin + length)},
                        {}};
        index[name] = programs.size();
        programs.push_back(std::move(program));
    }
    std::ifstream listing(dir / "nvdisasm.txt");
    Program* current = nullptr;
    while (std::getline(listing, line)) {
        if (line.starts_with("//--- program ")) {
            current = &programs.at(index.at(line.substr(14)));
        } else if (current != nullptr && line.starts_with("        /*")) {
            current->listing.push_back(line);
        }
    }
    return programs;
}

std::vector<std::string> Lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

TEST(MaxwellFixture, ListingsMatchNvdisasm) {
    const std::vector<Program> programs = LoadPrograms();
    if (programs.empty()) {
        GTEST_SKIP() << "nvidia-maxwell-graphics fixture missing";
    }
    ASSERT_EQ(programs.size(), 34u);
    std::size_t lines = 0, matched = 0, undecoded_total = 0;
    for (const Program& program : programs) {
        std::size_t undecoded = 0;
        const std::vector<std::string> ours = Lines(ListCode(program.code, &undecoded));
        undecoded_total += undecoded;
        ASSERT_EQ(ours.size(), program.listing.size()) << program.name;
        for (std::size_t i = 0; i < ours.size(); ++i) {
            ++lines;
            matched += ours[i] == program.listing[i];
            EXPECT_EQ(ours[i], program.listing[i]) << program.name;
        }
    }
    std::printf("maxwell fixture: %zu lines, %zu match nvdisasm, %zu undecoded\n", lines, matched,
                undecoded_total);
    EXPECT_EQ(undecoded_total, 0u);
    EXPECT_GT(lines, 10000u);
}

TEST(MaxwellFixture, EveryInstructionAssemblesBack) {
    const std::vector<Program> programs = LoadPrograms();
    if (programs.empty()) {
        GTEST_SKIP() << "nvidia-maxwell-graphics fixture missing";
    }
    std::size_t checked = 0;
    for (const Program& program : programs) {
        for (const CodeInstruction& instruction : DecodeCode(program.code)) {
            ASSERT_TRUE(instruction.decoded.has_value()) << fmt::format(
                "{} {:#x}: {:#018x}", program.name, instruction.address, instruction.bits);
            const std::string text = Disassemble(
                *instruction.decoded, {.address = instruction.address, .with_control = true});
            const Assembled again = Assemble(text, instruction.address);
            EXPECT_EQ(again.instruction, instruction.bits) << text;
            EXPECT_EQ(again.control, instruction.control) << text;
            ++checked;
        }
    }
    EXPECT_GT(checked, 10000u);
}

TEST(MaxwellWord, KnownInstructions) {
    // From nvdisasm -hex of the fixture.
    const auto fadd = Decode(0x5c58300000470103ull, 0x7e1);
    ASSERT_TRUE(fadd.has_value());
    EXPECT_EQ(Disassemble(*fadd), "FADD.FTZ R3, R1, -R4 ;");
    const auto bra = Decode(0xe24000000e88000full, 0x7ff);
    ASSERT_TRUE(bra.has_value());
    EXPECT_EQ(Disassemble(*bra, {.address = 0x1110}), "@!P0 BRA 0x1200 ;");
    const Assembled assembled = Assemble("@!P0 BRA 0x1200 ;", 0x1110);
    EXPECT_EQ(assembled.instruction, 0xe24000000e88000full);
    // An all-ones word is no instruction.
    EXPECT_FALSE(Decode(~u64{0}, 0).has_value());
    EXPECT_THROW(Assemble("FROB R0 ;"), std::exception);
}

// Words the sweep found printed otherwise (words, controls and texts: CUDA 11.8's nvdisasm).
TEST(MaxwellWord, SweepFindings) {
    const struct {
        u64 bits;
        u32 control;
        std::string_view text;
    } cases[] = {
        {0x513bf102831956ffull, 0x0cf7e1,
         "@!P1 XMAD.S16.S16.CHI RZ.CC, R86.H1, R226.H1.reuse, c[0x0][-0x5f3c] ;"},
        {0xdebe81fa09a206b0ull, 0x7e1,
         "@P2 TEX.B.LLA.LC.AOFFI.DC.NDV.NODEP R176, R6, R154, 0x0, 1D, 0x4 ;"},
        {0xe260000000070000ull, 0x7e1, "CAL.NOINC 0x10 ;"},
        {0xe2907257a60e87bcull, 0x7e1, "SSY c[0x5][0x7a60] ;"},
        // The 2M sweep's other forms (texts: CUDA 11.8).
        {0xefd9890000076daeull, 0x7e1, "ALD.PHYS.128 R174, a[R109], R18 ;"},
        {0xefd9890080076daeull, 0x7e1, "ALD.P.128 R174, a[R109], R18 ;"},
        {0xeff1890000076daeull, 0x7e1, "AST.PHYS.128 a[R109], R174, R18 ;"},
        {0x4ca8005523470f00ull, 0x7e1, "F2F.F64.F64 R0, c[0x15][0x48d0] ;"},
        {0x4ca8005523470500ull, 0x7e1, "F2F.F16.F16 R0, c[0x15] [0x48d0] ;"},
        {0x4ca800d523470f00ull, 0x7e1, "F2F.F64.F64.PASS R0, c[0x15][0x48d0] ;"},
        {0x38b0000410000600ull, 0x7e1, "@P0 F2I.U32.F16 R0, 2.5 ;"},
        {0x5cb806000ff70600ull, 0x7e1, "I2F.F32.U16 R0, RZ.INVALIDSIZE3 ;"},
        {0x5cb806000ff70a00ull, 0x7e1, "I2F.F32.U32 R0, RZ.B3 ;"},
        // The 10M sweep's wrong words at 4904adb (tests/shader/SWEEPS.md; texts: CUDA 11.8): LEA
        // leaves out a shift of 0, I2I's 8-bit and 32-bit sources take byte selectors, IDE leaves
        // out the value 0xc10 and no other.
        {0x5bd1606c48e836c0ull, 0x7e1, "@!P0 LEA.X P1, R192, -R54, R142 ;"},
        {0x5bd1006c48e836c0ull, 0x7e1, "@!P0 LEA P1, R192, R54, R142 ;"},
        {0x5bd121ec48e836c0ull, 0x7e1, "@!P0 LEA P1, R192, -R54, R142, 0x3 ;"},
        {0x4ce02406e12b10a7ull, 0x7e1, "@!P3 I2I.S8.U8 R167, -c[0x1] [-0x47b8].B2 ;"},
        {0x4ce02606e12b38a7ull, 0x7e1, "@!P3 I2I.S8.S32 R167, -c[0x1] [-0x47b8].B3 ;"},
        {0x4ce02606e12b34a7ull, 0x7e1, "@!P3 I2I.S8.S16 R167, -c[0x1] [-0x47b8].INVALIDSIZE3 ;"},
        {0x4ce02606e12b1ca7ull, 0x7e1, "@!P3 I2I.S8.INVALID6 R167, -c[0x1] [-0x47b8].B3 ;"},
        {0xe395ba60c108db2cull, 0x7e1, "IDE ;"},
        {0xe395ba60c108db0cull, 0x7e1, "IDE.EN ;"},
        {0xe395ba600008db2cull, 0x7e1, "IDE 0x0 ;"},
        {0xe395ba60c118db2cull, 0x7e1, "IDE 0xc11 ;"},
    };
    for (const auto& c : cases) {
        const auto decoded = Decode(c.bits, c.control);
        ASSERT_TRUE(decoded.has_value()) << c.text;
        EXPECT_EQ(Disassemble(*decoded, {.address = 0x8}), c.text);
        const Assembled again =
            Assemble(Disassemble(*decoded, {.address = 0x8, .with_control = true}), 0x8);
        EXPECT_EQ(again.instruction, c.bits) << c.text;
        EXPECT_EQ(again.control, c.control) << c.text;
    }
    // "@P0 SULD.P.3D.???0.INVALIDSURFACECLAMP3 R202, [R88], 0x13c1 ;": an empty mask has no name.
    EXPECT_FALSE(Decode(0xeb0f3c1a080058caull, 0x7e1).has_value());
}

// One word of each form added for the mnemonics the tables lacked (words and texts: CUDA 11.8's
// nvdisasm, control 0x7e1).
// Each word (control 0x7e1, at address 0x8) decodes, prints as nvdisasm prints it and assembles
// back to the same word and control.
void ExpectNvdisasmTexts(std::span<const std::pair<u64, std::string_view>> cases) {
    for (const auto& [bits, text] : cases) {
        const auto decoded = Decode(bits, 0x7e1);
        if (!decoded) {
            ADD_FAILURE() << "not decoded: " << text;
            continue;
        }
        EXPECT_EQ(Disassemble(*decoded, {.address = 0x8}), text);
        const Assembled again =
            Assemble(Disassemble(*decoded, {.address = 0x8, .with_control = true}), 0x8);
        EXPECT_EQ(again.instruction, bits) << text;
        EXPECT_EQ(again.control, 0x7e1u) << text;
    }
}

TEST(MaxwellWord, FormsOfTheMissingMnemonics) {
    const std::pair<u64, std::string_view> cases[] = {
        {0xefa0000010170201ull, "AL2P P0, R1, R2, 0x101 ;"},
        {0xefa000000007ff01ull, "AL2P P0, R1 ;"},
        {0xefa0000000070201ull, "AL2P P0, R1, R2 ;"},
        {0xefa000001037ff01ull, "AL2P P0, R1, 0x103 ;"},
        {0xefa0e00010170201ull, "AL2P.64 P6, R1, R2, 0x101 ;"},
        {0xefa000001017ff01ull, "AL2P P0, R1, 0x101 ;"},
        {0xefa1800110170201ull, "AL2P.O.128 P0, R1, R2, 0x101 ;"},
        {0xefa0700010170201ull, "AL2P R1, R2, 0x101 ;"},
        {0xefe8000000170201ull, "PIXLD R1, P0, [R2+0x1] ;"},
        {0xefe8000200170201ull, "PIXLD.CENTROID_OFFSET R1, P0, [R2+0x1] ;"},
        {0xefe800000ff7ff01ull, "PIXLD R1, P0, [0xff] ;"},
        {0xefe8e00000170201ull, "PIXLD R1, [R2+0x1] ;"},
        {0xefd0000580170201ull, "ISBERD.O.PRIM.SKEW R1, [R2] ;"},
        {0xefd000000017ff01ull, "ISBERD R1, [RZ] ;"},
        {0xefd1000600170201ull, "ISBERD.ATTR.32 R1, [R2] ;"},
        {0xf0c0000010170201ull, "R2B 0x1, R1 ;"},
        {0xf0c0000310170201ull, "R2B.INVALID 0x1, R1 ;"},
        {0xfbe0008000370201ull, "OUT.EMIT R1, R2, R3 ;"},
        {0xebe0018000370201ull, "OUT.EMIT_THEN_CUT R1, R2, c[0x0][0xc] ;"},
        {0xf6e0010000370201ull, "OUT.CUT R1, R2, 0x3 ;"},
        {0xf7e0010000370201ull, "OUT.CUT R1, R2, -0x7fffd ;"},
        {0xdf5800100a170201ull, "TMML.LOD R1, R2, 0x1, 1D, 0x0 ;"},
        {0xdf6000000a170201ull, "TMML.B.LOD R1, R2, R161, 0x0, 1D, 0x0 ;"},
        {0xdf60000003f70201ull, "TMML.B.LOD R1, R2, R63, 0x0, 1D, 0x0 ;"},
        {0xde0400180a170201ull, "TXD.LC.AOFFI P0, R1, R2, R161, 0x1, 1D, 0x0 ;"},
        {0xde4200000a170201ull, "TXD.B.NODEP P0, R1, R2, R161, 0x0, 1D, 0x0 ;"},
        {0xdf4200180a170201ull, "TXA.NDV.NODEP R1, R2, 0x1, 0x0 ;"},
        {0xdf8c00100a170201ull, "TLD4S.F16.R.AOFFI.DC R0, R1, R2, R161, 0x1 ;"},
        {0x1000001000170201ull, "IMAD32I.U32.U32 R1, R2, 0x10001, R1 ;"},
        {0x13c0001000170201ull, "IMAD32I.PO R1, R2, 0x10001, R1 ;"},
        {0x1340001000170201ull, "IMAD32I R1, -R2, 0x10001, R1 ;"},
        {0x5a80018200170201ull, "IMADSP.U32.U24.U32 R1, R2, R1, R3 ;"},
        {0x5ae9018200170201ull, "IMADSP.S32.S16H0.S24 R1, R2, R1, R3 ;"},
        {0x3480018200170201ull, "IMADSP.U32.U24.U32 R1, R2, 0x2001, R3 ;"},
        {0x5910000000370201ull, "DSET.BF.F.AND R1, R2, R3, P0 ;"},
        {0x3200000000370201ull, "DSET.F.AND R1, R2, 2.6075084279381266208e-310, P0 ;"},
        {0x5d10000000370201ull, "HADD2 R1, R2, R3 ;"},
        {0x5d1018d0f0370201ull, "HADD2.FTZ R1, -|R2|, -|R3.H1_H1| ;"},
        {0x5d17018000370201ull, "HADD2.MRG_H1.FTZ R1, R2.H0_H0, R3 ;"},
        {0x7a80000000370201ull, "HADD2 R1, R2, c[0x0][0xc] ;"},
        {0x7b80000000370201ull, "HADD2 R1, R2, -c[0x0][0xc] ;"},
        {0x7a94100000370201ull, "HADD2.MRG_H0.SAT R1, |R2|, c[0x0][0xc] ;"},
        {0x7a00000000370201ull, "HADD2 R1, R2, 0, 1.1444091796875e-05 ;"},
        {0x7b00000000370201ull, "HADD2 R1, R2, -0.0 , 1.1444091796875e-05 ;"},
        {0x5d08000000370201ull, "HMUL2 R1, R2, R3 ;"},
        {0x5d08010000370201ull, "HMUL2.FMZ R1, R2, R3 ;"},
        {0x7880080000370201ull, "HMUL2 R1, R2, -c[0x0][0xc] ;"},
        {0x7800000000370201ull, "HMUL2 R1, R2, 0, 1.1444091796875e-05 ;"},
        {0x2c00000000370201ull, "HADD2_32I R1, R2, 0, 1.78813934326171875e-07 ;"},
        {0x2d40000000370201ull, "HADD2_32I R1, -R2.H0_H0, 0, 1.78813934326171875e-07 ;"},
        {0x2a00000000370201ull, "HMUL2_32I R1, R2, 0, 1.78813934326171875e-07 ;"},
        {0x2ae0000000370201ull, "HMUL2_32I.FTZ R1, R2.H1_H1, 0, 1.78813934326171875e-07 ;"},
        {0x5d00000200370201ull, "HFMA2 R1, R2, R3, R0 ;"},
        {0x5d000082e0370201ull, "HFMA2 R1, R2, -R3.H0_H0, -R1 ;"},
        {0x7000000200370201ull, "HFMA2 R1, R2, 3.0517578125e-05, 1.1444091796875e-05, R0 ;"},
        {0x7008000200370201ull, "HFMA2 R1, R2, 3.0517578125e-05, 1.1444091796875e-05, -R0 ;"},
        {0x5d18000000370201ull, "HSET2.F.AND R1, R2, R3, P0 ;"},
        {0x5d1a1848c0370201ull, "HSET2.BF.LTU.AND R1, -|R2|, -|R3|, P0 ;"},
        {0x7c80000000370201ull, "HSET2.F.AND R1, R2, c[0x0][0xc], P0 ;"},
        {0x7d20000000370201ull, "HSET2.BF.F.AND R1, R2, -0.0 , 1.1444091796875e-05, P0 ;"},
        {0x7c00000000370201ull, "HSET2.F.AND R1, R2, 0, 1.1444091796875e-05, P0 ;"},
    };
    ExpectNvdisasmTexts(cases);
}

// Surface reductions and atomics, shared-memory atomics, gathers, and the texture forms with a
// predicate destination, TEX's .LC and TLD.B (texts: CUDA 11.8's nvdisasm).
TEST(MaxwellWord, SurfaceAtomicsGathersAndTexturePredicates) {
    const std::pair<u64, std::string_view> cases[] = {
        {0xeb400a1000170201ull, "SURED.P.1D.ADD.IGN [R2], R1, R20 ;"},
        {0xeb5800a280370201ull, "SURED.D.1D_BUFFER.ADD.F32.FTZ.RN.IGN [R2], R1, 0xa ;"},
        {0xea0c018080370201ull, "SUATOM.D.1D.DEC.S32.TRAP R1, [R2], R3, 0x18 ;"},
        {0xea70000280370201ull, "SUATOM.D.1D_BUFFER.DEC.IGN R1, [R2], R3, R0 ;"},
        {0xea68001080370201ull, "SUATOM.P.1D.DEC.IGN R1, [R2], R3, 0x1 ;"},
        {0xeb88000280370201ull, "SUATOM.D.1D_BUFFER.DEC.IGN P6, R1, [R2], R3, R0 ;"},
        {0xeaa8000040370201ull, "SUATOM.D.1D.CAS.S64.IGN P6, R1, [R2], R3, 0x0 ;"},
        {0xead0000280370201ull, "SUATOM.D.1D_BUFFER.CAS.IGN P5, R1, [R2], R3, R0 ;"},
        {0xec00000040370201ull, "ATOMS.ADD R1, [R2+0x4], R3 ;"},
        {0xec27f9ff0264ccefull, "@P4 ATOMS.MAX R239, [R204+0x7f9ff0], R38 ;"},
        {0xec8aa017ffa8b0fdull, "@!P0 ATOMS.EXCH.S64 R253, [R176+-0x55fe84], R250 ;"},
        {0xc838000000370201ull, "TLD4.R R1, R2, R3, 0x0, 1D, 0x0 ;"},
        {0xc8a40801a0370201ull, "TLD4.R.PTP.DC P4, R1, R2, R3, 0x80, 2D, 0x3 ;"},
        {0xdef800c0a0370201ull, "TLD4.A.B R1, R2, R3, 0x0, 2D, 0x1 ;"},
        {0xdef000c0a0370201ull, "TLD4.A.B P6, R1, R2, R3, 0x0, 2D, 0x1 ;"},
        {0xdd38000280370201ull, "TLD.B.LZ R1, R2, R3, 0x0, 1D, 0x5 ;"},
        {0xdc28000000370201ull, "TLD.LZ P5, R1, R2, R3, 0x0, 1D, 0x0 ;"},
        {0xc030000000370201ull, "TEX P6, R1, R2, R3, 0x0, 1D, 0x0 ;"},
        {0xc438000000370201ull, "TEX.LC R1, R2, R3, 0x0, 1D, 0x0 ;"},
        {0xde9000000ff70201ull, "TEX.B P2, R1, R2, 0x0, 1D, 0x0 ;"},
    };
    ExpectNvdisasmTexts(cases);
}

}  // namespace
}  // namespace shader::maxwell
