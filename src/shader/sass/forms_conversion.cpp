// Conversions (I2F, F2I, F2F, I2FP, F2FP). Field positions: Mesa NAK sm70_encode.rs, checked
// against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define RND "{,RM,RP,RZ}@78"
#define F2I_TAIL "{,FLOOR,CEIL,TRUNC}@78 NTZ@77"
#define F2F_RND "FTZ@80 "
#define I2FP_MODS_(SIGNS) "{?,?,F32,?,?,?,?,?}@75:3 " SIGNS "@74 =2@84:2 {,?,?,RZ}@78 "
#define I2FP_MODS I2FP_MODS_("{U32,S32}")

// clang-format off
// A float source (register, constant buffer, uniform register) is negated by bit 63 and absolute
// by bit 62; an F16 source's half is chosen by bit 60 (".H1", inside the bars) and its constant
// prints "c[0x0] [0x4]" (CUDA 11.8 and 13.0 on F2I and F2F words).
#define FLOAT_REGISTERS(NAME, KEY, MODS, CONST, HALF) \
    {NAME, 0x300 | KEY, MODS "| R@16, R@32 -@63 |@62 " HALF " r@123"}, \
    {NAME, 0xb00 | KEY, MODS "| R@16, " CONST " -@63 |@62 " HALF}, \
    {NAME, 0x1d00 | KEY, MODS "| R@16, UR@32 -@63 |@62 " HALF}
#define WIDE_FLOAT(NAME, KEY, MODS) FLOAT_REGISTERS(NAME, KEY, MODS, "C", "")
#define WIDE_HALF(NAME, KEY, MODS) FLOAT_REGISTERS(NAME, KEY, MODS, "C csp", ".{,H1}@60 in")
// An F16 source's immediate is a half in [32:48) (CUDA 11.8 on F2F and F2I words). F32_ONLY and
// F16_ONLY name the source type over [84:86) with the other type invalid (F2F: both types).
#define FLOAT_SOURCES(NAME, KEY, BEFORE, SOURCES, AFTER) \
    FLOAT_SOURCES_(NAME, KEY, BEFORE, SOURCES, AFTER)
#define FLOAT_SOURCES_(NAME, KEY, BEFORE, F32_ONLY, F16_ONLY, AFTER) \
    WIDE_FLOAT(NAME, KEY, BEFORE F32_ONLY " " AFTER), \
    WIDE_HALF(NAME, KEY, BEFORE F16_ONLY " " AFTER), \
    {NAME, 0x900 | KEY, BEFORE F32_ONLY " " AFTER "| R@16, F@32"}, \
    {NAME, 0x900 | KEY, BEFORE F16_ONLY " " AFTER "| R@16, H@32"}
// F2F converts between different types only (F2F.F32.F32 is illegal to CUDA 11.8).
#define F2F_SOURCE "F16 =1@75:2 F32 =2@84:2", "F32 =2@75:2 F16 =1@84:2"
// F2I prints no name for an F32 source.
#define F2I_SOURCE "{?,?,,?}@84:2", "{?,F16,?,?}@84:2"
// Register, constant buffer and uniform register sources (64-bit sides have no immediate form).
#define WIDE_SOURCES(NAME, KEY, MODS) \
    {NAME, 0x300 | KEY, MODS "| R@16, R@32 r@123"}, \
    {NAME, 0xb00 | KEY, MODS "| R@16, C"}, \
    {NAME, 0x1d00 | KEY, MODS "| R@16, UR@32"}
// F2I's destination: U8/S8, U16/S16 ([75:2) = 0, 1), U32/S32 (2), U64/S64 (3, opcode 0x11).
#define F2I_MODS(DST, SRC) "FTZ@80 " DST " " SRC " " F2I_TAIL
#define I2F_MODS(DST, SRC) DST " " SRC " " RND
// clang-format on

