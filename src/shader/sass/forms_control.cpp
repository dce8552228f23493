// Control flow and scheduling (BRA, BRX, JMX, CALL, RET, BSSY, BSYNC, BREAK, BMOV, EXIT, YIELD,
// WARPSYNC, NANOSLEEP, DEPBAR, BAR). Branch offsets: signed, in
// 4-byte units, relative to the next instruction (notes/sass-encoding.md; Mesa NAK sm70_encode.rs).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define NX_BARRIER_STATE                                                                  \
    "K{B0,B1,B2,B3,B4,B5,B6,B7,B8,B9,B10,B11,B12,B13,B14,B15,THREAD_STATE_ENUM.0,"        \
    "THREAD_STATE_ENUM.1,THREAD_STATE_ENUM.2,THREAD_STATE_ENUM.3,THREAD_STATE_ENUM.4,"    \
    "TRAP_RETURN_PC.LO,TRAP_RETURN_PC.HI,TRAP_RETURN_MASK,MEXITED,MKILL,MACTIVE,MATEXIT," \
    "OPT_STACK,API_CALL_DEPTH,ATEXIT_PC.LO,ATEXIT_PC.HI}@24:5"

constexpr FormSpec kForms[] = {
    // "BRA !PT, target" keeps the predicate operand.
    {"BRA", 0x947, "=7@87:3 =0@90:1 | BRA@34:48"},
    {"BRA", 0x947, "| P@87 !@90 nz, BRA@34:48"},
    {"BRA", 0x1947, "{?,?,?,CONV}@32:2 =7@87:3 | UR@24 ~@30, BRA@34:48"},
    {"BSSY", 0x945, "=7@87:3 | B@16, BRA@34:30"},
    {"BSYNC", 0x941, "=7@87:3 | B@16"},
    // BREAK Bn: the thread leaves the convergence barrier (before a break out of its region).
    {"BREAK", 0x942, "=7@87:3 | B@16"},
    {"EXIT", 0x94d, "=7@87:3"},
    // RPCMOV.32: a half of the return address register Rpc (bit 31: LO, HI) to or from a
    // register, an immediate, a constant or a uniform register (CUDA 11.8 on single-bit
    // variations). RPCMOV.64 sets the whole of Rpc; its immediate is a 4-byte-aligned address of
    // 49 bits ([34:81) from bit 2 up).
    {"RPCMOV", 0x352, "32 | K{Rpc.LO,Rpc.HI}@31:1, R@32 r@123"},
    {"RPCMOV", 0x353, "32 | R@16, K{Rpc.LO,Rpc.HI}@31:1"},
    {"RPCMOV", 0x952, "32 | K{Rpc.LO,Rpc.HI}@31:1, X@32:32"},
    {"RPCMOV", 0xb52, "32 | K{Rpc.LO,Rpc.HI}@31:1, C"},
    {"RPCMOV", 0x1d52, "32 | K{Rpc.LO,Rpc.HI}@31:1, UR@32"},
    {"RPCMOV", 0x954, "64 | L{Rpc}, X@34:47 scale=4"},
    {"RPCMOV", 0xb54, "64 | L{Rpc}, C"},
    {"RPCMOV", 0x1d54, "64 | L{Rpc}, UR@32"},
    // BMOV: the convergence barriers B0..B15 and the warp state registers after them ([24:29),
    // names and order as CUDA 11.8 prints them; bit 29 set prints ???n, so it is fixed at 0), to or
    // from a register (.CLEAR clears the source, .PQUAD), an immediate, a constant or a uniform
    // register; .64 moves ATEXIT_PC whole. NAK's "bclear" before a BSSY is BMOV.32.CLEAR RZ, B0.
    // The barrier-to-barrier forms (0xf55, 0xf56) are not written yet.
    {"BMOV", 0x355, "32 CLEAR@84 =0@29:1 | R@16, " NX_BARRIER_STATE},
    {"BMOV", 0x356, "32 PQUAD@84 =0@29:1 | " NX_BARRIER_STATE ", R@32 r@123"},
    {"BMOV", 0x956, "32 PQUAD@84 =0@29:1 | " NX_BARRIER_STATE ", X@32:32"},
    {"BMOV", 0xb56, "32 PQUAD@84 =0@29:1 | " NX_BARRIER_STATE ", C"},
    {"BMOV", 0x1d56, "32 PQUAD@84 =0@29:1 | " NX_BARRIER_STATE ", UR@32"},
    {"BMOV", 0x357, "64 | L{ATEXIT_PC}, R@32 r@123"},
    {"BMOV", 0x957, "64 | L{ATEXIT_PC}, X@34:47 scale=4"},
    {"BMOV", 0xb57, "64 | L{ATEXIT_PC}, C"},
    {"BMOV", 0x1d57, "64 | L{ATEXIT_PC}, UR@32"},
    {"DEPBAR", 0x91a, "LE =1@47:1 | SB@44, X@38:6"},
    {"DEPBAR", 0x91a, "=0@47:1"},
    // CALL.REL without NOINC and RET.REL without NODEC, and the forms with their predicate
    // operand [87:91) (plain PT left out), are forms of their own: the translator refuses them
    // (CUDA 11.8 on single-bit variations).
    {"CALL", 0x944, "REL NOINC =1@86:1 =7@87:3 | BRA@34:48"},
    {"CALL", 0x944, "REL =0@86:1 | P@87 !@90 omit=7, BRA@34:48"},
    {"CALL", 0x944, "REL NOINC =1@86:1 | P@87 !@90 nz, BRA@34:48"},
    // CALL.ABS: an absolute address in bytes.
    {"CALL", 0x943, "ABS NOINC@86 | P@87 !@90 omit=7, X@34:47 scale=4"},
    {"RET", 0x950, "REL NODEC =1@86:1 =7@87:3 | R@24, BRA@34:48 sp"},
    {"RET", 0x950, "REL =0@86:1 | P@87 !@90 omit=7, R@24, BRA@34:48 sp"},
    {"RET", 0x950, "REL NODEC =1@86:1 | P@87 !@90 nz, R@24, BRA@34:48 sp"},
    // JMP: an absolute address in bytes ([34:81) from bit 2 up) or a constant, BRX's INC/DEC,
    // and U, DIV or CONV at [32:34) (CUDA 11.8 on single-bit and single-field variations).
    {"JMP", 0x94a,
     "{,INC,DEC,INVALID3}@85:2 {,U,DIV,CONV}@32:2 | P@87 !@90 omit=7, X@34:47 scale=4"},
    {"JMP", 0xb4a, "{,INC,DEC,INVALID3}@85:2 {,U,DIV,CONV}@32:2 | P@87 !@90 omit=7, C"},
    // BRX and JMX: an indirect branch to a register (plus an offset, printed when not zero).
    {"BRX", 0x949, "{,INC,DEC,?}@85:2 | P@87 !@90 omit=7, R@24, S@34:48 scale=4 omit=0 sp"},
    {"JMX", 0x94c, "{,INC,DEC,?}@85:2 | P@87 !@90 omit=7, R@24, S@34:48 scale=4 omit=0 sp"},
    {"WARPSYNC", 0x948, "| P@87 !@90 omit=7, X@32:32"},
    {"WARPSYNC", 0x348, "EXCLUSIVE@86 | P@87 !@90 omit=7, R@32"},
    {"WARPSYNC", 0xb48, "| P@87 !@90 omit=7, C"},
    {"WARPSYNC", 0x1d48, "| P@87 !@90 omit=7, UR@32"},
    // YIELD: a hint that the warp may be switched out (ptxas puts it in spin loops).
    {"YIELD", 0x946, "| P@87 !@90 omit=7"},
    {"NANOSLEEP", 0x95d, "RAND@86 WARP@85 | P@87 !@90 omit=7, X@32:32"},
    {"NANOSLEEP", 0x35d, "RAND@86 WARP@85 | P@87 !@90 omit=7, R@32"},
    {"NANOSLEEP", 0xb5d, "RAND@86 WARP@85 | P@87 !@90 omit=7, C"},
    {"NANOSLEEP", 0x1d5d, "RAND@86 WARP@85 | P@87 !@90 omit=7, UR@32"},
    {"BAR", 0xb1d, "SYNC =0@76:4 DEFER_BLOCKING@80 =0@87:4 | X@54:4, X@42:12 omit=0"},
    {"BAR", 0xb1d,
     "RED =4@76:4 {POPC,AND,OR,?}@74:2 DEFER_BLOCKING@80 | X@54:4, X@42:12 omit=0, "
     "P@87 !@90"},
    {"B2R", 0x31c, "RESULT =4@76:4 | R@16, P@81 omit=7"},
    {"MEMBAR", 0x992, "SC =0@80:2 {CTA,SM,GPU,SYS,?,?,?,?}@76:3"},
    {"ERRBAR", 0x9ab, ""},
    {"LDGDEPBAR", 0x9af, ""},
    {"CCTL", 0x98f, "IVALL =4@87:4 =255@24:8"},
};

#undef NX_BARRIER_STATE

}  // namespace

std::span<const FormSpec> ControlForms() {
    return kForms;
}

}  // namespace shader::sass
