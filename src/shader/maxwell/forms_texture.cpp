// Texture sampling, fetches, gathers and queries, surfaces.
#include <deque>
#include <string>
#include <vector>

#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

// TXQ's query (nvdisasm prints the number of the ones it has no name for).
#define NX_TXQ_QUERIES                                                                             \
    "?,TEX_HEADER_DIMENSION,TEX_HEADER_TEXTURE_TYPE,?,?,TEX_HEADER_SAMPLER_POS,3,?,4,?,5,?,6,?,7," \
    "?,TEX_SAMPLER_FILTER,?,TEX_SAMPLER_LOD,?,TEX_SAMPLER_WRAP,?,TEX_SAMPLER_BORDER_COLOR,?,12,?," \
    "13,?,14,?,15,?,16,?,17,?,18,?,19,?,20,?,21,?,22,?,23,?,24,?,25,?,26,?,27,?,28,?,29,?,30,?,"   \
    "31,?"
#define NX_TEX_TYPES "K{1D,ARRAY_1D,2D,ARRAY_2D,3D,ARRAY_3D,CUBE,ARRAY_CUBE}@28:3"
// The texture phase is in the reuse bits of the control field: .T, .P.
#define NX_SURFACE_TYPE "{1D,1D_BUFFER,1D_ARRAY,2D,2D_ARRAY,3D,?,?}@33:3"
// An empty mask prints as "???0" (CUDA 11.8, loads and stores): no name, so such words are
// rejected.
#define NX_SURFACE_MASK "{?,R,G,RG,B,RB,GB,RGB,A,RA,GA,RGA,BA,RBA,GBA,}@20:4"
#define NX_SURFACE_RAW(caches) \
    "{,BA}@23 " NX_SURFACE_TYPE " " caches "@24:2 {U8,S8,U16,S16,,64,128,INVALIDSIZE7}@20:3"
#define NX_SURFACE_CLAMP "{IGN,,TRAP,INVALIDSURFACECLAMP3}@49:2"
#define NX_TEX_PHASE "{,T,P,INVALIDPHASE3}@81:2"
// Surface reductions and atomics name the surface types 6 and 7, and their operations.
#define NX_ATOMIC_SURFACE_TYPE \
    "{1D,1D_BUFFER,1D_ARRAY,2D,2D_ARRAY,3D,INVALIDSURFACEDIM6,INVALIDSURFACEDIM7}@33:3"
#define NX_SURED_OP "{ADD,MIN,MAX,INC,DEC,AND,OR,XOR}@24:3"
#define NX_SUATOM_OP                                                                          \
    "{ADD,MIN,MAX,INC,DEC,AND,OR,XOR,EXCH,INVALIDATOMSOP9,INVALIDATOMSOP10,INVALIDATOMSOP11," \
    "INVALIDATOMSOP12,INVALIDATOMSOP13,INVALIDATOMSOP14,INVALIDATOMSOP15}@29:4"
#define NX_ATOMIC_TYPE(POS) "{,S32,U64,F32.FTZ.RN,F16x2.FTZ.RN,S64,SD32,SD64}@" POS ":3"
// SUATOM's predicate destination counts down from PT: the field holds 7 minus its number.
#define NX_SUATOM_PREDICATE(POS) "K{PT,P6,P5,P4,P3,P2,P1,P0}@" POS ":3"
// TLD4's gathered component and offset kind.
#define NX_TLD4_COMPONENT(POS) "{R,G,B,A}@" POS ":2"
#define NX_TLD4_OFFSET(POS) "{,AOFFI,PTP,INVALIDBTOFF03}@" POS ":2"

