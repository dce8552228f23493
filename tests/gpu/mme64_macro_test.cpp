// MME64 group by group. Expected values follow the semantics of Mesa's simulator as its
// hardware tests (mme_tu104_sim_hw_test.cpp) check them on Turing, computed here on their own.
#include <bit>

#include <gtest/gtest.h>

#include "macro_test_support.h"

namespace gpu::macro {
namespace {

using namespace test;
using namespace test::mme64;
using Op = Mme64Op;
using Src = Mme64Source;
using Out = Mme64Output;

constexpr u32 kOut = 0x400;
constexpr u8 kZero = S(Src::Zero);

struct Result {
    MacroRun run;
    Methods methods;
};

Result RunMacro(std::vector<Group> groups, const std::vector<u32>& parameters,
                ExecutionLimits limits = {}, RecordingHost* shared_host = nullptr,
                MacroEngine* shared_engine = nullptr) {
    Finish(groups);
    MacroEngine local_engine(MacroFormat::Mme64, limits);
    RecordingHost local_host;
    MacroEngine& engine = shared_engine ? *shared_engine : local_engine;
    RecordingHost& host = shared_host ? *shared_host : local_host;
    Upload(engine, host, 0, Assemble(groups));
    Result result;
    result.run = engine.Execute(0, parameters, host);
    result.methods = host.methods;
    return result;
}

std::vector<u32> Sent(const Methods& methods) {
    std::vector<u32> values;
    for (const auto& [m, v] : methods) {
        values.push_back(v);
    }
    return values;
}

// r0 = load0 and r1 = load1 in one group.
Group LoadTwo() {
    Group g;
    g.alu[0] = Alu(Op::Add, R(0), S(Src::Load0), kZero);
    g.alu[1] = Alu(Op::Add, R(1), S(Src::Load1), kZero);
    return g;
}

// alu0 = op(r0, r1); out0 sends it to kOut.
Group OpToOut(Op op, u16 imm0 = 0) {
    Group g;
    g.alu[0] = Alu(op, R(2), R(0), R(1), imm0);
    g.alu[1].imm = MethodWord(kOut, 1);
    g.out[0] = {O(Out::Imm1), O(Out::Alu0)};
    return g;
}

u32 Binary(Op op, u32 x, u32 y, u16 imm0 = 0) {
    const Result r = RunMacro({LoadTwo(), OpToOut(op, imm0)}, {x, y});
    EXPECT_EQ(r.run.exit, MacroExit::Exited);
    EXPECT_EQ(r.methods.size(), 1u);
    return r.methods.empty() ? 0xDEADDEAD : r.methods[0].second;
}

std::vector<u32> Values() {
    return {0, 1, 5, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFB, 0xFFFFFFFF, 0x0C406FE0};
}

TEST(Mme64Macro, AluOpsOnEdgeValues) {
    for (u32 x : Values()) {
        for (u32 y : Values()) {
            SCOPED_TRACE(testing::Message() << std::hex << x << " " << y);
            const s32 sx = static_cast<s32>(x);
            const s32 sy = static_cast<s32>(y);
            EXPECT_EQ(Binary(Op::Add, x, y), x + y);
            EXPECT_EQ(Binary(Op::Sub, x, y), x - y);
            EXPECT_EQ(Binary(Op::Mul, x, y), static_cast<u32>(s64{sx} * s64{sy}));
            EXPECT_EQ(Binary(Op::Mulu, x, y), static_cast<u32>(u64{x} * y));
            EXPECT_EQ(Binary(Op::And, x, y), x & y);
            EXPECT_EQ(Binary(Op::Nand, x, y), ~(x & y));
            EXPECT_EQ(Binary(Op::Or, x, y), x | y);
            EXPECT_EQ(Binary(Op::Xor, x, y), x ^ y);
            // Shifts use the low five bits of the amount (Mesa's shift tests with 51).
            EXPECT_EQ(Binary(Op::Sll, x, y), x << (y & 31));
            EXPECT_EQ(Binary(Op::Srl, x, y), x >> (y & 31));
            EXPECT_EQ(Binary(Op::Sra, x, y), static_cast<u32>(sx >> (y & 31)));
            EXPECT_EQ(Binary(Op::Slt, x, y), sx < sy ? ~0u : 0u);
            EXPECT_EQ(Binary(Op::Sltu, x, y), x < y ? ~0u : 0u);
            EXPECT_EQ(Binary(Op::Sle, x, y), sx <= sy ? ~0u : 0u);
            EXPECT_EQ(Binary(Op::Sleu, x, y), x <= y ? ~0u : 0u);
            EXPECT_EQ(Binary(Op::Seq, x, y), x == y ? ~0u : 0u);
        }
        EXPECT_EQ(Binary(Op::Clz, x, 0), static_cast<u32>(std::countl_zero(x)));
    }
    EXPECT_EQ(Binary(Op::Sll, 0x0C406FE0, 51), 0x7F000000u);
    EXPECT_EQ(Binary(Op::Sra, 0x80000000, 35), 0xF0000000u);
    EXPECT_EQ(Binary(Op::Clz, 0, 0), 32u);
    EXPECT_EQ(Binary(Op::Clz, 0x00406FE0, 0), 9u);
    EXPECT_EQ(Binary(Op::Slt, 0xFFFFFFFF, 1), ~0u);  // -1 < 1 signed
    EXPECT_EQ(Binary(Op::Sltu, 0xFFFFFFFF, 1), 0u);
}

// alu0 = low op, alu1 = high op in one group; both sent.
std::pair<u32, u32> Pair(Op low, Op high, u32 x, u32 y, u32 z, u32 w) {
    Group second;
    second.alu[0] = Alu(Op::Add, R(2), S(Src::Load0), kZero);
    second.alu[1] = Alu(Op::Add, R(3), S(Src::Load1), kZero);
    Group g;
    g.alu[0] = Alu(low, R(4), R(0), R(2), MethodWord(kOut, 1));
    g.alu[1] = Alu(high, R(5), R(1), R(3));
    g.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    g.out[1] = {O(Out::None), O(Out::Alu1)};
    const Result r = RunMacro({LoadTwo(), second, g}, {x, y, z, w});
    EXPECT_EQ(r.methods.size(), 2u);
    return r.methods.size() == 2 ? std::pair{r.methods[0].second, r.methods[1].second}
                                 : std::pair{0u, 0u};
}

TEST(Mme64Macro, AddcAndSubbChainsGive64BitResults) {
    const std::vector<u64> values = {0,
                                     1,
                                     0xFFFFFFFF,
                                     0x80008650'00000596,
                                     0x8000A8F6'00000836,
                                     0xFFFFFFFF'FFFFFFFF,
                                     0x0000FFFF'FFFF8000};
    for (u64 a : values) {
        for (u64 b : values) {
            SCOPED_TRACE(testing::Message() << std::hex << a << " " << b);
            const u32 alo = static_cast<u32>(a), ahi = static_cast<u32>(a >> 32);
            const u32 blo = static_cast<u32>(b), bhi = static_cast<u32>(b >> 32);
            // Within one group alu1's ADDC/SUBB sees alu0's carry; the 33rd bit of the high
            // half is dropped, as Mesa's simulator does.
            const u64 sum = a + b, difference = a - b;
            EXPECT_EQ(Pair(Op::Add, Op::Addc, alo, ahi, blo, bhi),
                      (std::pair{static_cast<u32>(sum), static_cast<u32>(sum >> 32)}));
            EXPECT_EQ(
                Pair(Op::Sub, Op::Subb, alo, ahi, blo, bhi),
                (std::pair{static_cast<u32>(difference), static_cast<u32>(difference >> 32)}));
        }
    }
}

TEST(Mme64Macro, MulhGivesTheHighHalfOfMulAndMulu) {
    for (u32 x : Values()) {
        for (u32 y : Values()) {
            const u64 signed_product =
                static_cast<u64>(s64{static_cast<s32>(x)} * static_cast<s32>(y));
            const u64 unsigned_product = u64{x} * y;
            EXPECT_EQ(Pair(Op::Mul, Op::Mulh, x, 0, y, 0),
                      (std::pair{static_cast<u32>(signed_product),
                                 static_cast<u32>(signed_product >> 32)}));
            EXPECT_EQ(Pair(Op::Mulu, Op::Mulh, x, 0, y, 0),
                      (std::pair{static_cast<u32>(unsigned_product),
                                 static_cast<u32>(unsigned_product >> 32)}));
        }
    }
    EXPECT_EQ(Pair(Op::Mul, Op::Mulh, 0xFFFFFFFF, 0, 5, 0), (std::pair{0xFFFFFFFBu, 0xFFFFFFFFu}));
    EXPECT_EQ(Pair(Op::Mulu, Op::Mulh, 0xFFFFFFFF, 0, 5, 0), (std::pair{0xFFFFFFFBu, 4u}));
}

u16 MergeControl(u32 dst_bit, u32 width, u32 src_bit) {
    return static_cast<u16>((dst_bit << 10) | (width << 5) | src_bit);
}

TEST(Mme64Macro, MergeFieldsAndEdgeWidths) {
    // Mesa's merge hardware test values.
    const u32 x = 0x0C406FE0, y = 0x76543210;
    for (auto [dst, width, src] : std::vector<std::array<u32, 3>>{{12, 12, 20},
                                                                  {12, 8, 20},
                                                                  {8, 12, 20},
                                                                  {12, 16, 8},
                                                                  {24, 12, 8},
                                                                  {0, 0, 0},
                                                                  {0, 31, 1},
                                                                  {31, 1, 31}}) {
        const u64 mask = ((u64{1} << width) - 1) << dst;
        const u64 field = u64{(y >> src) & ((1u << width) - 1)} << dst;
        EXPECT_EQ(Binary(Op::Merge, x, y, MergeControl(dst, width, src)),
                  static_cast<u32>((x & ~mask) | field))
            << dst << " " << width << " " << src;
    }
    EXPECT_EQ(Binary(Op::Merge, x, y, MergeControl(12, 12, 20)), 0x0C765FE0u);
    // A destination bit past 31 leaves x as it is.
    EXPECT_EQ(Binary(Op::Merge, x, y, MergeControl(40, 8, 0)), x);
    EXPECT_EQ(Binary(Op::Merge, x, y, MergeControl(28, 8, 0)), 0x0C406FE0u & 0x0FFFFFFF);
}

TEST(Mme64Macro, ImmediateSources) {
    // r0 = IMM (sign-extended), r1 = IMMPAIR (alu0's immediate, seen from alu1), IMM32 (imm0
    // high), and outputs of the immediates themselves.
    Group g;
    g.alu[0] = Alu(Op::Add, R(0), S(Src::Imm), kZero, 0x8001);
    g.alu[1] = Alu(Op::Add, R(1), S(Src::ImmPair), kZero, 0x1234);
    Group h;
    h.alu[0] = Alu(Op::Add, R(2), S(Src::Imm32), kZero, 0xC0FF);
    h.alu[1] = Alu(Op::Add, R(3), S(Src::ImmPair), kZero, 0xEE01);
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(0), kZero, MethodWord(kOut, 1));
    send.alu[1] = Alu(Op::Add, kZero, R(1), kZero);
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    send.out[1] = {O(Out::None), O(Out::Alu1)};
    Group send2;
    send2.alu[0] = Alu(Op::Add, kZero, R(2), kZero);
    send2.alu[1] = Alu(Op::Add, kZero, R(3), kZero);
    send2.out[0] = {O(Out::None), O(Out::Alu0)};
    send2.out[1] = {O(Out::None), O(Out::Alu1)};
    Group imms;
    imms.alu[0].imm = 0x8765;
    imms.alu[1].imm = 0x1234;
    imms.out[0] = {O(Out::None), O(Out::Imm0)};
    imms.out[1] = {O(Out::None), O(Out::Imm1)};
    Group highs = imms;
    highs.out[0] = {O(Out::None), O(Out::ImmHigh0)};
    highs.out[1] = {O(Out::None), O(Out::ImmHigh1)};
    Group wide = imms;
    wide.out[0] = {O(Out::None), O(Out::Imm32)};
    wide.out[1] = {O(Out::None), O(Out::None)};
    const Result r = RunMacro({g, h, send, send2, imms, highs, wide}, {});
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{0xFFFF8001, 0xFFFF8001, 0xC0FFEE01, 0xFFFFC0FF,
                                                 0x8765, 0x1234, 0x8, 0x1, 0x87651234}));
    for (std::size_t i = 0; i < r.methods.size(); ++i) {
        EXPECT_EQ(r.methods[i].first, kOut + i);
    }
}

