// Conversions (I2F, F2I, F2F, I2FP, F2FP). Field positions: Mesa NAK sm70_encode.rs, checked
// against nvdisasm on probe words (tests/shader/probe).
#include "shader/sass/form_tables.h"

namespace shader::sass {
namespace {

#define I2F_MODS "{?,F16,,F64}@75:2 {U32,}@74 =2@84:2 {,RM,RP,RZ}@78"

constexpr FormSpec kForms[] = {
    {"I2F", 0x306, I2F_MODS "| R@16, R@32 r@123"},
    {"I2F", 0xb06, I2F_MODS "| R@16, C"},
    {"I2F", 0x1d06, I2F_MODS "| R@16, UR@32"},
};

}  // namespace

std::span<const FormSpec> ConversionForms() {
    return kForms;
}

}  // namespace shader::sass
