#pragma once

#include <string>

#include "base/types.h"

namespace shader::sass {

// nvdisasm's spelling of floating-point immediates: up to 20 significant digits ("%.20g"),
// scientific with 20 decimals from 1e9 up, "+INF " / "-QNAN " with a trailing space.
std::string FormatFloat(double value);
std::string FormatFloat32(u32 bits);
std::string FormatFloat64(u64 bits);
std::string FormatHalf(u16 bits);

// Inverse of the above; returns false when `text` is no float literal.
bool ParseFloat64(std::string_view text, double& value);

}  // namespace shader::sass