TEST(Mme64Macro, MethodOutputIncrementAndLoadOutputs) {
    Group g;
    g.alu[0].imm = MethodWord(0x300, 0);
    g.alu[1].imm = MethodWord(0xFFE, 15);
    g.out[0] = {O(Out::Imm0), O(Out::Load0)};
    g.out[1] = {O(Out::None), O(Out::Load1)};
    Group h;
    h.alu[1].imm = MethodWord(0xFFE, 15);
    h.out[0] = {O(Out::Imm1), O(Out::Load0)};
    h.out[1] = {O(Out::None), O(Out::Load1)};
    const Result r = RunMacro({g, h}, {1, 2, 3, 4});
    EXPECT_EQ(r.methods, (Methods{{0x300, 1}, {0x300, 2}, {0xFFE, 3}, {0x00D, 4}}));
}

TEST(Mme64Macro, StateReadsShadowRamAtXPlusY) {
    MacroEngine engine(MacroFormat::Mme64);
    RecordingHost host;
    engine.WriteMethod(0x8E3, 77, host);
    Group g;
    g.alu[0] = Alu(Op::State, R(0), S(Src::Imm), S(Src::Load0), 0x8E0);
    g.alu[1].imm = MethodWord(kOut, 1);
    g.out[0] = {O(Out::Imm1), O(Out::Alu0)};
    Result r = RunMacro({g}, {3}, {}, &host, &engine);
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{77}));
}

