// Maxwell graphics programs through TranslateGraphics: the 34 programs of nvidia-maxwell-graphics
// validate and agree with their Ampere twins on resources and interface, and the vertex and
// fragment programs of the homebrew DKSH files translate or fail for a stated reason.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp11>

#include <fstream>
#include <sstream>

#include <bit>
#include <cmath>
#include <cstring>
#include "formats/dksh.h"
#include "graphics_environment.h"
#include "modeset_programs.h"
#include "shader/compute.h"
#include "shader/deko_environment.h"
#include "shader/frontend/translate_program.h"
#include "shader/graphics.h"
#include "shader/maxwell/instruction.h"
#include "support/error_of.h"

namespace shader::testing {
namespace {

using sass::testing::GraphicsProgramFixture;

TEST(MaxwellTranslate, EveryFixtureProgramIsValidSpirv) {
    const auto programs = ModesetPrograms("nvidia-maxwell-graphics");
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-maxwell-graphics is missing";
    }
    ASSERT_EQ(programs.size(), 34u);
    const auto indices = ModesetConstantIndices();
    for (const GraphicsProgramFixture& program : programs) {
        for (const TargetProfile& target : {NvidiaLike(), LavapipeLike()}) {
            SCOPED_TRACE(program.name +
                         (target.fused_fma_f32 ? " (native floats)" : " (exact floats)"));
            const auto env = MaxwellEnvironment(program, indices.at(program.name), target);
            const std::string error = test_support::ErrorOf([&] {
                const GraphicsProgram translated = TranslateGraphics(env);
                EXPECT_EQ(ValidateSpirv(translated.spirv), "");
                EXPECT_EQ(translated.stage, env.GetStage());
            });
            EXPECT_EQ(error, "(no error)");
        }
    }
}

// The same GLSL program compiled for Maxwell and for Ampere binds the same resources and has the
// same interface.
TEST(MaxwellTranslate, LayoutsMatchTheAmpereTranslations) {
    const auto maxwell = ModesetPrograms("nvidia-maxwell-graphics");
    const auto ampere = ModesetPrograms("nvidia-ampere-graphics");
    if (maxwell.empty() || ampere.empty()) {
        GTEST_SKIP() << "graphics fixtures missing";
    }
    ASSERT_EQ(maxwell.size(), ampere.size());
    const auto indices = ModesetConstantIndices();
    for (std::size_t i = 0; i < maxwell.size(); ++i) {
        SCOPED_TRACE(maxwell[i].name);
        ASSERT_EQ(maxwell[i].name, ampere[i].name);
        const GraphicsProgram ours = TranslateGraphics(
            MaxwellEnvironment(maxwell[i], indices.at(maxwell[i].name), NvidiaLike()));
        const GraphicsProgram theirs =
            TranslateGraphics(AmpereEnvironment(ampere[i], NvidiaLike()));
        const ResourceLayout& a = ours.layout;
        const ResourceLayout& b = theirs.layout;
        EXPECT_EQ(a.inputs, b.inputs);
        EXPECT_EQ(a.outputs, b.outputs);
        EXPECT_EQ(a.render_targets, b.render_targets);
        EXPECT_EQ(a.writes_depth, b.writes_depth);
        // Every bank of the Ampere program, as large. The Maxwell program may read two more:
        // the switch tables' bank 1 (LDC with a register index: all of its 64 KiB) and the
        // texture handles' bank, where a register that held a handle keeps its old value
        // under predicated writes that cover every later use only together (which SSA does not
        // see), so the loads stay.
        const auto banks = [](const ResourceLayout& layout, bool maxwell) {
            std::string text;
            for (const ConstantBankBinding& bank : layout.constant_banks) {
                if (maxwell && (bank.bank == 1 || bank.bank == kFixtureTextureBank)) {
                    continue;
                }
                text += fmt::format("c[{}] {:#x} bytes; ", bank.bank, bank.bytes);
            }
            return text;
        };
        EXPECT_EQ(banks(a, true), banks(b, false));
        const auto images = [](const ResourceLayout& layout) {
            std::vector<std::tuple<u32, u32, ImageDim, bool, ImageKind>> list;
            for (const ImageBinding& image : layout.images) {
                list.emplace_back(image.handle_bank, image.handle_offset, image.dim, image.arrayed,
                                  image.kind);
            }
            std::sort(list.begin(), list.end());
            return list;
        };
        EXPECT_EQ(images(a), images(b));
    }
}

}  // namespace
}  // namespace shader::testing