constexpr FormSpec kForms[] = {
    {"TEX", "1101 1110 10-- ----",
     "B {,LZ,LB,LL,INVALIDBLOD4,INVALIDBLOD5,LBA,LLA}@37:3 LC@40 AOFFI@36 DC@50 NDV@35 "
     "NODEP@49 " NX_TEX_PHASE " | P@51 omit=7, R@0, R@8, R@20 omit=255, L{0x0}, " NX_TEX_TYPES
     ", X@31:4"},
    {"TEX", "1100 0--- ---- ----",
     "{,LZ,LB,LL,INVALIDBLOD4,INVALIDBLOD5,LBA,LLA}@55:3 LC@58 AOFFI@54 DC@50 NDV@35 "
     "NODEP@49 " NX_TEX_PHASE " | P@51 omit=7, R@0, R@8, R@20 omit=255, X@36:13, " NX_TEX_TYPES
     ", X@31:4"},
    // Surfaces: .P (formatted, component mask [20:24), RGBA prints nothing) or .D (raw, size
    // [20:23), .BA 23, cache [24:26)); the surface index [36:49) with bit 51, else a register.
    {"SULD", "1110 1011 000- ----",
     "P =0@52:1 =1@51:1 " NX_SURFACE_TYPE " " NX_SURFACE_MASK " " NX_SURFACE_CLAMP
     " | R@0, M base=8, X@36:13"},
    {"SULD", "1110 1011 000- ----",
     "P =0@52:1 =0@51:1 " NX_SURFACE_TYPE " " NX_SURFACE_MASK " " NX_SURFACE_CLAMP
     " | R@0, M base=8, R@39"},
    {"SULD", "1110 1011 000- ----",
     "D =1@52:1 =1@51:1 " NX_SURFACE_RAW("{,CG,CI,CV}") " " NX_SURFACE_CLAMP
                                                        " | R@0, M base=8, X@36:13"},
    {"SULD", "1110 1011 000- ----",
     "D =1@52:1 =0@51:1 " NX_SURFACE_RAW("{,CG,CI,CV}") " " NX_SURFACE_CLAMP
                                                        " | R@0, M base=8, R@39"},
    {"SUST", "1110 1011 001- ----",
     "P =0@52:1 =1@51:1 " NX_SURFACE_TYPE " " NX_SURFACE_MASK " " NX_SURFACE_CLAMP
     " | M base=8, R@0, X@36:13"},
    {"SUST", "1110 1011 001- ----",
     "P =0@52:1 =0@51:1 " NX_SURFACE_TYPE " " NX_SURFACE_MASK " " NX_SURFACE_CLAMP
     " | M base=8, R@0, R@39"},
    {"SUST", "1110 1011 001- ----",
     "D =1@52:1 =1@51:1 " NX_SURFACE_RAW("{,CG,CS,WT}") " " NX_SURFACE_CLAMP
                                                        " | M base=8, R@0, X@36:13"},
    {"SUST", "1110 1011 001- ----",
     "D =1@52:1 =0@51:1 " NX_SURFACE_RAW("{,CG,CS,WT}") " " NX_SURFACE_CLAMP
                                                        " | M base=8, R@0, R@39"},
    // SURED (.P formatted, .D raw with its type [20:23) and .BA) and SUATOM: the surface index
    // an immediate [36:49) when bit 51 is set, else a register. SUATOM's [51:55) picks the
    // form: 0..7 .D with its type there, 12 .P, 13 .P with an immediate index, 14 .D with its
    // type at [36:39); CAS (bit 55) 0..7, 8, 9, 10 the same, its predicate destination at
    // [30:33) (left out when PT); the forms at 0xeb8 have a predicate destination at [51:54)
    // (CUDA 11.8 on single-bit and single-field variations).
    {"SURED", "1110 1011 010- ----",
     "P =0@52:1 =1@51:1 " NX_ATOMIC_SURFACE_TYPE " " NX_SURED_OP " " NX_SURFACE_CLAMP
     " | M base=8, R@0, X@36:13"},
    {"SURED", "1110 1011 010- ----",
     "P =0@52:1 =0@51:1 " NX_ATOMIC_SURFACE_TYPE " " NX_SURED_OP " " NX_SURFACE_CLAMP
     " | M base=8, R@0, R@39"},
    {"SURED", "1110 1011 010- ----",
     "D =1@52:1 =1@51:1 {,BA}@23 " NX_ATOMIC_SURFACE_TYPE " " NX_SURED_OP
     " " NX_ATOMIC_TYPE("20") " " NX_SURFACE_CLAMP " | M base=8, R@0, X@36:13"},
    {"SURED", "1110 1011 010- ----",
     "D =1@52:1 =0@51:1 {,BA}@23 " NX_ATOMIC_SURFACE_TYPE " " NX_SURED_OP
     " " NX_ATOMIC_TYPE("20") " " NX_SURFACE_CLAMP " | M base=8, R@0, R@39"},
    {"SUATOM", "1110 1010 0--- ----",
     "D =0@54:1 {,BA}@28 " NX_ATOMIC_SURFACE_TYPE " " NX_SUATOM_OP
     " " NX_ATOMIC_TYPE("51") " " NX_SURFACE_CLAMP " | R@0, M base=8, R@20, X@36:13"},
    {"SUATOM", "1110 1010 0--- ----",
     "D =14@51:4 {,BA}@28 " NX_ATOMIC_SURFACE_TYPE " " NX_SUATOM_OP
     " " NX_ATOMIC_TYPE("36") " " NX_SURFACE_CLAMP " | R@0, M base=8, R@20, R@39"},
    {"SUATOM", "1110 1010 0--- ----",
     "P =12@51:4 " NX_ATOMIC_SURFACE_TYPE " " NX_SUATOM_OP " " NX_SURFACE_CLAMP
     " | R@0, M base=8, R@20, R@39"},
    {"SUATOM", "1110 1010 0--- ----",
     "P =13@51:4 " NX_ATOMIC_SURFACE_TYPE " " NX_SUATOM_OP " " NX_SURFACE_CLAMP
     " | R@0, M base=8, R@20, X@36:13"},
    {"SUATOM", "1110 1011 1--- ----",
     "D {,BA}@28 " NX_ATOMIC_SURFACE_TYPE " " NX_SUATOM_OP " " NX_ATOMIC_TYPE(
         "36") " " NX_SURFACE_CLAMP " | " NX_SUATOM_PREDICATE("51") ", R@0, M base=8, R@20, R@39"},
    {"SUATOM", "1110 1010 1--- ----",
     "D =0@54:1 {,BA}@28 " NX_ATOMIC_SURFACE_TYPE " CAS " NX_ATOMIC_TYPE(
         "51") " " NX_SURFACE_CLAMP " | " NX_SUATOM_PREDICATE("30") " omit=0, R@0, M base=8, "
                                                                    "R@20, X@36:13"},
    {"SUATOM", "1110 1010 1--- ----",
     "D =10@51:4 {,BA}@28 " NX_ATOMIC_SURFACE_TYPE " CAS " NX_ATOMIC_TYPE(
         "36") " " NX_SURFACE_CLAMP " | " NX_SUATOM_PREDICATE("30") " omit=0, R@0, M base=8, "
                                                                    "R@20, R@39"},
    {"SUATOM", "1110 1010 1--- ----",
     "P =8@51:4 " NX_ATOMIC_SURFACE_TYPE " CAS =0@29:4 " NX_SURFACE_CLAMP
     " | R@0, M base=8, R@20, R@39"},
    {"SUATOM", "1110 1010 1--- ----",
     "P =9@51:4 " NX_ATOMIC_SURFACE_TYPE " CAS =0@29:4 " NX_SURFACE_CLAMP
     " | R@0, M base=8, R@20, X@36:13"},
    // TLD4 (the gathered component, its offsets; .B: the handle in a register, the texture
    // printed 0x0): CUDA 11.8 on single-bit variations. [51:54) is the predicate destination.
    {"TLD4", "1100 10-- ---- ----",
     NX_TLD4_COMPONENT("56") " " NX_TLD4_OFFSET(
         "54") " DC@50 NDV@35 NODEP@49 " NX_TEX_PHASE
               " | P@51 omit=7, R@0, R@8, R@20 omit=255, X@36:13, " NX_TEX_TYPES ", X@31:4"},
    {"TLD4", "1101 1110 11-- ----",
     NX_TLD4_COMPONENT("38") " B " NX_TLD4_OFFSET(
         "36") " DC@50 NDV@35 NODEP@49 " NX_TEX_PHASE
               " | P@51 omit=7, R@0, R@8, R@20 omit=255, L{0x0}, " NX_TEX_TYPES ", X@31:4"},
    {"TXQ", "1101 1111 0101 0---",
     "B NODEP@49 " NX_TEX_PHASE " | R@0, R@8, K{" NX_TXQ_QUERIES "}@22:6, L{0x0}, X@31:4"},
    {"TLD", "1101 1100 ---- ----",
     "{LZ,LL}@55:1 AOFFI@35 MS@50 CL@54 NODEP@49 " NX_TEX_PHASE " | P@51 omit=7, R@0, R@8, "
     "R@20 omit=255, X@36:13, " NX_TEX_TYPES ", X@31:4"},
    {"TLD", "1101 1101 ---- ----",
     "B {LZ,LL}@55:1 AOFFI@35 MS@50 CL@54 NODEP@49 " NX_TEX_PHASE " | P@51 omit=7, R@0, R@8, "
     "R@20 omit=255, L{0x0}, " NX_TEX_TYPES ", X@31:4"},
    // TMML (.LOD always printed), TXD, TXA and TLD4S: CUDA 11.8 on single-bit variations. The
    // bindless forms print "0x0" for the texture; TMML without .B has no second source register.
    {"TMML", "1101 1111 0101 1---",
     "LOD NDV@35 NODEP@49 " NX_TEX_PHASE " | R@0, R@8, X@36:13, " NX_TEX_TYPES ", X@31:4"},
    {"TMML", "1101 1111 0110 0---",
     "B LOD NDV@35 NODEP@49 " NX_TEX_PHASE " | R@0, R@8, R@20 omit=255, L{0x0}, " NX_TEX_TYPES
     ", X@31:4"},
    {"TXD", "1101 1110 00-- ----",
     "LC@50 AOFFI@35 NODEP@49 " NX_TEX_PHASE
     " | P@51 omit=7, R@0, R@8, R@20, X@36:13, " NX_TEX_TYPES ", X@31:4"},
    {"TXD", "1101 1110 01-- ----",
     "B LC@50 AOFFI@35 NODEP@49 " NX_TEX_PHASE
     " | P@51 omit=7, R@0, R@8, R@20, L{0x0}, " NX_TEX_TYPES ", X@31:4"},
    {"TXA", "1101 1111 0100 0---", "NDV@35 NODEP@49 " NX_TEX_PHASE " | R@0, R@8, X@36:13, X@31:4"},
    // TLD4S: the second destination [28:36) first; .F16 when bit 55 is set.
    {"TLD4S", "1101 1111 -0-- ----",
     "F16@55 {R,G,B,A}@52:2 AOFFI@51 DC@50 NODEP@49 " NX_TEX_PHASE
     " | R@28, R@0, R@8, R@20, X@36:13"},
    {"TXQ", "1101 1111 0100 1---",
     "NODEP@49 " NX_TEX_PHASE " | R@0, R@8, K{" NX_TXQ_QUERIES "}@22:6, X@36:13, X@31:4"},
};

