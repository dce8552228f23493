// Half-precision pairs (SM53): HADD2, HMUL2, HFMA2, HSET2 and the 32-bit-immediate forms. Field
// positions: CUDA 11.8's nvdisasm on single-bit variations (tests/shader/maxwell_probe/README.md).
// Each source has a swizzle (.F32, .H0_H0, .H1_H1; printed inside absolute bars), the result a
// format (.F32, .MRG_H0, .MRG_H1). The register/constant/immediate forms do not follow the ALU
// top-byte pattern, and their negation bits sit differently in each, so every form is written out.
// The second register source takes its reuse flag from control bit 19 in HADD2 (r@83), bit 18 in
// HMUL2 (r@82).
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

#define NX_SWIZZLE(POS) " .{,F32,H0_H0,H1_H1}@" POS ":2 in"
#define NX_RESULT "{,F32,MRG_H0,MRG_H1}@49:2 "
#define NX_COMPARE(POS) "{F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T}@" POS ":4"
#define NX_BOOLEAN "{AND,OR,XOR,?}@45:2"
// An immediate pair: the high half's top 10 bits in [30:39) and bit 56, the low half's in
// [20:30); the six low bits of each are zero.
#define NX_HALF_PAIR "H@30:9+56:1 shl=6, H@20:10 shl=6"

constexpr FormSpec kForms[] = {
    {"HADD2", "0101 1101 0001 0---",
     NX_RESULT "FTZ@39 SAT@32 | R@0, R@8" NX_SWIZZLE("47") " -@43 |@44 r@81, R@20" NX_SWIZZLE(
         "28") " -@31 |@30 r@83"},
    {"HADD2", "0111 101- 1--- ----",
     NX_RESULT "FTZ@39 SAT@52 | R@0, R@8" NX_SWIZZLE("47") " -@43 |@44 r@81, C -@56 |@54"},
    {"HADD2", "0111 101- 0--- ----",
     NX_RESULT "FTZ@39 SAT@52 | R@0, R@8" NX_SWIZZLE("47") " -@43 |@44 r@81, " NX_HALF_PAIR},
    {"HMUL2", "0101 1101 0000 1---",
     NX_RESULT "{,FTZ,FMZ,INVALID}@39:2 SAT@32 | R@0, R@8" NX_SWIZZLE(
         "47") " |@44 r@81, R@20" NX_SWIZZLE("28") " -@31 |@30 r@82"},
    {"HMUL2", "0111 100- 1--- ----",
     NX_RESULT
     "{,FTZ,FMZ,INVALID}@39:2 SAT@52 | R@0, R@8" NX_SWIZZLE("47") " |@44 r@81, C -@43 |@54"},
    {"HMUL2", "0111 100- 0--- ----",
     NX_RESULT
     "{,FTZ,FMZ,INVALID}@39:2 SAT@52 | R@0, R@8" NX_SWIZZLE("47") " -@43 |@44 r@81, " NX_HALF_PAIR},
    // HFMA2: the reuse flags of its three sources are control bits 17, 18, 19 (r@81..83); its
    // constant forms are not written yet.
    {"HFMA2", "0101 1101 0000 0---",
     NX_RESULT "{,FTZ,FMZ,INVALID}@37:2 SAT@32 | R@0, R@8" NX_SWIZZLE(
         "47") " r@81, R@20" NX_SWIZZLE("28") " -@31 r@82, R@39" NX_SWIZZLE("35") " -@30 r@83"},
    {"HFMA2", "0111 0--- 0--- ----",
     NX_RESULT "{,FTZ,FMZ,INVALID}@57:2 SAT@52 | R@0, R@8" NX_SWIZZLE(
         "47") " r@81, " NX_HALF_PAIR ", R@39" NX_SWIZZLE("53") " -@51 r@83"},
    // HSET2: the second register source's reuse flag is control bit 18 (r@82).
    {"HSET2", "0101 1101 0001 1---",
     "BF@49 " NX_COMPARE("35") " FTZ@50 " NX_BOOLEAN " | R@0, R@8" NX_SWIZZLE(
         "47") " -@43 |@44 r@81, R@20" NX_SWIZZLE("28") " -@31 |@30 r@82, P@39 !@42"},
    {"HSET2", "0111 110- 1--- ----",
     "BF@53 " NX_COMPARE("49") " FTZ@54 " NX_BOOLEAN
                               " | R@0, R@8" NX_SWIZZLE("47") " -@43 |@44 r@81, C -@56, P@39 !@42"},
    {"HSET2", "0111 110- 0--- ----",
     "BF@53 " NX_COMPARE("49") " FTZ@54 " NX_BOOLEAN " | R@0, R@8" NX_SWIZZLE(
         "47") " -@43 |@44 r@81, " NX_HALF_PAIR ", P@39 !@42"},
    // The 32-bit immediate forms: a whole pair in [20:52), high half first.
    {"HADD2_32I", "0010 110- ---- ----",
     "FTZ@55 SAT@52 | R@0, R@8" NX_SWIZZLE("53") " -@56 r@81, H2@20:32"},
    {"HMUL2_32I", "0010 101- ---- ----",
     "{,FTZ,FMZ,INVALID}@55:2 SAT@52 | R@0, R@8" NX_SWIZZLE("53") " r@81, H2@20:32"},
};

#undef NX_SWIZZLE
#undef NX_RESULT
#undef NX_COMPARE
#undef NX_BOOLEAN
#undef NX_HALF_PAIR

}  // namespace

std::span<const FormSpec> HalfForms() {
    return kForms;
}

}  // namespace shader::maxwell
