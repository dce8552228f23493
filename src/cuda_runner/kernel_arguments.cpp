#include "cuda_runner/kernel_arguments.h"

#include <bit>
#include <charconv>
#include <limits>
#include <optional>

#include "base/error.h"
#include "base/file.h"

namespace cuda_runner {
namespace {

struct KindName {
    std::string_view name;
    ArgumentKind kind;
};
constexpr KindName kKindNames[] = {
    {"in", ArgumentKind::In},   {"out", ArgumentKind::Out}, {"inout", ArgumentKind::InOut},
    {"i32", ArgumentKind::I32}, {"u32", ArgumentKind::U32}, {"i64", ArgumentKind::I64},
    {"u64", ArgumentKind::U64}, {"f32", ArgumentKind::F32}, {"f64", ArgumentKind::F64},
};

std::optional<ArgumentKind> KindOf(std::string_view name) {
    for (const KindName& entry : kKindNames) {
        if (entry.name == name) {
            return entry.kind;
        }
    }
    return std::nullopt;
}

bool HasHexPrefix(std::string_view text) {
    return text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
}

// Decimal (signed for a signed Integer) or 0x hex; nothing when it is not a whole number.
template <typename Integer>
std::optional<Integer> ParseWhole(std::string_view text) {
    const bool hex = HasHexPrefix(text);
    if (hex) {
        text.remove_prefix(2);
    }
    Integer value{};
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), value, hex ? 16 : 10);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

// A value that fits `bits` as a signed decimal, an unsigned decimal or hex bits.
std::optional<u64> ParseInteger(std::string_view text, int bits, bool is_signed) {
    const u64 mask = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
    if (is_signed && !HasHexPrefix(text)) {
        const auto value = ParseWhole<s64>(text);
        const s64 low = bits == 64 ? std::numeric_limits<s64>::min() : -(s64{1} << (bits - 1));
        const s64 high = bits == 64 ? std::numeric_limits<s64>::max() : (s64{1} << (bits - 1)) - 1;
        if (!value || *value < low || *value > high) {
            return std::nullopt;
        }
        return static_cast<u64>(*value) & mask;
    }
    const auto value = ParseWhole<u64>(text);
    if (!value || (*value & ~mask) != 0) {
        return std::nullopt;
    }
    return *value;
}

template <typename Float>
std::optional<u64> ParseFloat(std::string_view text) {
    if (HasHexPrefix(text)) {
        return ParseInteger(text, sizeof(Float) * 8, false);
    }
    Float value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    if constexpr (sizeof(Float) == 4) {
        return std::bit_cast<u32>(value);
    } else {
        return std::bit_cast<u64>(value);
    }
}

std::optional<u64> ParseScalar(ArgumentKind kind, std::string_view text) {
    switch (kind) {
        case ArgumentKind::I32:
            return ParseInteger(text, 32, true);
        case ArgumentKind::U32:
            return ParseInteger(text, 32, false);
        case ArgumentKind::I64:
            return ParseInteger(text, 64, true);
        case ArgumentKind::U64:
            return ParseInteger(text, 64, false);
        case ArgumentKind::F32:
            return ParseFloat<float>(text);
        default:
            return ParseFloat<double>(text);
    }
}

std::vector<u8> ReadBufferFile(std::string_view path, std::string_view argument) {
    std::vector<u8> bytes;
    try {
        bytes = base::ReadFile(std::string(path));
    } catch (const base::Error& error) {
        base::Fail("kernel argument '{}': {}", argument, error.what());
    }
    if (bytes.size() > kMaxKernelBufferBytes) {
        base::Fail("kernel argument '{}': {} bytes is more than a buffer may hold ({})", argument,
                   bytes.size(), kMaxKernelBufferBytes);
    }
    return bytes;
}

}  // namespace

bool IsBuffer(ArgumentKind kind) {
    return kind == ArgumentKind::In || kind == ArgumentKind::Out || kind == ArgumentKind::InOut;
}

u32 ParameterBytes(ArgumentKind kind) {
    const bool four =
        kind == ArgumentKind::I32 || kind == ArgumentKind::U32 || kind == ArgumentKind::F32;
    return four ? 4 : 8;
}

KernelArgument ParseKernelArgument(std::string_view text) {
    const std::size_t colon = text.find(':');
    const auto kind = KindOf(text.substr(0, colon));
    if (colon == std::string_view::npos || !kind) {
        base::Fail(
            "kernel argument '{}' is not KIND:VALUE with a KIND of in, out, inout, i32, "
            "u32, i64, u64, f32 or f64",
            text);
    }
    const std::string_view value = text.substr(colon + 1);
    KernelArgument argument;
    argument.kind = *kind;
    argument.source = std::string(text);
    if (*kind == ArgumentKind::In || *kind == ArgumentKind::InOut) {
        if (value.empty()) {
            base::Fail("kernel argument '{}' names no file", text);
        }
        argument.bytes = ReadBufferFile(value, text);
        return argument;
    }
    if (*kind == ArgumentKind::Out) {
        const auto size = ParseWhole<u64>(value);
        if (!size || *size > kMaxKernelBufferBytes) {
            base::Fail("kernel argument '{}': the size must be a byte count from 0 to {}", text,
                       kMaxKernelBufferBytes);
        }
        argument.bytes.assign(*size, 0);
        return argument;
    }
    const auto bits = ParseScalar(*kind, value);
    if (!bits) {
        base::Fail("kernel argument '{}': '{}' is not a {} value", text, value,
                   text.substr(0, colon));
    }
    argument.scalar = *bits;
    return argument;
}

void CheckKernelArguments(const shader::sass::CubinKernel& kernel,
                          std::span<const KernelArgument> arguments) {
    if (arguments.size() != kernel.parameters.size()) {
        base::Fail("kernel {} takes {} parameters, {} arguments given", kernel.name,
                   kernel.parameters.size(), arguments.size());
    }
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const shader::sass::KernelParameter& parameter = kernel.parameters[i];
        const KernelArgument& argument = arguments[i];
        const u32 bytes = ParameterBytes(argument.kind);
        if (parameter.size != bytes) {
            base::Fail("kernel {} parameter {} is {} bytes, but argument '{}' is {}{}", kernel.name,
                       i, parameter.size, argument.source, bytes,
                       IsBuffer(argument.kind) ? " (a pointer)" : "");
        }
        if (u64{parameter.offset} + parameter.size > kernel.param_bytes) {
            base::Fail(
                "kernel {} parameter {} at offset {:#x} is outside its {:#x} parameter bytes",
                kernel.name, i, parameter.offset, kernel.param_bytes);
        }
        if (IsBuffer(argument.kind) && argument.bytes.size() > kMaxKernelBufferBytes) {
            base::Fail("kernel {} argument '{}': {} bytes is more than a buffer may hold",
                       kernel.name, argument.source, argument.bytes.size());
        }
    }
}

}  // namespace cuda_runner