// TEXS and TLDS pack their level-of-detail modifiers and texture type into one 4-bit value
// [53:57), and their component selection [50:53) names a different set when the second
// destination [28:36) is a register: one form per value and per kind of second destination.
struct Packed {
    unsigned value;
    std::string_view modifiers;
    std::string_view type;
};
constexpr Packed kTexsInfo[] = {
    {0, "LZ", "1D"},          {1, "", "2D"},       {2, "LZ", "2D"},
    {3, "LL", "2D"},          {4, "DC", "2D"},     {5, "LL DC", "2D"},
    {6, "LZ DC", "2D"},       {7, "", "ARRAY_2D"}, {8, "LZ", "ARRAY_2D"},
    {9, "LZ DC", "ARRAY_2D"}, {10, "", "3D"},      {11, "LZ", "3D"},
    {12, "", "CUBE"},         {13, "LL", "CUBE"},
};
constexpr Packed kTldsInfo[] = {
    {0, "LZ", "1D"},       {1, "LL", "1D"},       {2, "LZ", "2D"},
    {4, "LZ AOFFI", "2D"}, {5, "LL", "2D"},       {6, "LZ MS", "2D"},
    {7, "LZ", "3D"},       {8, "LZ", "ARRAY_2D"}, {12, "LL AOFFI", "2D"},
};
constexpr std::string_view kOneComponent = "K{R,G,B,A,RG,RA,GA,BA}@50:3";
constexpr std::string_view kTwoComponents =
    "K{RGB,RGA,RBA,GBA,RGBA,INVALID5,INVALID6,INVALID7}@50:3";

