#include "shader/sass/float_format.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace shader::sass {

std::string FormatFloat(double value) {
    if (std::isinf(value)) {
        return value < 0 ? "-INF " : "+INF ";
    }
    if (std::isnan(value)) {
        return std::signbit(value) ? "-QNAN "
                                   : "+QNAN ";  // payloads: see FloatImmediateIsCanonical
    }
    if (value == 0 && std::signbit(value)) {
        return "-0.0 ";  // with a trailing space, as for INF and NAN
    }
    char buffer[64];
    if (std::fabs(value) >= 1e9) {
        std::snprintf(buffer, sizeof(buffer), "%.20e", value);
    } else {
        std::snprintf(buffer, sizeof(buffer), "%.20g", value);
    }
    return buffer;
}

std::string FormatFloat32(u32 bits) {
    return FormatFloat(std::bit_cast<float>(bits));
}

std::string FormatFloat64(u64 bits) {
    return FormatFloat(std::bit_cast<double>(bits));
}

std::string FormatHalf(u16 bits) {
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    double value;
    if (exponent == 0x1f) {
        value = mantissa ? std::copysign(NAN, sign) : sign * INFINITY;
    } else if (exponent == 0) {
        value = sign * std::ldexp(mantissa, -24);
    } else {
        value = sign * std::ldexp(mantissa + 1024, exponent - 25);
    }
    return FormatFloat(value);
}

bool ParseFloat64(std::string_view text, double& value) {
    while (!text.empty() && text.back() == ' ') {
        text.remove_suffix(1);
    }
    if (text == "+INF" || text == "-INF") {
        value = text[0] == '-' ? -INFINITY : INFINITY;
        return true;
    }
    if (text == "+QNAN" || text == "-QNAN") {
        value = text[0] == '-' ? -NAN : NAN;
        return true;
    }
    if (text.empty() || text.starts_with("0x")) {
        return false;
    }
    std::string copy(text);
    char* end = nullptr;
    value = std::strtod(copy.c_str(), &end);
    return end == copy.c_str() + copy.size();
}

}  // namespace shader::sass
