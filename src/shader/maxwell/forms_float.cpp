// Float arithmetic, comparisons and conversions. Markers $F/$I/$D/$C: form_tables.h.
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

// clang-format off
#define F2F_SAME(TYPE, VALUE, SOURCE, CSP) \
    {"F2F", "0101 1100 1010 1---", \
     "FTZ@44 " TYPE " " TYPE " =" VALUE "@8:2 =" VALUE "@10:2 {ROUND,FLOOR,CEIL,TRUNC}@39:2 " \
     "=1@42:1 SAT@50 | R@0 .{,CC}@47, " SOURCE " -@45 |@49" CSP}, \
    {"F2F", "0101 1100 1010 1---", \
     "FTZ@44 " TYPE " " TYPE " =" VALUE "@8:2 =" VALUE "@10:2 {,PASS,?,?}@39:2 =0@42:1 SAT@50 " \
     "| R@0 .{,CC}@47, " SOURCE " -@45 |@49" CSP}
#define F2F_BETWEEN(DESTINATION, SOURCE_TYPE, SOURCE, CSP) \
    {"F2F", "0101 1100 1010 1---", \
     "FTZ@44 " DESTINATION "@8:2 " SOURCE_TYPE " {,RM,RP,RZ}@39:2 =0@42:1 SAT@50 | " \
     "R@0 .{,CC}@47, " SOURCE " -@45 |@49" CSP}
#define F2I_FROM(DESTINATION) \
    {"F2I", "0101 1100 1011 0---", "FTZ@44 " DESTINATION " F16 =1@10:2 " \
     "{,FLOOR,CEIL,TRUNC}@39:2 | R@0 .{,CC}@47, $H -@45 |@49 csp"}, \
    {"F2I", "0101 1100 1011 0---", "FTZ@44 " DESTINATION " F32 =2@10:2 " \
     "{,FLOOR,CEIL,TRUNC}@39:2 | R@0 .{,CC}@47, $F -@45 |@49 csp"}, \
    {"F2I", "0101 1100 1011 0---", "FTZ@44 " DESTINATION " F64 =3@10:2 " \
     "{,FLOOR,CEIL,TRUNC}@39:2 | R@0 .{,CC}@47, $D -@45 |@49 csp"}
#define I2F_FROM(SOURCE_TYPE, SELECTOR) \
    {"I2F", "0101 1100 1011 1---", \
     "{INVALIDFPSRC0,F16,F32,F64}@8:2 " SOURCE_TYPE " {,RM,RP,RZ}@39:2 | " \
     "R@0 .{,CC}@47, $I -@45 |@49 " SELECTOR " in csp"}
#define I2I_FROM(DESTINATION, SOURCE_TYPE, SELECTOR) \
    {"I2I", "0101 1100 1110 0---", DESTINATION " " SOURCE_TYPE " SAT@50 | R@0 .{,CC}@47, " \
     "$I -@45 |@49 " SELECTOR " in csp"}
#define I2I_TO(DESTINATION) \
    I2I_FROM(DESTINATION, "{U8,?,U32,INVALID6}@10:2 =0@13:1", ".{,B1,B2,B3}@41:2"), \
    I2I_FROM(DESTINATION, "{S8,?,S32,INVALID7}@10:2 =1@13:1", ".{,B1,B2,B3}@41:2"), \
    I2I_FROM(DESTINATION, "U16 =1@10:2 =0@13:1", ".{,INVALIDSIZE1,H1,INVALIDSIZE3}@41:2"), \
    I2I_FROM(DESTINATION, "S16 =1@10:2 =1@13:1", ".{,INVALIDSIZE1,H1,INVALIDSIZE3}@41:2")
// clang-format on

