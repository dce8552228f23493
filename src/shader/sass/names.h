#pragma once

// The instruction and modifier names the translator's handlers are bound by, as constants the
// compiler checks: a handler written for `op::kFADD` or asking `Has(mod::kFTZ)` cannot misspell
// them, and names_test.cpp checks that each constant here is a name some form of the Ampere or
// Maxwell tables prints, so a misspelt constant fails the tests. To use a new name, add it to its
// list (sorted).

#include <span>
#include <string_view>

namespace shader::sass {

// A mnemonic ("FADD") or a modifier's printed name ("FTZ", "F32.FTZ.RN"). Made from a string
// only on purpose (explicit): handlers use the constants below.
struct Mnemonic {
    constexpr explicit Mnemonic(std::string_view name) : text(name) {}
    std::string_view text;
    friend constexpr bool operator==(Mnemonic a, Mnemonic b) { return a.text == b.text; }
    friend constexpr bool operator==(std::string_view decoded, Mnemonic b) {
        return decoded == b.text;
    }
};
struct ModifierName {
    constexpr explicit ModifierName(std::string_view name) : text(name) {}
    std::string_view text;
    constexpr bool empty() const { return text.empty(); }  // not printed (Translator::EnumName)
    friend constexpr bool operator==(ModifierName a, ModifierName b) { return a.text == b.text; }
};

// clang-format off
#define NX_SASS_MNEMONICS(X) \
    X(kALD, "ALD") \
    X(kAST, "AST") \
    X(kATOM, "ATOM") \
    X(kATOMG, "ATOMG") \
    X(kATOMS, "ATOMS") \
    X(kB2R, "B2R") \
    X(kBAR, "BAR") \
    X(kBFE, "BFE") \
    X(kBFI, "BFI") \
    X(kBMOV, "BMOV") \
    X(kBRA, "BRA") \
    X(kBREAK, "BREAK") \
    X(kBREV, "BREV") \
    X(kBRK, "BRK") \
    X(kBRX, "BRX") \
    X(kBSSY, "BSSY") \
    X(kBSYNC, "BSYNC") \
    X(kCAL, "CAL") \
    X(kCALL, "CALL") \
    X(kCCTL, "CCTL") \
    X(kCONT, "CONT") \
    X(kCS2R, "CS2R") \
    X(kDADD, "DADD") \
    X(kDEPBAR, "DEPBAR") \
    X(kDFMA, "DFMA") \
    X(kDMUL, "DMUL") \
    X(kDSETP, "DSETP") \
    X(kERRBAR, "ERRBAR") \
    X(kEXIT, "EXIT") \
    X(kF2F, "F2F") \
    X(kF2FP, "F2FP") \
    X(kF2I, "F2I") \
    X(kFADD, "FADD") \
    X(kFADD32I, "FADD32I") \
    X(kFCHK, "FCHK") \
    X(kFFMA, "FFMA") \
    X(kFFMA32I, "FFMA32I") \
    X(kFLO, "FLO") \
    X(kFMNMX, "FMNMX") \
    X(kFMUL, "FMUL") \
    X(kFMUL32I, "FMUL32I") \
    X(kFRND, "FRND") \
    X(kFSEL, "FSEL") \
    X(kFSETP, "FSETP") \
    X(kFSWZADD, "FSWZADD") \
    X(kHADD2, "HADD2") \
    X(kHFMA2, "HFMA2") \
    X(kHMMA, "HMMA") \
    X(kHMNMX2, "HMNMX2") \
    X(kHMUL2, "HMUL2") \
    X(kI2F, "I2F") \
    X(kI2FP, "I2FP") \
    X(kI2I, "I2I") \
    X(kIABS, "IABS") \
    X(kIADD, "IADD") \
    X(kIADD3, "IADD3") \
    X(kIADD32I, "IADD32I") \
    X(kIDP, "IDP") \
    X(kIMAD, "IMAD") \
    X(kIMMA, "IMMA") \
    X(kIMNMX, "IMNMX") \
    X(kIMUL, "IMUL") \
    X(kIMUL32I, "IMUL32I") \
    X(kIPA, "IPA") \
    X(kISCADD, "ISCADD") \
    X(kISET, "ISET") \
    X(kISETP, "ISETP") \
    X(kKIL, "KIL") \
    X(kKILL, "KILL") \
    X(kLDC, "LDC") \
    X(kLDG, "LDG") \
    X(kLDGDEPBAR, "LDGDEPBAR") \
    X(kLDGSTS, "LDGSTS") \
    X(kLDL, "LDL") \
    X(kLDS, "LDS") \
    X(kLDSM, "LDSM") \
    X(kLEA, "LEA") \
    X(kLOP, "LOP") \
    X(kLOP3, "LOP3") \
    X(kLOP32I, "LOP32I") \
    X(kMATCH, "MATCH") \
    X(kMEMBAR, "MEMBAR") \
    X(kMOV, "MOV") \
    X(kMOV32I, "MOV32I") \
    X(kMUFU, "MUFU") \
    X(kNOP, "NOP") \
    X(kPBK, "PBK") \
    X(kPCNT, "PCNT") \
    X(kPLOP3, "PLOP3") \
    X(kPOPC, "POPC") \
    X(kPRMT, "PRMT") \
    X(kRED, "RED") \
    X(kREDUX, "REDUX") \
    X(kRET, "RET") \
    X(kRRO, "RRO") \
    X(kS2R, "S2R") \
    X(kS2UR, "S2UR") \
    X(kSEL, "SEL") \
    X(kSHF, "SHF") \
    X(kSHFL, "SHFL") \
    X(kSHL, "SHL") \
    X(kSHR, "SHR") \
    X(kSSY, "SSY") \
    X(kSTG, "STG") \
    X(kSTL, "STL") \
    X(kSTS, "STS") \
    X(kSULD, "SULD") \
    X(kSUST, "SUST") \
    X(kSYNC, "SYNC") \
    X(kTEX, "TEX") \
    X(kTEXS, "TEXS") \
    X(kTLD, "TLD") \
    X(kTLD4, "TLD4") \
    X(kTLDS, "TLDS") \
    X(kTXD, "TXD") \
    X(kTXQ, "TXQ") \
    X(kUFLO, "UFLO") \
    X(kUIADD3, "UIADD3") \
    X(kULDC, "ULDC") \
    X(kULOP3, "ULOP3") \
    X(kUMOV, "UMOV") \
    X(kUSHF, "USHF") \
    X(kVABSDIFF, "VABSDIFF") \
    X(kVOTE, "VOTE") \
    X(kVOTEU, "VOTEU") \
    X(kWARPSYNC, "WARPSYNC") \
    X(kXMAD, "XMAD")

#define NX_SASS_MODIFIERS(X) \
    X(k128, "128") \
    X(k16816, "16816") \
    X(k1688, "1688") \
    X(k1D, "1D") \
    X(k1D_ARRAY, "1D_ARRAY") \
    X(k1D_BUFFER, "1D_BUFFER") \
    X(k2, "2") \
    X(k2D, "2D") \
    X(k32, "32") \
    X(k3D, "3D") \
    X(k4, "4") \
    X(k4A, "4A") \
    X(k64, "64") \
    X(k96, "96") \
    X(kA, "A") \
    X(kADD, "ADD") \
    X(kALL, "ALL") \
    X(kAND, "AND") \
    X(kANY, "ANY") \
    X(kAOFFI, "AOFFI") \
    X(kB, "B") \
    X(kBA, "BA") \
    X(kBF, "BF") \
    X(kBF16, "BF16") \
    X(kBFLY, "BFLY") \
    X(kBREV, "BREV") \
    X(kCAS, "CAS") \
    X(kCBCC, "CBCC") \
    X(kCEIL, "CEIL") \
    X(kCENTROID, "CENTROID") \
    X(kCHI, "CHI") \
    X(kCL, "CL") \
    X(kCLO, "CLO") \
    X(kCONSTANT, "CONSTANT") \
    X(kCOS, "COS") \
    X(kCSFU, "CSFU") \
    X(kD2, "D2") \
    X(kD4, "D4") \
    X(kD8, "D8") \
    X(kDC, "DC") \
    X(kDEC, "DEC") \
    X(kDOWN, "DOWN") \
    X(kE, "E") \
    X(kEQ, "EQ") \
    X(kEQU, "EQU") \
    X(kEX, "EX") \
    X(kEX2, "EX2") \
    X(kEXCH, "EXCH") \
    X(kF, "F") \
    X(kF16, "F16") \
    X(kF32, "F32") \
    X(kF32_FTZ_RN, "F32.FTZ.RN") \
    X(kF4E, "F4E") \
    X(kF64, "F64") \
    X(kFLOOR, "FLOOR") \
    X(kFMZ, "FMZ") \
    X(kFTZ, "FTZ") \
    X(kG, "G") \
    X(kGBA, "GBA") \
    X(kGE, "GE") \
    X(kGEU, "GEU") \
    X(kGT, "GT") \
    X(kGTU, "GTU") \
    X(kHI, "HI") \
    X(kIDX, "IDX") \
    X(kIGN, "IGN") \
    X(kIL, "IL") \
    X(kINC, "INC") \
    X(kINVALIDFPSRC0, "INVALIDFPSRC0") \
    X(kIS, "IS") \
    X(kISL, "ISL") \
    X(kL, "L") \
    X(kLC, "LC") \
    X(kLE, "LE") \
    X(kLEU, "LEU") \
    X(kLG2, "LG2") \
    X(kLL, "LL") \
    X(kLO, "LO") \
    X(kLT, "LT") \
    X(kLTU, "LTU") \
    X(kLZ, "LZ") \
    X(kM2, "M2") \
    X(kM4, "M4") \
    X(kM8, "M8") \
    X(kMAX, "MAX") \
    X(kMIN, "MIN") \
    X(kMRG, "MRG") \
    X(kMS, "MS") \
    X(kMT88, "MT88") \
    X(kNAN, "NAN") \
    X(kNDV, "NDV") \
    X(kNE, "NE") \
    X(kNEU, "NEU") \
    X(kNTZ, "NTZ") \
    X(kNUM, "NUM") \
    X(kNZ, "NZ") \
    X(kO, "O") \
    X(kOFFSET, "OFFSET") \
    X(kOR, "OR") \
    X(kP, "P") \
    X(kPAND, "PAND") \
    X(kPASS, "PASS") \
    X(kPASS_B, "PASS_B") \
    X(kPO, "PO") \
    X(kPOPC, "POPC") \
    X(kPSL, "PSL") \
    X(kPTP, "PTP") \
    X(kR, "R") \
    X(kRBA, "RBA") \
    X(kRCP, "RCP") \
    X(kRCP64H, "RCP64H") \
    X(kRED, "RED") \
    X(kRELU, "RELU") \
    X(kRGA, "RGA") \
    X(kRGB, "RGB") \
    X(kRM, "RM") \
    X(kROUND, "ROUND") \
    X(kRP, "RP") \
    X(kRSQ, "RSQ") \
    X(kRSQ64H, "RSQ64H") \
    X(kRZ, "RZ") \
    X(kS16, "S16") \
    X(kS16_S16, "S16.S16") \
    X(kS16_U16, "S16.U16") \
    X(kS32, "S32") \
    X(kS32_U32, "S32.U32") \
    X(kS64, "S64") \
    X(kS8, "S8") \
    X(kSAT, "SAT") \
    X(kSATFINITE, "SATFINITE") \
    X(kSC, "SC") \
    X(kSH, "SH") \
    X(kSIN, "SIN") \
    X(kSINCOS, "SINCOS") \
    X(kSPIN, "SPIN") \
    X(kSQRT, "SQRT") \
    X(kSTATE, "STATE") \
    X(kSUM, "SUM") \
    X(kSX32, "SX32") \
    X(kT, "T") \
    X(kTANH, "TANH") \
    X(kTF32, "TF32") \
    X(kTRAP, "TRAP") \
    X(kTRUNC, "TRUNC") \
    X(kU16, "U16") \
    X(kU16_S16, "U16.S16") \
    X(kU32, "U32") \
    X(kU32_S32, "U32.S32") \
    X(kU32_U32, "U32.U32") \
    X(kU64, "U64") \
    X(kU8, "U8") \
    X(kUP, "UP") \
    X(kW, "W") \
    X(kWIDE, "WIDE") \
    X(kX, "X") \
    X(kXHI, "XHI") \
    X(kXLO, "XLO") \
    X(kXMED, "XMED") \
    X(kXOR, "XOR") \
    X(kXORSIGN, "XORSIGN")
// clang-format on

namespace op {
#define NX_SASS_NAME(id, text) inline constexpr Mnemonic id{text};
NX_SASS_MNEMONICS(NX_SASS_NAME)
#undef NX_SASS_NAME
}  // namespace op

namespace mod {
#define NX_SASS_NAME(id, text) inline constexpr ModifierName id{text};
NX_SASS_MODIFIERS(NX_SASS_NAME)
#undef NX_SASS_NAME
// Not names: what EnumName gives for a modifier not printed, and an enum value with no name
// (nvdisasm prints such words with INVALID... or ???; the form lists them as "?").
inline constexpr ModifierName kNotPrinted{""};
inline constexpr ModifierName kUnnamedValue{"?"};
}  // namespace mod

// Every constant above, for the test that checks them against the form tables.
std::span<const Mnemonic> AllMnemonics();
std::span<const ModifierName> AllModifierNames();

}  // namespace shader::sass