namespace shader::testing {
namespace {

// A DKSH program as deko3d binds it: stage, header, code, and its constants as c[0x1].
DekoProgram ToDeko(const formats::Dksh& dksh, std::span<const u8> file, std::size_t index,
                   std::string name) {
    const formats::DkshProgram& program = dksh.programs.at(index);
    DekoProgram deko;
    deko.name = std::move(name);
    switch (program.stage) {
        case formats::DkshStage::Vertex:
            deko.stage = Stage::Vertex;
            break;
        case formats::DkshStage::Fragment:
            deko.stage = Stage::Fragment;
            break;
        case formats::DkshStage::Geometry:
            deko.stage = Stage::Geometry;
            break;
        case formats::DkshStage::TessControl:
            deko.stage = Stage::TessellationControl;
            break;
        case formats::DkshStage::TessEval:
            deko.stage = Stage::TessellationEvaluation;
            break;
        case formats::DkshStage::Compute:
            deko.stage = Stage::Compute;
            break;
    }
    deko.header = program.program_header;
    deko.code = program.code;
    deko.constants.resize(program.constbuf1_size / 4);
    std::memcpy(deko.constants.data(), file.data() + dksh.control_size + program.constbuf1_offset,
                deko.constants.size() * 4);
    deko.block = program.block_dims;
    deko.shared_bytes = program.shared_bytes;
    deko.local_bytes = program.scratch_per_warp / 32;
    if (deko.name.starts_with("melonds")) {
        // melonDS's compute renderer binds an rgba8 image at binding 0 (FinalFB in
        // GPU3D_Compute_shaders.h: "layout (binding = 0, rgba8) writeonly uniform image2D"),
        // which its formatted stores (SUST.P) convert to.
        deko.image_formats[0] = SurfaceFormat::Rgba8Unorm;
    }
    return deko;
}

// Translates (and validates) one DKSH program: "(no error)" or why not.
std::string TranslateDeko(const DekoProgram& program) {
    return test_support::ErrorOf([&] {
        const TargetProfile target = NvidiaLike();
        const DekoEnvironment env(program, target);
        const std::vector<u32> spirv = program.stage == Stage::Compute
                                           ? TranslateCompute(env).spirv
                                           : TranslateGraphics(env).spirv;
        const std::string invalid = ValidateSpirv(spirv);
        if (!invalid.empty()) {
            throw std::runtime_error("invalid SPIR-V: " + invalid);
        }
    });
}

// Every program of the homebrew DKSH files translates and validates, or fails for the reason
// listed here.
TEST(MaxwellTranslate, HomebrewDkshPrograms) {
    const std::vector<sass::testing::Shader> shaders = sass::testing::HomebrewShaders();
    if (shaders.empty()) {
        GTEST_SKIP() << "homebrew fixtures missing";
    }
    std::size_t programs = 0;
    std::size_t translated = 0;
    std::size_t compute_translated = 0;
    std::map<std::string, std::size_t> reasons;  // why, with the stage's run of digits dropped
    std::string failures;
    for (const sass::testing::Shader& shader : shaders) {
        const formats::Dksh dksh = formats::ReadDksh(shader.bytes, shader.name);
        for (std::size_t i = 0; i < dksh.programs.size(); ++i) {
            const formats::DkshProgram& program = dksh.programs[i];
            ++programs;
            const std::string name = fmt::format("{} program {} ({})", shader.name, i,
                                                 formats::DkshStageName(program.stage));
            const std::string error = TranslateDeko(ToDeko(dksh, shader.bytes, i, name));
            if (error == "(no error)") {
                ++translated;
                compute_translated += program.stage == formats::DkshStage::Compute ? 1 : 0;
                continue;
            }
            failures += name + ": " + error + "\n";
            // The reason without the program's name, offset and instruction.
            const std::size_t what = error.rfind(": ");
            ++reasons[what == std::string::npos ? error : error.substr(what + 2)];
        }
    }
    std::string summary;
    for (const auto& [reason, count] : reasons) {
        summary += fmt::format("{:4} {}\n", count, reason);
    }
    std::printf("homebrew DKSH: %zu of %zu programs translate\n%s", translated, programs,
                summary.c_str());
    // Measured: all 75, the 35 vertex and fragment programs and the 40 compute programs
    // (SUST.P through melonDS's rgba8 image, SULD.D.1D_BUFFER.64 through a texel buffer,
    // guarded stores whose address registers keep another buffer's address where the guard is
    // false).
    EXPECT_EQ(translated, 75u) << failures;
    EXPECT_EQ(compute_translated, 40u) << failures;
}

// A formatted store (SUST.P) converts through the image's format, which only its texture
// header says: without it, the translation stops naming what is missing.
TEST(MaxwellTranslate, FormattedSurfaceStoreNeedsTheImageFormat) {
    for (const sass::testing::Shader& shader : sass::testing::HomebrewShaders()) {
        if (!shader.name.ends_with("/FinalPass.dksh")) {
            continue;
        }
        const formats::Dksh dksh = formats::ReadDksh(shader.bytes, shader.name);
        DekoProgram program = ToDeko(dksh, shader.bytes, 0, "FinalPass");
        program.image_formats[0].reset();
        EXPECT_NE(TranslateDeko(program).find(
                      "SUST.P (a formatted access) to the surface at c[0x0][0x120]: the "
                      "environment gives no texel format for it"),
                  std::string::npos)
            << TranslateDeko(program);
        program.image_formats[0] = SurfaceFormat::Rgba8Unorm;
        EXPECT_EQ(TranslateDeko(program), "(no error)");
        return;
    }
    GTEST_SKIP() << "melonDS's FinalPass.dksh is missing";
}

}  // namespace
}  // namespace shader::testing

