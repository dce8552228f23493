// Moves, selects, permutes, predicates, special registers and warp operations.
#include "shader/maxwell/form_tables.h"

namespace shader::maxwell {
namespace {

constexpr FormSpec kForms[] = {
    {"MOV", "0101 1100 1001 1---", "| R@0, $I r@82, X@39:4 omit=15"},
    {"MOV32I", "0000 0001 0000 ----", "| R@0, X@20:32, X@12:4 omit=15"},
    {"SEL", "0101 1100 1010 0---", "| R@0, R@8 r@81, $I r@82, P@39 !@42"},
    {"PRMT", "0101 1011 1100 ----",
     "{,F4E,B4E,RC8,ECL,ECR,RC16,?}@48:3 | R@0, R@8 r@81, $I r@82, $C r@83"},
    {"P2R", "0101 1100 1110 1---", "{,B1,B2,B3}@41:2 | R@0, K{PR,CC}@40, R@8 r@81, $I r@82"},
    {"R2P", "0101 1100 1111 0---", "{,B1,B2,B3}@41:2 | K{PR,CC}@40, R@8 r@81, $I r@82"},
    {"PSETP", "0101 0000 1001 0---",
     "{AND,OR,XOR,INVALIDBOP3}@24:2 {AND,OR,XOR,INVALIDBOP3}@45:2 | P@3, P@0, P@12 !@15, "
     "P@29 !@32, P@39 !@42"},
    {"PSET", "0101 0000 1000 1---",
     "BF@44 {AND,OR,XOR,INVALIDBOP3}@24:2 {AND,OR,XOR,INVALIDBOP3}@45:2 | R@0, P@12 !@15, "
     "P@29 !@32, P@39 !@42"},
    {"CSETP", "0101 0000 1010 0---",
     "{F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T,OFF,LO,SFF,LS,HI,SFT,HS,OFT,CSM_TA,"
     "CSM_TR,CSM_MX,FCSM_TA,FCSM_TR,FCSM_MX,RLE,RGT}@8:5 {AND,OR,XOR,INVALIDBOP3}@45:2 | P@3, "
     "P@0, K{CC}@5, P@39 !@42"},
    {"CSET", "0101 0000 1001 1---",
     "BF@44 {F,LT,EQ,LE,GT,NE,GE,NUM,NAN,LTU,EQU,LEU,GTU,NEU,GEU,T,OFF,LO,SFF,LS,HI,SFT,HS,OFT,"
     "CSM_TA,CSM_TR,CSM_MX,FCSM_TA,FCSM_TR,FCSM_MX,RLE,RGT}@8:5 {AND,OR,XOR,INVALIDBOP3}@45:2 | "
     "R@0, K{CC}@5, P@39 !@42"},
    {"S2R", "1111 0000 1100 1---", "| R@0, SR@20"},
    {"SHFL", "1110 1111 0001 0---",
     "{IDX,UP,DOWN,BFLY}@30:2 =1@28:1 =1@29:1 | P@48, R@0, R@8, X@20:5, X@34:13"},
    {"SHFL", "1110 1111 0001 0---",
     "{IDX,UP,DOWN,BFLY}@30:2 =0@28:1 =1@29:1 | P@48, R@0, R@8, R@20, X@34:13"},
    {"SHFL", "1110 1111 0001 0---",
     "{IDX,UP,DOWN,BFLY}@30:2 =1@28:1 =0@29:1 | P@48, R@0, R@8, X@20:5, R@39"},
    {"SHFL", "1110 1111 0001 0---",
     "{IDX,UP,DOWN,BFLY}@30:2 =0@28:1 =0@29:1 | P@48, R@0, R@8, R@20, R@39"},
    {"VOTE", "0101 0000 1101 1---", "{ALL,ANY,EQ,?}@48:2 | R@0, P@45, P@39 !@42"},
};

}  // namespace

std::span<const FormSpec> MoveForms() {
    return kForms;
}

}  // namespace shader::maxwell