bool SlotEnabled(u32 mode, unsigned slot, bool predicate) {
    const char c = kMme64PredicateModes[mode][slot];
    return c == 'U' || c == (predicate ? 'T' : 'F');
}

// Mesa's pred_alu and pred_out hardware tests: the predicate gates each ALU and each output.
TEST(Mme64Macro, PredicationOfTheFourSlots) {
    for (u32 mode = 0; mode < 16; ++mode) {
        for (u32 predicate : {0u, 25894u}) {
            SCOPED_TRACE(testing::Message() << kMme64PredicateModes[mode] << " " << predicate);
            Group set;
            set.alu[0] = Alu(Op::Add, R(5), S(Src::Load0), kZero);
            set.alu[1] = Alu(Op::Add, R(0), S(Src::Imm), kZero, 13);
            Group more;
            more.alu[0] = Alu(Op::Add, R(1), S(Src::Imm), kZero, 62);
            Group alus;
            alus.predicate_mode = static_cast<u8>(mode);
            alus.predicate = R(5);
            alus.alu[0] = Alu(Op::Add, R(0), S(Src::Imm), kZero, 25);
            alus.alu[1] = Alu(Op::Add, R(1), S(Src::Imm), kZero, 73);
            Group outs;
            outs.predicate_mode = static_cast<u8>(mode);
            outs.predicate = R(5);
            outs.alu[0].imm = MethodWord(0x500, 0);
            outs.alu[1].imm = MethodWord(0x501, 0);
            outs.out[0] = {O(Out::Imm0), O(Out::Imm1)};
            outs.out[1] = {O(Out::Imm1), O(Out::Imm0)};
            Group send;
            send.alu[0] = Alu(Op::Add, kZero, R(0), kZero, MethodWord(kOut, 1));
            send.alu[1] = Alu(Op::Add, kZero, R(1), kZero);
            send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
            send.out[1] = {O(Out::None), O(Out::Alu1)};
            const bool p = predicate != 0;
            Methods expected;
            if (SlotEnabled(mode, 2, p)) {
                expected.emplace_back(0x500, MethodWord(0x501, 0));
            }
            if (SlotEnabled(mode, 3, p)) {
                expected.emplace_back(0x501, MethodWord(0x500, 0));
            }
            expected.emplace_back(kOut, SlotEnabled(mode, 0, p) ? 25 : 13);
            expected.emplace_back(kOut + 1, SlotEnabled(mode, 1, p) ? 73 : 62);
            EXPECT_EQ(RunMacro({set, more, alus, outs, send}, {predicate}).methods, expected);
        }
    }
}