// Small Maxwell programs run by evaluating their IR: XMAD's 32-bit multiply, RRO before
// MUFU.SIN, SSY/SYNC around a divergent branch, a PBK/BRK loop.
namespace shader::testing {
namespace {

// Instruction i of Maxwell code sits after its bundle's control word.
u64 Address(std::size_t i) {
    return 8 + 32 * (i / 3) + 8 * (i % 3);
}

// The code of `lines` (nvdisasm's text, at Address(i)), bundled with their control fields.
std::vector<u8> MaxwellCode(const std::vector<std::string>& lines) {
    std::vector<u64> words;
    for (std::size_t i = 0; i < lines.size() || i % 3 != 0; ++i) {
        if (i % 3 == 0) {
            words.push_back(0);
        }
        const maxwell::Assembled assembled =
            maxwell::Assemble(i < lines.size() ? lines[i] : "NOP ;", Address(i));
        words[i / 3 * 4] |= u64{assembled.control} << (21 * (i % 3));
        words.push_back(assembled.instruction);
    }
    std::vector<u8> bytes(words.size() * 8);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

// Runs the IR of a vertex program on one invocation: the words it stores to a[0x80].
class Evaluator {
public:
    explicit Evaluator(const ir::Program& program) : program_(program) {}

    u32 Run() {
        const ir::Block* block = program_.Entry();
        const ir::Block* previous = nullptr;
        for (int steps = 0; steps < 10000; ++steps) {
            for (const ir::Inst* inst : block->insts) {
                values_[inst] = Evaluate(*inst, block, previous);
            }
            const ir::Terminator& end = block->end;
            previous = block;
            if (end.kind == ir::Terminator::Kind::Exit) {
                return output_;
            }
            block = end.kind == ir::Terminator::Kind::Jump || Get(end.condition) != 0
                        ? end.targets[0]
                        : end.targets[1];
        }
        ADD_FAILURE() << "the program does not end";
        return 0;
    }

private:
    u64 Get(const ir::Value& value) const {
        const ir::Value resolved = value.Resolve();
        if (resolved.IsImmediate()) {
            return resolved.Bits();
        }
        return values_.at(resolved.Def());
    }
    static float F(u64 bits) { return std::bit_cast<float>(static_cast<u32>(bits)); }
    static u64 Bits(float value) { return std::bit_cast<u32>(value); }

    u64 Evaluate(const ir::Inst& inst, const ir::Block* block, const ir::Block* previous) {
        const auto arg = [&](std::size_t i) { return Get(inst.args[i]); };
        const auto u = [&](std::size_t i) { return static_cast<u32>(arg(i)); };
        switch (inst.op) {
            case ir::Op::Phi:
                for (std::size_t i = 0; i < block->preds.size(); ++i) {
                    if (block->preds[i] == previous) {
                        return arg(i);
                    }
                }
                ADD_FAILURE() << "phi without the block it came from";
                return 0;
            case ir::Op::Identity:
                return arg(0);
            case ir::Op::Undefined:
                return 0;
            case ir::Op::StoreAttribute:
                EXPECT_EQ(inst.aux, 0x80u);
                output_ = u(0);
                return 0;
            case ir::Op::Glsl:
                switch (static_cast<GLSLstd450>(inst.aux)) {
                    case GLSLstd450Sin:
                        return Bits(std::sin(F(arg(0))));
                    case GLSLstd450UMin:
                        return std::min(u(0), u(1));
                    default:
                        break;
                }
                break;
            case ir::Op::Spv:
                switch (static_cast<spv::Op>(inst.aux)) {
                    case spv::Op::OpIAdd:
                        return u32{u(0) + u(1)};
                    case spv::Op::OpIMul:
                        return u32{u(0) * u(1)};
                    case spv::Op::OpShiftLeftLogical:
                        return u32{u(0) << u(1)};
                    case spv::Op::OpShiftRightLogical:
                        return u32{u(0) >> u(1)};
                    case spv::Op::OpBitwiseAnd:
                        return u32{u(0) & u(1)};
                    case spv::Op::OpBitFieldUExtract:
                        return u(2) == 0 ? 0 : u(0) >> u(1) & (~0u >> (32 - u(2)));
                    case spv::Op::OpBitFieldSExtract: {
                        if (u(2) == 0) {
                            return 0;
                        }
                        const u32 field = u(0) >> u(1) & (~0u >> (32 - u(2)));
                        const u32 sign = 1u << (u(2) - 1);
                        return u32{(field ^ sign) - sign};
                    }
                    case spv::Op::OpBitFieldInsert: {
                        const u32 mask = (~0u >> (32 - u(3))) << u(2);
                        return (u(0) & ~mask) | (u(1) << u(2) & mask);
                    }
                    case spv::Op::OpSelect:
                        return arg(0) != 0 ? arg(1) : arg(2);
                    case spv::Op::OpSGreaterThan:
                        return static_cast<s32>(u(0)) > static_cast<s32>(u(1));
                    case spv::Op::OpSGreaterThanEqual:
                        return static_cast<s32>(u(0)) >= static_cast<s32>(u(1));
                    case spv::Op::OpLogicalNot:
                        return arg(0) == 0;
                    case spv::Op::OpLogicalAnd:
                        return arg(0) != 0 && arg(1) != 0;
                    case spv::Op::OpBitcast:
                        return arg(0);
                    case spv::Op::OpFMul:
                        return Bits(F(arg(0)) * F(arg(1)));
                    default:
                        break;
                }
                break;
            default:
                break;
        }
        ADD_FAILURE() << "the evaluator has no " << static_cast<int>(inst.op) << " / " << inst.aux;
        return 0;
    }

    const ir::Program& program_;
    std::map<const ir::Inst*, u64> values_;
    u32 output_ = 0;
};

u32 RunVertex(const std::vector<std::string>& lines) {
    const auto programs = ModesetPrograms("nvidia-maxwell-graphics");
    if (programs.empty()) {
        return 0;
    }
    const GraphicsEnvironment env("test program", programs[0].header, MaxwellCode(lines),
                                  Architecture::Maxwell, NvidiaLike());
    const ir::Program program = frontend::TranslateProgram(env);
    return Evaluator(program).Run();
}

TEST(MaxwellTranslate, XmadMultipliesIn32Bits) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    // ptxas' 32-bit multiply: a.lo * b.lo, a.lo * b.hi merged with b, then a.hi * that.hi
    // shifted, plus the first and CBCC's (b << 16).
    for (const auto& [a, b] : {std::pair<u32, u32>{0x12345678, 0x9abcdef0},
                               {0xffffffff, 0xffffffff},
                               {0x10000, 0x3},
                               {7, 0xfffe0001}}) {
        const u32 product = RunVertex({
            fmt::format("MOV32I R0, {:#x} ;", a),
            fmt::format("MOV32I R1, {:#x} ;", b),
            "XMAD R2, R0, R1, RZ ;",
            "XMAD.MRG R3, R0, R1.H1, RZ ;",
            "XMAD.PSL.CBCC R2, R0.H1, R3.H1, R2 ;",
            "AST a[0x80], R2 ;",
            "EXIT ;",
        });
        EXPECT_EQ(product, a * b) << std::hex << a << " * " << b;
    }
}

// I2I's selector picks a byte of an 8-bit or 32-bit source (.B2: bits 16..23) and a half of a
// 16-bit one (.H1: bits 16..31), extended by the source's type.
TEST(MaxwellTranslate, I2iSelectsBytesAndHalves) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    const u32 x = 0x8f9a1234;
    const auto convert = [&](std::string_view instruction) {
        return RunVertex({
            fmt::format("MOV32I R0, {:#x} ;", x),
            std::string(instruction),
            "AST a[0x80], R1 ;",
            "EXIT ;",
        });
    };
    EXPECT_EQ(convert("I2I.U32.U8 R1, R0.B2 ;"), 0x9au);
    EXPECT_EQ(convert("I2I.U32.S8 R1, R0.B3 ;"), 0xffffff8fu);
    EXPECT_EQ(convert("I2I.U32.S16 R1, R0.H1 ;"), 0xffff8f9au);
    EXPECT_EQ(convert("I2I.U32.U16 R1, R0.H1 ;"), 0x8f9au);
    EXPECT_EQ(convert("I2I.S16.U32 R1, R0 ;"), 0x1234u);
}

TEST(MaxwellTranslate, RroThenMufuSinIsTheSine) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    for (const float x : {1.0f, -2.5f, 10.0f}) {
        const u32 bits = RunVertex({
            fmt::format("MOV32I R0, {:#x} ;", std::bit_cast<u32>(x)),
            "RRO.SINCOS R1, R0 ;",
            "MUFU.SIN R2, R1 ;",
            "AST a[0x80], R2 ;",
            "EXIT ;",
        });
        EXPECT_NEAR(std::bit_cast<float>(bits), std::sin(x), 1e-5f) << x;
    }
}

