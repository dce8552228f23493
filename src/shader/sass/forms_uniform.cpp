// Uniform-datapath instructions (ULDC, UMOV, UIADD3, USHF, S2UR). Field positions: Mesa NAK
// sm70_encode.rs, checked against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define UIADD3_FIXED "=7@87:3 =1@90:1 =7@77:3 =1@80:1 "

constexpr FormSpec kForms[] = {
    {"ULDC", 0xab9, "{U8,S8,U16,S16,,64,?,?}@73:3 | UR@16, C"},
    {"UMOV", 0x882, "| UR@16, X@32:32"},
    {"UFLO", 0x12bd, "{U32,}@73 SH@74 =7@81:3 | UR@16, UR@32 ~@63"},
    {"UIADD3", 0x1290,
     "X =1@74:1 | UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 ~@72, UR@32 ~@63, UR@64 ~@75, "
     "UP@87 !@90, UP@77 !@80"},
    {"UIADD3", 0x1890,
     "X =1@74:1 | UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 ~@72, S@32:32, UR@64 ~@75, "
     "UP@87 !@90, UP@77 !@80"},
    {"ULOP3", 0x1292, "LUT | UP@81 omit=7, UR@16, UR@24, UR@32, UR@64, X@72:8, UP@87 !@90"},
    {"ULOP3", 0x1892, "LUT | UP@81 omit=7, UR@16, UR@24, X@32:32, UR@64, X@72:8, UP@87 !@90"},
    {"UMOV", 0x1c82, "| UR@16, UR@32"},
    {"S2UR", 0x9c3, "| UR@16, SR@72"},
    {"UIADD3", 0x1290,
     UIADD3_FIXED "| UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 -@72, UR@32 -@63, UR@64 -@75"},
    {"UIADD3", 0x1890,
     UIADD3_FIXED "| UR@16, UP@81 omit=7, UP@84 omit=7, UR@24 -@72, S@32:32, UR@64 -@75"},
    {"USHF", 0x1299, "{L,R}@76 W@75 {S64,U64,S32,U32}@73:2 HI@80 | UR@16, UR@24, UR@32, UR@64"},
    {"USHF", 0x1899, "{L,R}@76 W@75 {S64,U64,S32,U32}@73:2 HI@80 | UR@16, UR@24, X@32:32, UR@64"},
};

}  // namespace

std::span<const FormSpec> UniformForms() {
    return kForms;
}

}  // namespace shader::sass