TEST(Mme64Macro, LoadsArePoppedEvenWhenPredicatedOff) {
    // Mesa's pred_param hardware test: a predicated-off group still consumes its LOAD0.
    Group first;
    first.alu[0] = Alu(Op::Add, R(0), S(Src::Load0), kZero);
    first.alu[1] = Alu(Op::Add, R(1), S(Src::Imm), kZero, 240);
    Group g;
    g.predicate_mode = 1;  // TTTT
    g.predicate = R(0);
    g.alu[0] = Alu(Op::Add, R(1), S(Src::Load0), kZero);
    Group last;
    last.alu[0] = Alu(Op::Add, R(2), S(Src::Load0), kZero);
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(1), kZero, MethodWord(kOut, 1));
    send.alu[1] = Alu(Op::Add, kZero, R(2), kZero);
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    send.out[1] = {O(Out::None), O(Out::Alu1)};
    EXPECT_EQ(Sent(RunMacro({first, g, last, send}, {0, 2043, 2581}).methods),
              (std::vector<u32>{240, 2581}));
    EXPECT_EQ(Sent(RunMacro({first, g, last, send}, {1, 2043, 2581}).methods),
              (std::vector<u32>{2043, 2581}));
}

// r0 = count (load0), r1 = 0; LOOP r0 { nop; r1 += r0 }; r2 = 1; send r1, r2.
std::vector<Group> LoopProgram(u16 body_groups_plus_one = 3) {
    Group init;
    init.alu[0] = Alu(Op::Add, R(0), S(Src::Load0), kZero);
    init.alu[1] = Alu(Op::Add, R(1), kZero, kZero);
    Group loop;
    loop.alu[0] = Alu(Op::Loop, kZero, R(0), kZero, body_groups_plus_one);
    Group nop;
    Group add;
    add.alu[0] = Alu(Op::Add, R(1), R(1), R(0));
    Group after;
    after.alu[0] = Alu(Op::Add, R(2), S(Src::Imm), kZero, 1);
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(1), kZero, MethodWord(kOut, 1));
    send.alu[1] = Alu(Op::Add, kZero, R(2), kZero);
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    send.out[1] = {O(Out::None), O(Out::Alu1)};
    return {init, loop, nop, add, after, send};
}

