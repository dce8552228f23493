// Integer arithmetic, logic and comparison (IADD3, IMAD, ISETP, LOP3, SHF, LEA, PRMT, SEL,
// IMNMX, IABS, POPC, FLO, BREV, IDP, PLOP3). Field positions: Mesa NAK sm70_encode.rs, checked
// against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define ISETP_MODS "{F,LT,EQ,LE,GT,NE,GE,T}@76:3 {U32,}@73 {AND,OR,XOR,?}@74 EX@72"
#define ISETP_TAIL ", P@87 !@90, =7@68:3 =0@71:1"

constexpr FormSpec kForms[] = {
    {"IADD3", 0x210,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, R@32 -@63 r@123, R@64 -@75 r@124"},
    {"IADD3", 0x810,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, S@32:32, R@64 -@75 r@124"},
    {"IADD3", 0xa10,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, C -@63, R@64 -@75 r@124"},
    {"IADD3", 0x1c10,
     "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "
     "| R@16, P@81 omit=7, P@84 omit=7, R@24 -@72 r@122, UR@32 -@63, R@64 -@75 r@124"},
    {"IADD3", 0x210,
     "X@74 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, R@32 ~@63 r@123, R@64 ~@75 "
     "r@124, P@87 !@90, P@77 !@80"},
    {"IADD3", 0x810,
     "X@74 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, S@32:32, R@64 ~@75 r@124, "
     "P@87 !@90, P@77 !@80"},
    {"IADD3", 0xa10,
     "X@74 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, C ~@63, R@64 ~@75 r@124, "
     "P@87 !@90, P@77 !@80"},
    {"IADD3", 0x1c10,
     "X@74 | R@16, P@81 omit=7, P@84 omit=7, R@24 ~@72 r@122, UR@32 ~@63, R@64 ~@75 r@124, "
     "P@87 !@90, P@77 !@80"},
    {"ISETP", 0x20c, ISETP_MODS "| P@81, P@84, R@24 r@122, R@32 r@123" ISETP_TAIL},
    {"ISETP", 0x80c, ISETP_MODS "| P@81, P@84, R@24 r@122, S@32:32" ISETP_TAIL},
    {"ISETP", 0xa0c, ISETP_MODS "| P@81, P@84, R@24 r@122, C" ISETP_TAIL},
    {"ISETP", 0x1c0c, ISETP_MODS "| P@81, P@84, R@24 r@122, UR@32" ISETP_TAIL},
};

}  // namespace

std::span<const FormSpec> IntegerForms() {
    return kForms;
}

}  // namespace shader::sass
