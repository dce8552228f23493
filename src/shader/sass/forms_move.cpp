// Moves and special registers (MOV, CS2R, S2R, HFMA2.MMA used as a move). Field positions: Mesa
// NAK sm70_encode.rs, checked against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

constexpr FormSpec kForms[] = {
    {"MOV", 0x202, "| R@16, R@32 r@123, X@72:4 omit=15"},
    {"MOV", 0x802, "| R@16, X@32:32, X@72:4 omit=15"},
    {"MOV", 0xa02, "| R@16, C, X@72:4 omit=15"},
    {"MOV", 0x1c02, "| R@16, UR@32, X@72:4 omit=15"},
    {"CS2R", 0x805, "{32,}@80 | R@16, SR@72"},
    {"S2R", 0x919, "| R@16, SR@72"},
    {"HFMA2", 0x435, "MMA | R@16, R@24 -@72, R@64 r@124, H2@32"},
    // The addend's negation is bit 84 (CUDA 11.8's nvdisasm ignores bit 75).
    {"HFMA2", 0x235, "MMA | R@16, R@24 -@72, R@32 -@63 r@123, R@64 -@84 r@124"},
    {"NOP", 0x918, ";"},
    // Tensor cores: shape (bit 75), accumulator type (76), input type [82:84).
    {"HMMA", 0x23c,
     "{1688,16816}@75 {F16,F32}@76 {,BF16,TF32,?}@82:2 "
     "| R@16, R@24 r@122, R@32 r@123, R@64 r@124"},
    // IMMA: only the one form the fixtures hold is known (its modifier bits fixed as seen).
    {"IMMA", 0x237,
     "16832 S8 S8 =0x405c@72:16 | R@16, R@24 .ROW r@122, R@32 .COL r@123, R@64 r@124"},
    {"LDSM", 0x83b, "16 {M88,MT88}@78 {,2,4,?}@72:2 | R@16, M base=24 off=40:24"},
};

}  // namespace

std::span<const FormSpec> MoveForms() {
    return kForms;
}

}  // namespace shader::sass