TEST(Mme64Macro, LoopRunsItsBodyCountTimesAndOnceForZero) {
    for (u32 count : {0u, 1u, 5u, 9u}) {
        const Result r = RunMacro(LoopProgram(), {count});
        // Mesa's loop hardware test: x = count * count, and a count of 0 runs the body once
        // (adding 0).
        EXPECT_EQ(Sent(r.methods), (std::vector<u32>{count * count, 1})) << count;
        EXPECT_EQ(r.run.instructions, 2 + 2 * std::max(count, 1u) + 4) << count;
    }
}

TEST(Mme64Macro, NestedLoopAndEmptyLoopStop) {
    std::vector<Group> nested = LoopProgram();
    nested[2].alu[0] = Alu(Op::Loop, kZero, R(0), kZero, 2);
    EXPECT_EQ(RunMacro(nested, {3}).run.exit, MacroExit::IllegalInstruction);
    EXPECT_EQ(RunMacro(LoopProgram(1), {3}).run.exit, MacroExit::IllegalInstruction);
}

// Ten groups each adding 1 to r0 after a control group at index 1; sends r0.
Result CountAfter(Group control, const std::vector<u32>& parameters = {}) {
    Group init;
    init.alu[0] = Alu(Op::Add, R(0), kZero, kZero);
    init.alu[1] = Alu(Op::Add, R(1), S(Src::Load0), kZero);
    std::vector<Group> groups = {init, control};
    for (int i = 0; i < 10; ++i) {
        Group inc;
        inc.alu[0] = Alu(Op::Add, R(0), R(0), S(Src::Imm), 1);
        groups.push_back(inc);
    }
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(0), kZero, MethodWord(kOut, 1));
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    groups.push_back(send);
    return RunMacro(groups, parameters.empty() ? std::vector<u32>{0} : parameters);
}

TEST(Mme64Macro, JalJumpsForwardFromItsOwnGroup) {
    Group jal;
    jal.alu[0] = Alu(Op::Jal, kZero, kZero, kZero, 0x8000 | 6);
    EXPECT_EQ(Sent(CountAfter(jal).methods), (std::vector<u32>{5}));  // Mesa's jal test
}