// SSY pushes the reconvergence point; both sides of the branch SYNC to it.
TEST(MaxwellTranslate, SsySyncReconverges) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    for (const u32 x : {5u, 1u}) {
        const u32 result = RunVertex({
            fmt::format("MOV32I R0, {:#x} ;", x),        // 0
            "ISETP.GT.AND P0, PT, R0, 0x3, PT ;",        // 1
            fmt::format("SSY {:#x} ;", Address(8)),      // 2
            fmt::format("@P0 BRA {:#x} ;", Address(6)),  // 3
            "MOV32I R1, 0x1 ;",                          // 4
            "SYNC ;",                                    // 5
            "MOV32I R1, 0x2 ;",                          // 6
            "SYNC ;",                                    // 7
            "AST a[0x80], R1 ;",                         // 8
            "EXIT ;",                                    // 9
        });
        EXPECT_EQ(result, x > 3 ? 2u : 1u);
    }
}

// PBK pushes the loop's exit; BRK leaves the loop from inside it.
TEST(MaxwellTranslate, PbkBrkLeavesTheLoop) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    const u32 result = RunVertex({
        "MOV32I R1, 0x0 ;",                      // 0
        fmt::format("PBK {:#x} ;", Address(6)),  // 1
        "IADD32I R1, R1, 0x1 ;",                 // 2
        "ISETP.GE.AND P0, PT, R1, 0x4, PT ;",    // 3
        "@P0 BRK ;",                             // 4
        fmt::format("BRA {:#x} ;", Address(2)),  // 5
        "AST a[0x80], R1 ;",                     // 6
        "EXIT ;",                                // 7
    });
    EXPECT_EQ(result, 4u);
}

