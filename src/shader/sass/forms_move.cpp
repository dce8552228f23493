// Moves and special registers (MOV, CS2R, S2R, HFMA2.MMA used as a move). Field positions: Mesa
// NAK sm70_encode.rs, checked against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

constexpr FormSpec kForms[] = {
    // P2R / R2P: the predicate register file PR as a byte (.B1..B3 pick it) of a register, under
    // a mask (CUDA 11.8 on single-bit variations; P2R's mask immediate prints signed in 13.0;
    // R2P leaves out the mask 0xff, only that value, in 11.8 and 13.0).
    {"P2R", 0x203, "{,B1,B2,B3}@76:2 | R@16, L{PR}, R@24 r@122, R@32 r@123"},
    {"P2R", 0x803, "{,B1,B2,B3}@76:2 | R@16, L{PR}, R@24 r@122, S@32:32"},
    {"P2R", 0xa03, "{,B1,B2,B3}@76:2 | R@16, L{PR}, R@24 r@122, C"},
    {"P2R", 0x1c03, "{,B1,B2,B3}@76:2 | R@16, L{PR}, R@24 r@122, UR@32"},
    {"R2P", 0x204, "| L{PR}, R@24 .{,B1,B2,B3}@76:2 r@122, R@32 r@123"},
    {"R2P", 0x804, "| L{PR}, R@24 .{,B1,B2,B3}@76:2 r@122, X@32:32 omit=255"},
    {"R2P", 0xa04, "| L{PR}, R@24 .{,B1,B2,B3}@76:2 r@122, C"},
    {"R2P", 0x1c04, "| L{PR}, R@24 .{,B1,B2,B3}@76:2 r@122, UR@32"},
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
