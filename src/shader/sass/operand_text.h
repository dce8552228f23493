#pragma once

#include <string>

#include "base/types.h"

namespace shader::sass {

// Register and predicate names as nvdisasm spells them.
std::string RegisterName(u64 index);          // R0..R254, RZ
std::string UniformRegisterName(u64 index);   // UR0..UR62, URZ
std::string PredicateName(u64 index);         // P0..P6, PT
std::string UniformPredicateName(u64 index);  // UP0..UP6, UPT
std::string Hex(u64 value);                   // 0x1f
std::string SignedHex(s64 value);             // -0x1f
s64 SignExtend(u64 value, unsigned width);

}  // namespace shader::sass