constexpr FormSpec kForms[] = {
    {"FADD", "0101 1100 0101 1---",
     "FTZ@44 {,RM,RP,RZ}@39:2 SAT@50 | R@0 .{,CC}@47, R@8 -@48 |@46 r@81, $F -@45 |@49 r@83"},
    {"FMUL", "0101 1100 0110 1---",
     "{,FTZ,FMZ,INVALIDFMZ3}@44:2 {,D2,D4,D8,M8,M4,M2,INVALIDSCALE37}@41:3 {,RM,RP,RZ}@39:2 "
     "SAT@50 | R@0 .{,CC}@47, R@8 r@81, $F -@48 r@82"},
    {"FFMA", "0101 1001 1--- ----",
     "{,FTZ,FMZ,INVALIDFMZ3}@53:2 {,RM,RP,RZ}@51:2 SAT@50 | R@0 .{,CC}@47, R@8 r@81, "
     "$F -@48 r@82, $C -@49 r@83"},
    {"FMNMX", "0101 1100 0110 0---",
     "FTZ@44 | R@0 .{,CC}@47, R@8 -@48 |@46 r@81, $F -@45 |@49 r@82, P@39 !@42"},
    {"FSETP", "0101 1011 1011 ----",
     "{F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@48:4 FTZ@47 "
     "{AND,OR,XOR,INVALIDBOP3}@45:2 | P@3, P@0, R@8 -@43 |@7 r@81, $F -@6 |@44 r@82, P@39 !@42"},
    {"FSET", "0101 1000 ---- ----",
     "BF@52 {F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@48:4 FTZ@55 "
     "{AND,OR,XOR,INVALIDBOP3}@45:2 | R@0 .{,CC}@47, R@8 -@43 |@54 r@81, $F -@53 |@44 r@82, "
     "P@39 !@42"},
    {"FCMP", "0101 1011 1010 ----",
     "{F,LT,EQ,LE,,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@48:4 FTZ@47 | R@0, R@8 r@81, "
     "$F r@82, $C r@83"},
    {"FADD32I", "0000 10-- ---- ----",
     "FTZ@55 | R@0 .{,CC}@52, R@8 -@56 |@54 r@81, F@20:32 .{,NEG}@53"},
    {"FMUL32I", "0001 1110 ---- ----",
     "{,FTZ,FMZ,INVALIDFMZ3}@53:2 SAT@55 | R@0 .{,CC}@52, R@8 r@81, F@20:32"},
    // The third source is the destination register.
    {"FFMA32I", "0000 11-- ---- ----",
     "{,FTZ,FMZ,INVALIDFMZ3}@53:2 SAT@55 | R@0 .{,CC}@52, R@8 -@56 r@81, F@20:32, R@0 -@57 r@83"},
    {"MUFU", "0101 0000 1000 0---",
     "{COS,SIN,EX2,LG2,RCP,RSQ,RCP64H,RSQ64H,SQRT,INVALIDMUFUOPCODE9,INVALIDMUFUOPCODEA,"
     "INVALIDMUFUOPCODEB,INVALIDMUFUOPCODEC,INVALIDMUFUOPCODED,INVALIDMUFUOPCODEE,"
     "INVALIDMUFUOPCODEF}@20:4 SAT@50 | R@0, R@8 -@48 |@46"},
    {"RRO", "0101 1100 1001 0---", "{SINCOS,EX2}@39:1 | R@0, $F -@45 |@49"},
    {"FSWZADD", "0101 0000 1111 1---",
     "FTZ@44 {,RM,RP,RZ}@39:2 NDV@38 | R@0 .{,CC}@47, R@8 r@81, R@20 r@83, SWZM@28"},
    // One type to itself: bit 42 rounds to an integer value, else a rounding mode prints PASS
    // (only mode 1 has a form: the text names no mode). Between types, a rounding mode. A
    // constant is spaced ("c[0x15] [0x48d0]") for an F16 source only, whose immediate is a half
    // (CUDA 11.8 on every type pair), an F64 source's its top bits.
    F2F_SAME("F16", "1", "$H", " csp"),
    F2F_SAME("F32", "2", "$F", ""),
    F2F_SAME("F64", "3", "$D", ""),
    F2F_BETWEEN("{?,?,F32,F64}", "F16 =1@10:2", "$H", " csp"),
    F2F_BETWEEN("{?,F16,?,F64}", "F32 =2@10:2", "$F", ""),
    F2F_BETWEEN("{?,F16,F32,?}", "F64 =3@10:2", "$D", ""),
    // An F64 source's immediate is a double's top bits, an F16 source's a half.
    F2I_FROM("{?,U16,U32,U64}@8:2 =0@12:1"),
    F2I_FROM("{?,S16,S32,S64}@8:2 =1@12:1"),
    // A 16-bit source's selector names its half (.H1, values 1 and 3 INVALIDSIZEn), any other
    // source's a byte (CUDA 11.8).
    I2F_FROM("{U8,?,U32,U64}@10:2 =0@13:1", ".{,B1,B2,B3}@41:2"),
    I2F_FROM("{S8,?,S32,S64}@10:2 =1@13:1", ".{,B1,B2,B3}@41:2"),
    I2F_FROM("U16 =1@10:2 =0@13:1", ".{,INVALIDSIZE1,H1,INVALIDSIZE3}@41:2"),
    I2F_FROM("S16 =1@10:2 =1@13:1", ".{,INVALIDSIZE1,H1,INVALIDSIZE3}@41:2"),
    // A 16-bit source's selector names its half, any other source's a byte; source type 3 prints
    // INVALID6 / INVALID7 (CUDA 11.8 on every type pair and selector).
    I2I_TO("{U8,U16,U32,?}@8:2 =0@12:1"),
    I2I_TO("{S8,S16,S32,?}@8:2 =1@12:1"),
    {"DADD", "0101 1100 0111 0---",
     "{,RM,RP,RZ}@39:2 | R@0 .{,CC}@47, R@8 -@48 |@46 r@81, $D -@45 |@49 r@83"},
    {"DMUL", "0101 1100 1000 0---", "{,RM,RP,RZ}@39:2 | R@0 .{,CC}@47, R@8 r@81, $D -@48 r@82"},
    {"DFMA", "0101 1011 0111 ----",
     "{,RM,RP,RZ}@50:2 | R@0 .{,CC}@47, R@8 r@81, $D -@48 r@82, $C -@49 r@83"},
    {"DMNMX", "0101 1100 0101 0---", "| R@0 .{,CC}@47, R@8 -@48 |@46, $D -@45 |@49, P@39 !@42"},
    // DSET: FSET's layout without FTZ (CUDA 11.8 on single-bit variations).
    {"DSET", "0101 1001 0--- ----",
     "BF@52 {F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@48:4 "
     "{AND,OR,XOR,INVALIDBOP3}@45:2 | R@0 .{,CC}@47, R@8 -@43 |@54, $D -@53 |@44, "
     "P@39 !@42"},
    {"DSETP", "0101 1011 1000 ----",
     "{F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@48:4 "
     "{AND,OR,XOR,INVALIDBOP3}@45:2 | P@3, P@0, R@8 -@43 |@7, $D -@6 |@44, P@39 !@42"},
};

}  // namespace

std::span<const FormSpec> FloatForms() {
    return kForms;
}

}  // namespace shader::maxwell