// The second source is left out when it is RZ.
void AddPacked(std::vector<FormSpec>& forms, std::deque<std::string>& storage,
               std::string_view mnemonic, std::string_view opcode, std::span<const Packed> info,
               bool omit_rz_source) {
    for (const Packed& packed : info) {
        for (const bool pair : {false, true}) {
            // Concatenated, as the layout text is full of braces.
            storage.push_back(
                "{F16,}@59 " + std::string(packed.modifiers) + " NODEP@49 " NX_TEX_PHASE " =" +
                std::to_string(packed.value) + "@53:4 " + (pair ? "" : "=255@28:8 ") + "| R@28" +
                (pair ? " nz" : "") + ", R@0, R@8, R@20" + (omit_rz_source ? " omit=255" : "") +
                ", X@36:13, L{" + std::string(packed.type) + "}, " +
                std::string(pair ? kTwoComponents : kOneComponent));
            forms.push_back({mnemonic, opcode, storage.back()});
        }
    }
}

#undef NX_TXQ_QUERIES
#undef NX_TEX_TYPES
#undef NX_SURFACE_TYPE
#undef NX_SURFACE_MASK
#undef NX_SURFACE_RAW
#undef NX_SURFACE_CLAMP
#undef NX_ATOMIC_SURFACE_TYPE
#undef NX_SURED_OP
#undef NX_SUATOM_OP
#undef NX_ATOMIC_TYPE
#undef NX_SUATOM_PREDICATE
#undef NX_TLD4_COMPONENT
#undef NX_TLD4_OFFSET

}  // namespace

std::span<const FormSpec> TextureForms() {
    static std::deque<std::string> storage;  // the generated specs the views point into
    static const std::vector<FormSpec> forms = [] {
        std::vector<FormSpec> all(std::begin(kForms), std::end(kForms));
        AddPacked(all, storage, "TEXS", "1101 -00- ---- ----", kTexsInfo, true);
        AddPacked(all, storage, "TLDS", "1101 -01- ---- ----", kTldsInfo, true);
        return all;
    }();
    return forms;
}

#undef NX_TEX_PHASE

}  // namespace shader::maxwell
