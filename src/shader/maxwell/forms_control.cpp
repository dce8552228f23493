// Branches, the reconvergence stack (SSY/SYNC, PBK/BRK, PCNT/CONT), calls, barriers, NOP.
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

// Bits [0:5) of branches: the condition code test; 0xf (CC.T) prints nothing.
#define CALL_CONSTANT "C bank=36:5 off=20:16 scale=1"

constexpr FormSpec kForms[] = {
    {"BRA", "1110 0010 0100 ----", "=15@0:5 | BRA@20"},
    {"BRX", "1110 0010 0101 ----", "=15@0:5 | R@8, S@20:24 sp"},
    // Pushing a reconvergence point has no guard.
    {"SSY", "1110 0010 1001 ----", "noguard | BRA@20"},
    {"PBK", "1110 0010 1010 ----", "noguard | BRA@20"},
    {"PCNT", "1110 0010 1011 ----", "noguard | BRA@20"},
    // CAL, PRET and JCAL print .NOINC when bit 6 is clear (CUDA 11.8 on single-bit variations).
    {"CAL", "1110 0010 0110 ----", "noguard {NOINC,}@6 =0@5:1 | BRA@20"},
    {"PRET", "1110 0010 0111 ----", "noguard {NOINC,}@6 =0@5:1 | BRA@20"},
    {"JCAL", "1110 0010 0010 ----", "noguard {NOINC,}@6 =0@5:1 | X@20:32"},
    {"PLONGJMP", "1110 0010 1000 ----", "noguard =0@5:1 | BRA@20"},
    {"PEXIT", "1110 0010 0011 ----", "noguard | BRA@20"},
    // Bit 5: the target is a constant, c[bank 36:5][byte offset 20:16].
    {"SSY", "1110 0010 1001 ----", "noguard =1@5:1 | " CALL_CONSTANT},
    {"PBK", "1110 0010 1010 ----", "noguard =1@5:1 | " CALL_CONSTANT},
    {"PCNT", "1110 0010 1011 ----", "noguard =1@5:1 | " CALL_CONSTANT},
    {"CAL", "1110 0010 0110 ----", "noguard {NOINC,}@6 =1@5:1 | " CALL_CONSTANT},
    {"PRET", "1110 0010 0111 ----", "noguard {NOINC,}@6 =1@5:1 | " CALL_CONSTANT},
    {"JCAL", "1110 0010 0010 ----", "noguard {NOINC,}@6 =1@5:1 | " CALL_CONSTANT},
    {"PLONGJMP", "1110 0010 1000 ----", "noguard =1@5:1 | " CALL_CONSTANT},
    {"LONGJMP", "1110 0011 0001 ----", "=15@0:5"},
    {"RAM", "1110 0011 1000 ----", "noguard"},
    {"SAM", "1110 0011 0111 ----", "noguard"},
    {"RTT", "1110 0011 0110 ----", "noguard {,TERMINATE,FALLTHROUGH,?}@0:2"},
    // nvdisasm leaves out the value 0xc10, only that one (CUDA 11.8 on single-bit variations).
    {"IDE", "1110 0011 1001 ----", "noguard {EN,}@5 | X@20:16 omit=0xc10"},
    // The local memory base and the call-return stack pointer.
    {"SETLMEMBASE", "1110 0010 1111 ----", "noguard | R@8"},
    {"GETLMEMBASE", "1110 0010 1101 ----", "noguard | R@0"},
    {"SETCRSPTR", "1110 0010 1110 ----", "noguard | R@8"},
    {"GETCRSPTR", "1110 0010 1100 ----", "noguard | R@0"},
    {"SYNC", "1111 0000 1111 1---", "=15@0:5"},
    {"BRK", "1110 0011 0100 ----", "=15@0:5"},
    {"CONT", "1110 0011 0101 ----", "=15@0:5"},
    {"RET", "1110 0011 0010 ----", "=15@0:5"},
    {"EXIT", "1110 0011 0000 ----", "KEEPREFCOUNT@5 =15@0:5"},
    {"KIL", "1110 0011 0011 ----", "=15@0:5"},
    {"NOP", "0101 0000 1011 0---", "; =15@8:5"},
    // The all-zero word (padding after the code): no guard, always "NOP;".
    {"NOP", "0000 0000 0000 0000", ";! noguard"},
    // R2B: a register to a barrier (CUDA 11.8 on single-bit variations).
    {"R2B", "1111 0000 1100 0---", "{,RESULT,WARP,INVALID}@32:2 | X@28:4, R@20"},
    {"DEPBAR", "1111 0000 1111 0---", "LE =1@29:1 | SB@26, X@20:6"},
    {"BAR", "1111 0000 1010 1---", "{SYNC,ARV,RED,SCAN,?,?,?,?}@32:3 =1@43:1 =1@44:1 | X@8:8"},
    {"MEMBAR", "1110 1111 1001 1---", "{CTA,GL,SYS,?}@8:2"},
};

}  // namespace

std::span<const FormSpec> ControlForms() {
    return kForms;
}

}  // namespace shader::maxwell
