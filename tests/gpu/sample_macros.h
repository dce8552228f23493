#pragma once

// Real-looking macros for tests and the benchmark. Fermi format: deko3d's Draw macro
// (devkitPro/deko3d source/maxwell/draw.mme), encoded line by line from its source with the
// method numbers of its engine_3d.def: no public assembled copy was found (the three deko3d
// homebrew fixtures do not hold it as plain words). MME64: an instanced draw laid out the way
// Mesa's MME64 builder emits LOOP and exit-if (mme_tu104_builder.c).

#include <vector>

#include "macro_test_support.h"

namespace gpu::macro::test {

// deko3d engine_3d.def (MAXWELL_B); AMPERE_B keeps these offsets (clc797.h BEGIN 0x1618,
// END 0x1614, SET_VERTEX_ARRAY_START 0xD74, DRAW_VERTEX_ARRAY 0xD78).
constexpr u32 kDrawArraysFirst = 0x35D;
constexpr u32 kDrawArraysCount = 0x35E;
constexpr u32 kDrawBaseInstance = 0x50E;
constexpr u32 kVertexEndGl = 0x585;
constexpr u32 kVertexBeginGl = 0x586;
constexpr u32 kInstanceNext = 1u << 26;
constexpr u32 kConstbufSelectorSize = 0x8E0;
constexpr u32 kLoadConstbufOffset = 0x8E3;
constexpr u32 kMmeDriverConstbufIova = 0xD18;  // shadow scratch
constexpr u32 kMmeDriverConstbufSize = 0xD19;

// draw.mme "Draw": primitive, vertex count, instance count, first vertex, first instance.
inline std::vector<u32> DekoDraw() {
    using namespace fermi;
    using A = FermiAssign;
    const auto to_mem = [](u32 reg, bool exit = false) {
        return Alu(A::MoveSend, 0, FermiAluOp::Add, reg, 0, exit);
    };
    const auto to_addr = [](u32 method, u32 increment) {
        return AddImm(A::MoveSetMethod, 0, 0, MethodWord(method, increment));
    };
    return {
        AddImm(A::Fetch, 6, 0, 0),  // fetch r6
        AddImm(A::Move, 2, 0, 1),   // 1 to r2
        AddImm(A::Fetch, 7, 0, 0),  // fetch r7
        AddImm(A::MoveSetMethodFetchSend, 0, 0, MethodWord(kDrawArraysFirst, 0)),
        Branch(true, false, 7, 2, true),  // *bnz r7 .cancelExit
        AddImm(A::FetchSetMethod, 5, 0, MethodWord(kDrawBaseInstance, 0)),
        Branch(false, false, 5, 5),  // .cancelExit: bz r5 .drawLoop
        to_mem(5),                   // r5 to mem
        to_addr(kLoadConstbufOffset, 1),
        AddImm(A::MoveSend, 0, 0, 4),  // 0x004 to mem
        to_mem(5),
        to_addr(kVertexBeginGl, 0),  // .drawLoop
        to_mem(1),
        to_addr(kDrawArraysCount, 0),
        to_mem(6),
        AddImm(A::MoveSetMethodSendHigh, 0, 0, MethodWord(kVertexEndGl, 0)),  // to addr'mem
        AddImm(A::Move, 7, 7, -1),                                            // dec r7 to r7
        Branch(true, false, 7, -6),                                           // bnz r7 .drawLoop
        Bitfield(FermiOp::Merge, A::Move, 1, 1, 2, 0, 2, 26),  // ei 26:r1 0:r2 2 to r1
        Branch(true, false, 5, 2, true),                       // *bnz r5 .resetBaseInstance
        to_addr(kLoadConstbufOffset, 1),
        AddImm(A::MoveSend, 0, 0, 4, true),  // .resetBaseInstance: *0x004
        AddImm(A::MoveSend, 0, 0, 0),        // 0 to mem
    };
}

// Instanced draw: begin, first, count, instances; exit at once for no instances, else a LOOP
// over BEGIN / first / count / END with INSTANCE_NEXT merged in after the first.
inline std::vector<u32> Mme64Draw() {
    using namespace mme64;
    using Op = Mme64Op;
    using Src = Mme64Source;
    using Out = Mme64Output;
    std::vector<Group> groups(8);
    groups[0].alu = {Alu(Op::Add, R(0), S(Src::Load0), S(Src::Zero)),
                     Alu(Op::Add, R(1), S(Src::Load1), S(Src::Zero))};
    groups[1].alu = {Alu(Op::Add, R(2), S(Src::Load0), S(Src::Zero)),
                     Alu(Op::Add, R(3), S(Src::Load1), S(Src::Zero))};
    groups[2].alu[0] = Alu(Op::Beq, S(Src::Zero), R(3), S(Src::Zero), 0x8000 | 0x1000);
    groups[3].alu[0] = Alu(Op::Loop, S(Src::Zero), R(3), S(Src::Zero), 5);
    groups[4].alu[0].imm = MethodWord(kVertexBeginGl, 0);
    groups[4].alu[1] = Alu(Op::Add, S(Src::Zero), R(0), S(Src::Zero));
    groups[4].out[0] = {O(Out::Imm0), O(Out::Alu1)};
    groups[5].alu = {
        Alu(Op::Add, S(Src::Zero), R(1), S(Src::Zero), MethodWord(kDrawArraysFirst, 1)),
        Alu(Op::Add, S(Src::Zero), R(2), S(Src::Zero))};
    groups[5].out = {Mme64Out{O(Out::Imm0), O(Out::Alu0)}, Mme64Out{O(Out::None), O(Out::Alu1)}};
    groups[6].alu[0].imm = MethodWord(kVertexEndGl, 0);
    groups[6].out[0] = {O(Out::Imm0), O(Out::Imm1)};
    groups[7].alu = {Alu(Op::Merge, R(0), R(0), S(Src::ImmPair), (26 << 10) | (2 << 5)), kNopAlu};
    groups[7].alu[1].imm = 1;
    Finish(groups);
    return Assemble(groups);
}

}  // namespace gpu::macro::test