// I2F, F2I and F2F exist twice: opcode 0x1xx when both sides are at most 32 bits wide, 0x11x
// when one side is 64 bits wide. Each form accepts only its own type combinations, so that a
// text names one encoding.
constexpr FormSpec kForms[] = {
    // A U32 source's immediate prints unsigned, an S32 one's signed (CUDA 11.8).
    WIDE_SOURCES("I2F", 0x06, I2F_MODS("{?,F16,,?}@75:2", "{U32,}@74 =2@84:2")),
    {"I2F", 0x906, I2F_MODS("{?,F16,,?}@75:2", "{U32,?}@74 =2@84:2") "| R@16, X@32:32"},
    {"I2F", 0x906, I2F_MODS("{?,F16,,?}@75:2", "{?,}@74 =2@84:2") "| R@16, S@32:32"},
    {"I2F", 0x306,
     I2F_MODS("{?,F16,,?}@75:2", "{U16,S16}@74 =1@84:2") "| R@16, R@32 .{,H1}@60 r@123"},
    {"I2F", 0x306, I2F_MODS("{?,F16,,?}@75:2", "{U8,S8}@74 =0@84:2") "| R@16, R@32 r@123"},
    {"I2F", 0x1d06, I2F_MODS("{?,F16,,?}@75:2", "{U16,S16}@74 =1@84:2") "| R@16, UR@32"},
    {"I2F", 0x1d06, I2F_MODS("{?,F16,,?}@75:2", "{U8,S8}@74 =0@84:2") "| R@16, UR@32"},
    WIDE_SOURCES("I2F", 0x12, I2F_MODS("{?,?,?,F64}@75:2", "{U32,}@74 =2@84:2")),
    WIDE_SOURCES("I2F", 0x12, I2F_MODS("{?,F16,,F64}@75:2", "{U64,S64}@74 =3@84:2")),
    FLOAT_SOURCES("F2I", 0x05, "FTZ@80 {U32,}@72 =2@75:2 ", F2I_SOURCE, F2I_TAIL),
    FLOAT_SOURCES("F2I", 0x05, "FTZ@80 {U16,S16}@72 =1@75:2 ", F2I_SOURCE, F2I_TAIL),
    FLOAT_SOURCES("F2I", 0x05, "FTZ@80 {U8,S8}@72 =0@75:2 ", F2I_SOURCE, F2I_TAIL),
    WIDE_FLOAT("F2I", 0x11, F2I_MODS("{U32,}@72 =2@75:2", "{?,?,?,F64}@84:2")),
    WIDE_FLOAT("F2I", 0x11, F2I_MODS("{U64,S64}@72 =3@75:2", "{?,?,,F64}@84:2")),
    WIDE_HALF("F2I", 0x11, F2I_MODS("{U64,S64}@72 =3@75:2", "F16 =1@84:2")),
    FLOAT_SOURCES("F2F", 0x04, F2F_RND, F2F_SOURCE, RND),
    WIDE_FLOAT("F2F", 0x10, F2F_RND "{?,?,?,F64}@75:2 F32 =2@84:2 " RND),
    WIDE_HALF("F2F", 0x10, F2F_RND "{?,?,?,F64}@75:2 F16 =1@84:2 " RND),
    WIDE_FLOAT("F2F", 0x10, F2F_RND "{?,F16,F32,?}@75:2 {?,?,?,F64}@84:2 " RND),
    // I2I: an S32 source saturated to 8 or 16 bits (CUDA 11.8 on single-bit variations).
    {"I2I", 0x238, "{U8,S8,U16,S16}@76:2 S32 SAT | R@16, R@32 r@123"},
    {"I2I", 0x838, "{U8,S8,U16,S16}@76:2 S32 SAT | R@16, S@32:32"},
    {"I2I", 0xa38, "{U8,S8,U16,S16}@76:2 S32 SAT | R@16, C"},
    {"I2I", 0x1c38, "{U8,S8,U16,S16}@76:2 S32 SAT | R@16, UR@32"},
    {"I2FP", 0x245, I2FP_MODS "| R@16, R@32 r@123"},
    // An S32 source's immediate prints signed (CUDA 11.8: "I2FP.F32.S32 R0, -0x10").
    {"I2FP", 0x845, I2FP_MODS_("{U32,?}") "| R@16, X@32:32"},
    {"I2FP", 0x845, I2FP_MODS_("{?,S32}") "| R@16, S@32:32"},
    {"I2FP", 0xa45, I2FP_MODS "| R@16, C"},
    {"I2FP", 0x1c45, I2FP_MODS "| R@16, UR@32"},
};

}  // namespace

std::span<const FormSpec> ConversionForms() {
    return kForms;
}

}  // namespace shader::sass
