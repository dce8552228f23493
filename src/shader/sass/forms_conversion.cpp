// Conversions (I2F, F2I, F2F, I2FP, F2FP). Field positions: Mesa NAK sm70_encode.rs, checked
// against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define RND "{,RM,RP,RZ}@78"
#define F2I_TAIL "{,FLOOR,CEIL,TRUNC}@78 NTZ@77"
#define F2F_RND "FTZ@80 "

// I2F, F2I and F2F exist twice: opcode 0x1xx when both sides are at most 32 bits wide, 0x11x
// when one side is 64 bits wide. Each form accepts only its own type combinations, so that a
// text names one encoding.
constexpr FormSpec kForms[] = {
    {"I2F", 0x306, "{?,F16,,?}@75:2 {U32,}@74 =2@84:2 " RND "| R@16, R@32 r@123"},
    {"I2F", 0xb06, "{?,F16,,?}@75:2 {U32,}@74 =2@84:2 " RND "| R@16, C"},
    {"I2F", 0x1d06, "{?,F16,,?}@75:2 {U32,}@74 =2@84:2 " RND "| R@16, UR@32"},
    {"I2F", 0x312, "{?,?,?,F64}@75:2 {U32,}@74 =2@84:2 " RND "| R@16, R@32 r@123"},
    {"I2F", 0x312, "{?,F16,,F64}@75:2 {U64,S64}@74 =3@84:2 " RND "| R@16, R@32 r@123"},
    {"F2I", 0x305, "FTZ@80 {U32,}@72 =2@75:2 {?,F16,,?}@84:2 " F2I_TAIL "| R@16, R@32 r@123"},
    {"F2I", 0x311, "FTZ@80 {U32,}@72 =2@75:2 {?,?,?,F64}@84:2 " F2I_TAIL "| R@16, R@32 r@123"},
    {"F2I", 0x311, "FTZ@80 {U64,S64}@72 =3@75:2 {?,F16,,F64}@84:2 " F2I_TAIL "| R@16, R@32 r@123"},
    {"F2F", 0x304, F2F_RND "{?,F16,F32,?}@75:2 {?,F16,F32,?}@84:2 " RND "| R@16, R@32 r@123"},
    {"F2F", 0x310, F2F_RND "{?,?,?,F64}@75:2 {?,F16,F32,?}@84:2 " RND "| R@16, R@32 r@123"},
    {"F2F", 0x310, F2F_RND "{?,F16,F32,?}@75:2 {?,?,?,F64}@84:2 " RND "| R@16, R@32 r@123"},
    {"I2FP", 0x245,
     "{?,?,F32,?,?,?,?,?}@75:3 {U32,S32}@74 =2@84:2 {,?,?,RZ}@78"
     "| R@16, R@32 r@123"},
};

}  // namespace

std::span<const FormSpec> ConversionForms() {
    return kForms;
}

}  // namespace shader::sass