// SSY with a constant-buffer target (a form nvdisasm prints) is refused by name, not taken for
// a relative target.
TEST(MaxwellTranslate, ConstantBranchTargetsAreRefused) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    try {
        RunVertex({"SSY c[0x5][0x7a60] ;", "SYNC ;", "EXIT ;"});
        ADD_FAILURE() << "translated";
    } catch (const std::exception& error) {
        EXPECT_NE(std::string(error.what()).find("SSY to a constant-buffer target"),
                  std::string::npos)
            << error.what();
    }
}

// The forms decoded without a translation are refused by name: TLD.B by its handle register,
// SURED and the other mnemonics without a handler by their mnemonic.
TEST(MaxwellTranslate, DecodedFormsWithoutTranslationAreRefusedByName) {
    if (ModesetPrograms("nvidia-maxwell-graphics").empty()) {
        GTEST_SKIP() << "fixture missing";
    }
    const std::pair<std::string_view, std::string_view> cases[] = {
        {"TLD.B.LZ R1, R2, R3, 0x0, 1D, 0x5 ;", "TLD.B (a texture handle in a register)"},
        {"SURED.P.1D.ADD.IGN [R2], R1, R20 ;", "no translation for SURED"},
        {"TLD4.R R1, R2, R3, 0x0, 1D, 0x0 ;", "no translation for TLD4"},
    };
    for (const auto& [instruction, reason] : cases) {
        try {
            RunVertex({std::string(instruction), "EXIT ;"});
            ADD_FAILURE() << "translated: " << instruction;
        } catch (const std::exception& error) {
            EXPECT_NE(std::string(error.what()).find(reason), std::string::npos) << error.what();
        }
    }
}

}  // namespace
}  // namespace shader::testing
