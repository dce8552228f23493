// Branches, the reconvergence stack (SSY/SYNC, PBK/BRK, PCNT/CONT), calls, barriers, NOP.
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

// Bits [0:5) of branches: the condition code test; 0xf (CC.T) prints nothing.
constexpr FormSpec kForms[] = {
    {"BRA", "1110 0010 0100 ----", "=15@0:5 | BRA@20"},
    {"BRX", "1110 0010 0101 ----", "=15@0:5 | R@8, S@20:24 sp"},
    // Pushing a reconvergence point has no guard.
    {"SSY", "1110 0010 1001 ----", "noguard | BRA@20"},
    {"PBK", "1110 0010 1010 ----", "noguard | BRA@20"},
    {"PCNT", "1110 0010 1011 ----", "noguard | BRA@20"},
    {"CAL", "1110 0010 0110 ----", "NOINC@6 | BRA@20"},
    {"SYNC", "1111 0000 1111 1---", "=15@0:5"},
    {"BRK", "1110 0011 0100 ----", "=15@0:5"},
    {"CONT", "1110 0011 0101 ----", "=15@0:5"},
    {"RET", "1110 0011 0010 ----", "=15@0:5"},
    {"EXIT", "1110 0011 0000 ----", "KEEPREFCOUNT@5 =15@0:5"},
    {"KIL", "1110 0011 0011 ----", "=15@0:5"},
    {"NOP", "0101 0000 1011 0---", "; =15@8:5"},
    // The all-zero word (padding after the code): no guard, always "NOP;".
    {"NOP", "0000 0000 0000 0000", ";! noguard"},
    {"DEPBAR", "1111 0000 1111 0---", "LE =1@29:1 | SB@26, X@20:6"},
    {"BAR", "1111 0000 1010 1---", "{SYNC,ARV,RED,SCAN,?,?,?,?}@32:3 =1@43:1 =1@44:1 | X@8:8"},
    {"MEMBAR", "1110 1111 1001 1---", "{CTA,GL,SYS,?}@8:2"},
};

}  // namespace

std::span<const FormSpec> ControlForms() {
    return kForms;
}

}  // namespace shader::maxwell
