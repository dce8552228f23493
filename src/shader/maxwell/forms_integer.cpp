// Integer arithmetic, logic, shifts, bit fields and comparisons.
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

// clang-format off
#define IMAD32I(TYPES, A, B) \
    {"IMAD32I", "0001 00-- ---- ----", TYPES " =" A "@54:1 =" B "@57:1 HI@53 PO =3@55:2 | " \
     "R@0 .{,CC}@52, R@8, S@20:32, R@0"}, \
    {"IMAD32I", "0001 00-- ---- ----", TYPES " =" A "@54:1 =" B "@57:1 HI@53 | " \
     "R@0 .{,CC}@52, R@8 -@56, S@20:32, R@0 -@55"}
#define IMADSP(FIRST, SECOND, THIRD) \
    {"IMADSP", "0101 1010 1--- ----", FIRST " " SECOND " " THIRD " | R@0 .{,CC}@47, R@8, " \
     "$I, $C"}
// clang-format on

constexpr FormSpec kForms[] = {
    // Both negations at once is IADD.PO (plus one), listed first so that it wins.
    {"IADD", "0101 1100 0001 0---", "PO =3@48:2 SAT@50 X@43 | R@0 .{,CC}@47, R@8 r@81, $I r@82"},
    {"IADD", "0101 1100 0001 0---", "SAT@50 X@43 | R@0 .{,CC}@47, R@8 -@49 r@81, $I -@48 r@82"},
    {"IADD32I", "0001 110- ---- ----", "SAT@54 X@53 | R@0 .{,CC}@52, R@8 -@56 r@81, S@20:32"},
    {"IADD3", "0101 1100 1100 ----",
     "{,RS,LS,?}@37:2 X@48 | R@0 .{,CC}@47, R@8 -@51 .{,H0,H1,?}@35:2 r@81, "
     "R@20 -@50 .{,H0,H1,?}@33:2 r@82, R@39 -@49 .{,H0,H1,?}@31:2 r@83"},
    {"ISCADD", "0101 1100 0001 1---", "PO =3@48:2 | R@0 .{,CC}@47, R@8 r@81, $I r@82, X@39:5"},
    {"ISCADD", "0101 1100 0001 1---", "| R@0 .{,CC}@47, R@8 -@49 r@81, $I -@48 r@82, X@39:5"},
    {"ISCADD32I", "0001 01-- ---- ----", "| R@0 .{,CC}@52, R@8 r@81, S@20:32, X@53:5"},
    {"IMNMX", "0101 1100 0010 0---",
     "{U32,}@48 {,XLO,XMED,XHI}@43:2 | R@0 .{,CC}@47, R@8 r@81, $I r@82, P@39 !@42"},
    {"ISETP", "0101 1011 0110 ----",
     "{F,LT,EQ,LE,GT,NE,GE,T}@49:3 {U32,}@48 X@43 {AND,OR,XOR,INVALIDBOP3}@45:2 | P@3, P@0, "
     "R@8 r@81, $I r@82, P@39 !@42"},
    {"ISET", "0101 1011 0101 ----",
     "BF@44 {F,LT,EQ,LE,GT,NE,GE,T}@49:3 {U32,}@48 X@43 {AND,OR,XOR,INVALIDBOP3}@45:2 | "
     "R@0 .{,CC}@47, R@8 r@81, $I r@82, P@39 !@42"},
    {"ICMP", "0101 1011 0100 ----",
     "{F,LT,EQ,LE,GT,NE,GE,T}@49:3 {U32,}@48 | R@0, R@8 r@81, $I r@82, $C r@83"},
    {"IMUL", "0101 1100 0011 1---",
     "{U32.U32,S32.U32,U32.S32,}@40:2 HI@39 | R@0 .{,CC}@47, R@8, $I"},
    {"IMUL32I", "0001 1111 ---- ----",
     "{U32.U32,S32.U32,U32.S32,}@54:2 HI@53 | R@0 .{,CC}@52, R@8, S@20:32"},
    // Both factors signed prints no types; both negations at once is .PO.
    {"IMAD", "0101 1010 0--- ----",
     "U32 U32 =0@48:1 =0@53:1 HI@54 PO =3@51:2 SAT@50 X@49 | R@0 .{,CC}@47, R@8, $I, $C"},
    {"IMAD", "0101 1010 0--- ----",
     "U32 S32 =0@48:1 =1@53:1 HI@54 PO =3@51:2 SAT@50 X@49 | R@0 .{,CC}@47, R@8, $I, $C"},
    {"IMAD", "0101 1010 0--- ----",
     "S32 U32 =1@48:1 =0@53:1 HI@54 PO =3@51:2 SAT@50 X@49 | R@0 .{,CC}@47, R@8, $I, $C"},
    {"IMAD", "0101 1010 0--- ----",
     "=1@48:1 =1@53:1 HI@54 PO =3@51:2 SAT@50 X@49 | R@0 .{,CC}@47, R@8, $I, $C"},
    {"IMAD", "0101 1010 0--- ----",
     "U32 U32 =0@48:1 =0@53:1 HI@54 SAT@50 X@49 | R@0 .{,CC}@47, R@8 -@52, $I, $C -@51"},
    {"IMAD", "0101 1010 0--- ----",
     "U32 S32 =0@48:1 =1@53:1 HI@54 SAT@50 X@49 | R@0 .{,CC}@47, R@8 -@52, $I, $C -@51"},
    {"IMAD", "0101 1010 0--- ----",
     "S32 U32 =1@48:1 =0@53:1 HI@54 SAT@50 X@49 | R@0 .{,CC}@47, R@8 -@52, $I, $C -@51"},
    {"IMAD", "0101 1010 0--- ----",
     "=1@48:1 =1@53:1 HI@54 SAT@50 X@49 | R@0 .{,CC}@47, R@8 -@52, $I, $C -@51"},
    // IMAD32I: the third source is the destination register; types and .PO as IMAD's (CUDA 11.8
    // on single-bit variations).
    IMAD32I("U32 U32", "0", "0"),
    IMAD32I("U32 S32", "0", "1"),
    IMAD32I("S32 U32", "1", "0"),
    IMAD32I("", "1", "1"),
    // IMADSP: the first factor's type [49:2) and the addend's [51:2) share the sign bit 48; the
    // second factor's [53:2) has its own, which also makes the addend's signed (CUDA 11.8 on
    // every type combination).
    IMADSP("{U32,U24,U16H0,U16H1}@49:2 =0@48:1", "{U24,?,U16H0,?}@53:2", "{U32,U24,U16H0,?}@51:2"),
    IMADSP("{U32,U24,U16H0,U16H1}@49:2 =0@48:1", "{?,S24,?,S16H0}@53:2", "{S32,S24,S16H0,?}@51:2"),
    IMADSP("{S32,S24,S16H0,S16H1}@49:2 =1@48:1", "{U24,?,U16H0,?}@53:2", "{S32,S24,S16H0,?}@51:2"),
    IMADSP("{S32,S24,S16H0,S16H1}@49:2 =1@48:1", "{?,S24,?,S16H0}@53:2", "{S32,S24,S16H0,?}@51:2"),
    // XMAD's variants do not follow the ALU pattern: each has its own layout.
    {"XMAD", "0101 1011 00-- ----",
     "{,S16.U16,U16.S16,S16.S16}@48:2 PSL@36 {,CLO,CHI,CSFU,CBCC,?,?,?}@50:3 MRG@37 X@38 | "
     "R@0 .{,CC}@47, R@8 .{,H1}@53 r@81, R@20 .{,H1}@35 r@82, R@39 r@83"},
    // A signed second factor makes the 16-bit immediate signed.
    {"XMAD", "0011 011- 00-- ----",
     "{,S16.U16}@48 =0@49:1 PSL@36 {,CLO,CHI,CSFU,CBCC,?,?,?}@50:3 MRG@37 X@38 | "
     "R@0 .{,CC}@47, R@8 .{,H1}@53 r@81, X@20:16, R@39 r@83"},
    {"XMAD", "0011 011- 00-- ----",
     "{U16.S16,S16.S16}@48 =1@49:1 PSL@36 {,CLO,CHI,CSFU,CBCC,?,?,?}@50:3 MRG@37 X@38 | "
     "R@0 .{,CC}@47, R@8 .{,H1}@53 r@81, S@20:16, R@39 r@83"},
    {"XMAD", "0100 111- ---- ----",
     "{,S16.U16,U16.S16,S16.S16}@48:2 PSL@55 {,CLO,CHI,CSFU}@50:2 MRG@56 X@54 | "
     "R@0 .{,CC}@47, R@8 .{,H1}@53 r@81, C csp .{,H1}@52, R@39 r@83"},
    {"XMAD", "0101 0001 0--- ----",
     "{,S16.U16,U16.S16,S16.S16}@48:2 {,CLO,CHI,CSFU}@50:2 X@54 | "
     "R@0 .{,CC}@47, R@8 .{,H1}@53 r@81, R@39 .{,H1}@52 r@82, C"},
    {"LOP", "0101 1100 0100 0---",
     "{AND,OR,XOR,PASS_B}@41:2 X@43 {,T,Z,NZ}@44:2 | P@48 omit=7, R@0 .{,CC}@47, "
     "R@8 ~@39 r@81, $I ~@40 r@82"},
    {"LOP32I", "0000 01-- ---- ----",
     "{AND,OR,XOR,PASS_B}@53:2 X@57 | R@0 .{,CC}@52, R@8 ~@55 r@81, X@20:32 .{,INV}@56"},
    {"LOP3", "0101 1011 1110 0---",
     "LUT X@38 {,T,Z,NZ}@36:2 | P@48 omit=7, R@0 .{,CC}@47, R@8 r@81, R@20 r@82, R@39 r@83, "
     "X@28:8"},
    {"LOP3", "0000 001- ---- ----", "LUT | R@0 .{,CC}@47, R@8 r@81, C, R@39 r@83, X@48:8"},
    {"LOP3", "0011 11-- ---- ----",
     "LUT | R@0 .{,CC}@47, R@8 r@81, S@20:19+56:1, R@39 r@83, X@48:8"},
    {"SHL", "0101 1100 0100 1---", "W@39 X@43 | R@0 .{,CC}@47, R@8 r@81, $I r@82"},
    {"SHR", "0101 1100 0010 1---",
     "{U32,}@48 W@39 {,INVALIDSHRXMODE1,X,XHI}@43:2 BREV@40 | R@0 .{,CC}@47, R@8 r@81, $I r@82"},
    {"SHF", "0101 1011 1111 1---",
     "L W@50 {,INVALIDMAXSHIFT3,U64,S64}@37:2 {,HI,X,XHI}@48:2 | R@0 .{,CC}@47, R@8 r@81, R@20 "
     "r@82, R@39 r@83"},
    {"SHF", "0101 1100 1111 1---",
     "R W@50 {,INVALIDMAXSHIFT3,U64,S64}@37:2 {,HI,X,XHI}@48:2 | R@0 .{,CC}@47, R@8 r@81, R@20 "
     "r@82, R@39 r@83"},
    {"SHF", "0011 011- 1111 1---",
     "L W@50 {,INVALIDMAXSHIFT3,U64,S64}@37:2 {,HI,X,XHI}@48:2 | R@0 .{,CC}@47, R@8 r@81, X@20:6, "
     "R@39 r@83"},
    {"SHF", "0011 100- 1111 1---",
     "R W@50 {,INVALIDMAXSHIFT3,U64,S64}@37:2 {,HI,X,XHI}@48:2 | R@0 .{,CC}@47, R@8 r@81, X@20:6, "
     "R@39 r@83"},
    {"BFE", "0101 1100 0000 0---", "{U32,}@48 BREV@40 | R@0 .{,CC}@47, R@8 r@81, $I r@82"},
    {"BFI", "0101 1011 1111 0---", "| R@0 .{,CC}@47, R@8 r@81, $I r@82, $C r@83"},
    {"FLO", "0101 1100 0011 0---", "{U32,}@48 SH@41 | R@0 .{,CC}@47, $I ~@40"},
    {"POPC", "0101 1100 0000 1---", "| R@0, $I ~@40"},
    {"LEA", "0101 1011 1101 0---",
     "X@46 | P@48 omit=7, R@0, R@8 -@45 r@81, R@20 r@82, X@39:5 omit=0"},
    {"LEA", "0101 1011 1101 1---",
     "HI X@38 | P@48 omit=7, R@0, R@8 -@37 r@81, R@20 r@82, R@39 r@83, X@28:5 omit=0"},
};

}  // namespace

std::span<const FormSpec> IntegerForms() {
    return kForms;
}

}  // namespace shader::maxwell