TEST(Mme64Macro, ConditionalBranchesSignedUnsignedAndTheExpectBit) {
    const auto compare = [](Op op, u32 x, u32 y) {
        switch (op) {
            case Op::Blt:
                return static_cast<s32>(x) < static_cast<s32>(y);
            case Op::Bltu:
                return x < y;
            case Op::Ble:
                return static_cast<s32>(x) <= static_cast<s32>(y);
            case Op::Bleu:
                return x <= y;
            default:
                return x == y;
        }
    };
    for (Op op : {Op::Blt, Op::Bltu, Op::Ble, Op::Bleu, Op::Beq}) {
        for (auto [x, y] : std::vector<std::pair<u32, u32>>{
                 {0xFFFFFFF6, 5}, {5, 0xFFFFFFF6}, {5, 5}, {3, 7}, {7, 3}}) {
            for (bool expect : {false, true}) {
                Group branch;
                branch.alu[0] = Alu(op, kZero, R(1), S(Src::ImmPair), (expect ? 0x8000 : 0) | 6);
                branch.alu[1].imm = static_cast<u16>(y);
                const u32 count = CountAfter(branch, {x}).methods.at(0).second;
                // ImmPair sign-extends 16 bits; these y all fit.
                const bool taken = compare(op, x, static_cast<u32>(static_cast<s16>(y))) == expect;
                EXPECT_EQ(count, taken ? 5u : 10u)
                    << static_cast<int>(op) << " " << x << " " << y << " " << expect;
            }
        }
    }
}

TEST(Mme64Macro, BackwardBranchAndExitOffset) {
    // r0 counts to 3 through a backward BLT.
    Group init;
    init.alu[0] = Alu(Op::Add, R(0), kZero, kZero);
    Group inc;
    inc.alu[0] = Alu(Op::Add, R(0), R(0), S(Src::Imm), 1);
    Group back;
    back.alu[0] = Alu(Op::Blt, kZero, R(0), S(Src::ImmPair), 0x8000 | (-1 & 0x1FFF));
    back.alu[1].imm = 3;
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(0), kZero, MethodWord(kOut, 1));
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    EXPECT_EQ(Sent(RunMacro({init, inc, back, send}, {}).methods), (std::vector<u32>{3}));

    // Offset 0x1000 ends the macro; the rest of the group still runs (Mesa bxx_exit).
    Group exit;
    exit.alu[0] = Alu(Op::Beq, kZero, kZero, kZero, 0x8000 | 0x1000);
    exit.alu[1].imm = MethodWord(kOut, 1);
    exit.out[0] = {O(Out::Imm1), O(Out::Imm1)};
    const Result r = RunMacro({exit, send}, {});
    EXPECT_EQ(r.methods, (Methods{{kOut, MethodWord(kOut, 1)}}));
    EXPECT_EQ(r.run.exit, MacroExit::Exited);
    EXPECT_EQ(r.run.instructions, 1u);
}

TEST(Mme64Macro, EndNextRunsExactlyOneMoreGroupEvenAtABranchTarget) {
    Group jump;
    jump.end_next = true;
    jump.alu[0] = Alu(Op::Jal, kZero, kZero, kZero, 0x8000 | 2);
    Group skipped;
    skipped.alu[1].imm = 1;
    skipped.out[0] = {O(Out::None), O(Out::Imm1)};
    Group target = skipped;
    target.alu[1].imm = 2;
    Group never = skipped;
    never.alu[1].imm = 3;
    MacroEngine engine(MacroFormat::Mme64);
    RecordingHost host;
    Upload(engine, host, 0, Assemble({jump, skipped, target, never}));
    const MacroRun run = engine.Execute(0, std::vector<u32>{}, host);
    EXPECT_EQ(Sent(host.methods), (std::vector<u32>{2}));
    EXPECT_EQ(run.instructions, 2u);
}

