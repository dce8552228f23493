// Warp-level instructions (SHFL). Field positions: Mesa NAK sm70_encode.rs (OpShfl), checked
// against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define SHFL_MODE "{IDX,UP,DOWN,BFLY}@58:2"

constexpr FormSpec kForms[] = {
    {"SHFL", 0x389, SHFL_MODE "| P@81, R@16, R@24 r@122, R@32 r@123, R@64 r@124"},
    {"SHFL", 0x589, SHFL_MODE "| P@81, R@16, R@24 r@122, R@32 r@123, X@40:13"},
    {"SHFL", 0x989, SHFL_MODE "| P@81, R@16, R@24 r@122, X@53:5, R@64 r@124"},
    {"SHFL", 0xf89, SHFL_MODE "| P@81, R@16, R@24 r@122, X@53:5, X@40:13"},
    {"REDUX", 0x3c4, "{,OR,XOR,SUM,MIN,MAX,?,?}@78:3 S32@73 | UR@16, R@24 r@122"},
    {"MATCH", 0x3a1, "ANY =1@79:1 U64@73 =7@81:3 | R@16, R@24 r@122"},
    {"VOTE", 0x806, "{ALL,ANY,EQ,?}@72:2 | R@16 omit=255, P@81, P@87 !@90"},
    {"VOTEU", 0x886, "{ALL,ANY,EQ,?}@72:2 | UR@16 omit=63, UP@81, P@87 !@90"},
};

}  // namespace

std::span<const FormSpec> WarpForms() {
    return kForms;
}

}  // namespace shader::sass