TEST(Mme64Macro, DataRamReadAndWrite) {
    Group write;
    write.alu[0] = Alu(Op::Dwrite, kZero, S(Src::Imm), S(Src::Load0), 5);
    write.alu[1] = Alu(Op::Dwrite, kZero, S(Src::Imm), S(Src::Load1), 8);
    Group read;
    read.alu[0] = Alu(Op::Dread, R(0), S(Src::Imm), kZero, 8);
    read.alu[1] = Alu(Op::Dread, R(1), S(Src::Imm), kZero, 5);
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(0), kZero, MethodWord(kOut, 1));
    send.alu[1] = Alu(Op::Add, kZero, R(1), kZero);
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    send.out[1] = {O(Out::None), O(Out::Alu1)};
    EXPECT_EQ(Sent(RunMacro({write, read, send}, {0xFFFFFFF6, 5}).methods),
              (std::vector<u32>{5, 0xFFFFFFF6}));
    Group past;
    past.alu[0] = Alu(Op::Dread, R(0), S(Src::Imm32), kZero, 0);
    past.alu[1].imm = kDataRamWords;
    EXPECT_EQ(RunMacro({past}, {}).run.exit, MacroExit::IllegalInstruction);
}

TEST(Mme64Macro, UndefinedEncodingsStopBeforeTheGroupRuns) {
    auto stops = [](Group g) {
        g.out[1] = {O(Out::Imm0), O(Out::Imm0)};  // would emit if the group ran
        const Result r = RunMacro({g}, {});
        return r.run.exit == MacroExit::IllegalInstruction && r.methods.empty();
    };
    Group g;
    g.out[0] = {O(Out::Reserved), O(Out::None)};
    EXPECT_TRUE(stops(g));
    g = Group{};
    g.out[0] = {O(Out::None), 11};
    EXPECT_TRUE(stops(g));
    g = Group{};
    g.alu[0] = Alu(Op::Add, R(0), 30, kZero);
    EXPECT_TRUE(stops(g));
    g = Group{};
    g.alu[1] = Alu(Op::Add, S(Src::Imm), kZero, kZero);
    EXPECT_TRUE(stops(g));
    g = Group{};
    g.alu[0] = Alu(Op::State, R(0), kZero, kZero);
    g.alu[1] = Alu(Op::State, R(1), kZero, kZero);
    EXPECT_TRUE(stops(g));
    g = Group{};
    g.predicate_mode = 1;
    g.predicate = S(Src::Imm);
    EXPECT_TRUE(stops(g));
    g = Group{};
    g.alu[0] = Alu(Op::Extended, kZero, S(Src::Imm), kZero, 0x2000);
    EXPECT_EQ(RunMacro({g}, {}).run.exit, MacroExit::IllegalInstruction);
}

TEST(Mme64Macro, EndlessMacroStopsAtTheBudgetAndWildBranchesLeaveTheRam) {
    Group spin;
    spin.alu[0] = Alu(Op::Jal, kZero, kZero, kZero, 0x8000);
    Result r = RunMacro({spin}, {1, 2, 3}, ExecutionLimits{500, 100});
    EXPECT_EQ(r.run.exit, MacroExit::BudgetExhausted);
    EXPECT_EQ(r.run.instructions, 800u);
    Group wild;
    wild.alu[0] = Alu(Op::Beq, kZero, kZero, kZero, 0x8000 | 0x0FFF);
    r = RunMacro({wild}, {});
    // 4095 groups on, the RAM holds zeros (ADD r0 = r0 + r0) up to its end.
    EXPECT_EQ(r.run.exit, MacroExit::CodeOutOfRange);
    Group back;
    back.alu[0] = Alu(Op::Beq, kZero, kZero, kZero, 0x8000 | (-5 & 0x1FFF));
    r = RunMacro({back}, {});
    EXPECT_EQ(r.run.exit, MacroExit::CodeOutOfRange);
}

TEST(Mme64Macro, MissingParametersReadZero) {
    Group g = LoadTwo();
    Group send;
    send.alu[0] = Alu(Op::Add, kZero, R(0), kZero, MethodWord(kOut, 1));
    send.alu[1] = Alu(Op::Add, kZero, R(1), kZero);
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    send.out[1] = {O(Out::None), O(Out::Alu1)};
    const Result r = RunMacro({g, send}, {9});
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{9, 0}));
    EXPECT_EQ(r.run.missing_parameters, 1u);
}

}  // namespace
}  // namespace gpu::macro
