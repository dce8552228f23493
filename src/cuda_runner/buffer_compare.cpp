// The reference runs' compare modes, as check_manifests.py's parse_compare() and compare().
#include "cuda_runner/buffer_compare.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "base/error.h"

namespace cuda_runner {
namespace {

struct ModeName {
    std::string_view name;
    CompareMode mode;
    u32 element;  // bytes; 0 for exact and skip
};
constexpr ModeName kModes[] = {
    {"exact", CompareMode::Exact, 0},   {"skip", CompareMode::Skip, 0},
    {"f32ulp", CompareMode::F32Ulp, 4}, {"f64ulp", CompareMode::F64Ulp, 8},
    {"f16ulp", CompareMode::F16Ulp, 2}, {"bf16ulp", CompareMode::BF16Ulp, 2},
    {"f32abs", CompareMode::F32Abs, 4}, {"f64abs", CompareMode::F64Abs, 8},
};

const ModeName* FindMode(std::string_view name) {
    for (const ModeName& entry : kModes) {
        if (entry.name == name) {
            return &entry;
        }
    }
    return nullptr;
}

u32 ElementBytes(CompareMode mode) {
    for (const ModeName& entry : kModes) {
        if (entry.mode == mode) {
            return entry.element;
        }
    }
    return 0;
}

bool AllDigits(std::string_view text) {
    if (text.empty()) {
        return false;
    }
    for (char c : text) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    return true;
}

// A run of digits as u64, saturating (a bound beyond 2^64 ulps accepts every distance anyway).
u64 ParseDigits(std::string_view text) {
    u64 value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range) {
        return ~u64{0};
    }
    return value;
}

std::vector<std::string_view> Split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    for (;;) {
        const std::size_t at = text.find(separator);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos) {
            return parts;
        }
        text.remove_prefix(at + 1);
    }
}

// parse_mode(): one mode or alternatives joined by '|'.
std::vector<CompareAlternative> ParseModes(std::string_view text) {
    std::vector<CompareAlternative> alternatives;
    bool plain = false;
    u32 element = 0;
    for (std::string_view alternative : Split(text, '|')) {
        const std::size_t colon = alternative.find(':');
        const std::string_view name = alternative.substr(0, colon);
        const std::string_view value =
            colon == std::string_view::npos ? std::string_view{} : alternative.substr(colon + 1);
        const ModeName* mode = FindMode(name);
        if (mode == nullptr) {
            base::Fail("unknown compare mode '{}'", alternative);
        }
        CompareAlternative parsed;
        parsed.mode = mode->mode;
        if (mode->element == 0) {
            if (!value.empty()) {
                base::Fail("'{}' takes no value", alternative);
            }
            plain = true;
        } else if (name.ends_with("ulp")) {
            if (!AllDigits(value)) {
                base::Fail("'{}': bound must be a whole number of ulps", alternative);
            }
            parsed.ulps = ParseDigits(value);
        } else {
            double eps = NAN;
            const auto [end, error] =
                std::from_chars(value.data(), value.data() + value.size(), eps);
            if (value.empty() || error != std::errc{} || end != value.data() + value.size() ||
                !(eps >= 0 && std::isfinite(eps))) {
                base::Fail("'{}': bad bound", alternative);
            }
            parsed.eps = eps;
        }
        if (mode->element != 0) {
            if (element != 0 && element != mode->element) {
                base::Fail("'{}': alternatives of different element sizes", text);
            }
            element = mode->element;
        }
        alternatives.push_back(parsed);
    }
    if (alternatives.size() > 1 && plain) {
        base::Fail("'{}': exact and skip take no alternatives", text);
    }
    return alternatives;
}

struct Range {
    u64 start = 0;
    u64 end = 0;
    std::optional<u64> stride;
};

// `^(\d+)-(\d+)(?:/(\d+))?$`; values beyond u64 count as out of the buffer.
std::optional<Range> ParseRange(std::string_view text) {
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos) {
        return std::nullopt;
    }
    const std::string_view start = text.substr(0, dash);
    std::string_view end = text.substr(dash + 1);
    std::string_view stride;
    const std::size_t slash = end.find('/');
    if (slash != std::string_view::npos) {
        stride = end.substr(slash + 1);
        end = end.substr(0, slash);
        if (!AllDigits(stride)) {
            return std::nullopt;
        }
    }
    if (!AllDigits(start) || !AllDigits(end)) {
        return std::nullopt;
    }
    Range range{ParseDigits(start), ParseDigits(end), std::nullopt};
    if (slash != std::string_view::npos) {
        range.stride = ParseDigits(stride);
    }
    return range;
}

struct Owner {
    u64 start = 0;
    u32 element = 0;
    u32 region = 0;
    bool set = false;
};

}  // namespace

CompareSpec ParseCompareSpec(std::string_view text, u64 buffer_bytes) {
    CompareSpec spec;
    spec.text = std::string(text);
    spec.buffer_bytes = buffer_bytes;
    const u64 size = buffer_bytes;
    std::vector<Owner> owner(size);
    for (std::string_view region : Split(text, ',')) {
        const std::size_t colon = region.rfind(':');
        std::string_view mode_text = region;
        Range range{0, size, std::nullopt};
        if (colon != std::string_view::npos && colon > 0) {
            if (const auto parsed = ParseRange(region.substr(colon + 1))) {
                mode_text = region.substr(0, colon);
                range = *parsed;
            }
        }
        std::vector<CompareAlternative> alternatives = ParseModes(mode_text);
        u32 element = 1;
        for (const CompareAlternative& alternative : alternatives) {
            if (ElementBytes(alternative.mode) != 0) {
                element = ElementBytes(alternative.mode);
                break;
            }
        }
        if (!(range.start < range.end && range.end <= size)) {
            base::Fail("region '{}' outside the {}-byte buffer", region, size);
        }
        const u64 step = range.stride.value_or(size);
        if (range.stride && (step == 0 || range.end - range.start > step)) {
            base::Fail("region '{}': bad stride", region);
        }
        if (range.start % element || (range.end - range.start) % element || step % element) {
            base::Fail("region '{}' does not fit {}-byte elements", region, element);
        }
        const u32 index = static_cast<u32>(spec.alternatives.size());
        spec.alternatives.push_back(std::move(alternatives));
        spec.alternatives_text.emplace_back(mode_text);
        for (u64 base = 0; base + range.start < size; base += step) {
            for (u64 b = base + range.start; b < std::min(base + range.end, size); b += element) {
                if (b + element > size) {
                    base::Fail("region '{}' cuts an element at the buffer's end", region);
                }
                for (u32 k = 0; k < element; ++k) {
                    owner[b + k] = {b, element, index, true};
                }
            }
        }
    }
    // Two owners are the same element when start, size and alternatives agree (as the tuples
    // of parse_compare() compare), whichever region set them.
    const auto same = [&spec](const Owner& a, const Owner& b) {
        return a.start == b.start && a.element == b.element &&
               spec.alternatives[a.region] == spec.alternatives[b.region];
    };
    for (u64 pos = 0; pos < size; ++pos) {
        if (!owner[pos].set) {
            base::Fail("'{}' leaves byte {} without a mode", text, pos);
        }
    }
    for (u64 pos = 0; pos < size;) {
        const Owner& first = owner[pos];
        bool whole = first.start == pos && pos + first.element <= size;
        for (u32 k = 1; whole && k < first.element; ++k) {
            whole = same(owner[pos + k], first);
        }
        if (!whole) {
            base::Fail("'{}': regions overlap inside an element at byte {}", text, pos);
        }
        spec.elements.push_back({pos, first.element, first.region});
        pos += first.element;
    }
    return spec;
}

namespace {

u64 LoadBits(std::span<const u8> bytes, u64 offset, u32 size) {
    u64 value = 0;
    std::memcpy(&value, bytes.data() + offset, size);  // little-endian host
    return value;
}

bool IsNan(u64 bits, CompareMode mode) {
    switch (mode) {
        case CompareMode::F32Ulp:
        case CompareMode::F32Abs:
            return (bits & 0x7f800000) == 0x7f800000 && (bits & 0x7fffff) != 0;
        case CompareMode::F64Ulp:
        case CompareMode::F64Abs:
            return ((bits >> 52) & 0x7ff) == 0x7ff && (bits & ((u64{1} << 52) - 1)) != 0;
        case CompareMode::F16Ulp:
            return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
        default:
            return (bits & 0x7f80) == 0x7f80 && (bits & 0x7f) != 0;
    }
}

// ordered(): sign-magnitude bits to an integer that grows with the value; -0 is one below +0.
__int128 Ordered(u64 bits, u32 width_bits) {
    const u64 sign = u64{1} << (width_bits - 1);
    if ((bits & sign) == 0) {
        return static_cast<__int128>(bits);
    }
    return -static_cast<__int128>(bits & (sign - 1)) - 1;
}

double AsDouble(u64 bits, u32 size) {
    if (size == 4) {
        return static_cast<double>(std::bit_cast<float>(static_cast<u32>(bits)));
    }
    return std::bit_cast<double>(bits);
}

bool ElementOk(std::span<const u8> expected, std::span<const u8> got, const CompareElement& element,
               const std::vector<CompareAlternative>& alternatives) {
    if (std::memcmp(expected.data() + element.offset, got.data() + element.offset, element.size) ==
        0) {
        return true;
    }
    for (const CompareAlternative& alternative : alternatives) {
        if (alternative.mode == CompareMode::Skip) {
            return true;
        }
        if (alternative.mode == CompareMode::Exact) {
            continue;
        }
        const u64 x = LoadBits(expected, element.offset, element.size);
        const u64 y = LoadBits(got, element.offset, element.size);
        const bool x_nan = IsNan(x, alternative.mode);
        const bool y_nan = IsNan(y, alternative.mode);
        if (x_nan || y_nan) {
            if (x_nan && y_nan) {
                return true;
            }
            continue;
        }
        if (alternative.mode == CompareMode::F32Abs || alternative.mode == CompareMode::F64Abs) {
            const double fx = AsDouble(x, element.size);
            const double fy = AsDouble(y, element.size);
            if (std::isfinite(fx) && std::isfinite(fy) && std::fabs(fx - fy) <= alternative.eps) {
                return true;
            }
            continue;
        }
        __int128 distance = Ordered(x, element.size * 8) - Ordered(y, element.size * 8);
        if (distance < 0) {
            distance = -distance;
        }
        if (distance <= static_cast<__int128>(alternative.ulps)) {
            return true;
        }
    }
    return false;
}

float HalfToFloat(u64 bits) {
    const u32 sign = static_cast<u32>(bits >> 15) & 1;
    const u32 exponent = static_cast<u32>(bits >> 10) & 0x1f;
    const u32 mantissa = static_cast<u32>(bits) & 0x3ff;
    float value;
    if (exponent == 0) {
        value = std::ldexp(static_cast<float>(mantissa), -24);
    } else if (exponent == 31) {
        value = mantissa ? NAN : INFINITY;
    } else {
        value = std::ldexp(static_cast<float>(mantissa | 0x400), static_cast<int>(exponent) - 25);
    }
    return sign ? -value : value;
}

// The value as the element's float type (or, for exact words, as i32 and f32).
std::string ValueText(u64 bits, u32 size, std::string_view mode) {
    const std::string hex = fmt::format("{:#0{}x}", bits, 2 + size * 2);
    if (mode.starts_with("f16")) {
        return fmt::format("{} ({})", hex, HalfToFloat(bits));
    }
    if (mode.starts_with("bf16")) {
        return fmt::format("{} ({})", hex, std::bit_cast<float>(static_cast<u32>(bits << 16)));
    }
    if (mode.starts_with("f64") || (size == 8 && !mode.starts_with("f32"))) {
        return fmt::format("{} ({})", hex, std::bit_cast<double>(bits));
    }
    if (size == 4) {
        const u32 word = static_cast<u32>(bits);
        if (mode.starts_with("f32")) {
            return fmt::format("{} ({})", hex, std::bit_cast<float>(word));
        }
        return fmt::format("{} (i32 {}, f32 {})", hex, static_cast<s32>(word),
                           std::bit_cast<float>(word));
    }
    return hex;
}

}  // namespace

CompareResult CompareBuffers(std::span<const u8> expected, std::span<const u8> got,
                             const CompareSpec& spec, std::size_t max_reported) {
    CompareResult result;
    if (expected.size() != got.size() || expected.size() != spec.buffer_bytes) {
        result.size_matches = false;
        return result;
    }
    std::optional<u64> last_shown;
    for (const CompareElement& element : spec.elements) {
        const std::vector<CompareAlternative>& alternatives =
            spec.alternatives[element.alternatives];
        if (alternatives.front().mode == CompareMode::Skip) {
            continue;
        }
        ++result.elements;
        if (ElementOk(expected, got, element, alternatives)) {
            continue;
        }
        ++result.mismatched_elements;
        CompareMismatch mismatch;
        mismatch.offset = element.offset;
        mismatch.size = element.size;
        if (element.size == 1) {  // show the aligned word holding the byte
            mismatch.offset = element.offset & ~u64{3};
            mismatch.size = static_cast<u32>(std::min<u64>(4, expected.size() - mismatch.offset));
        }
        if (result.first.size() >= max_reported || last_shown == mismatch.offset) {
            continue;
        }
        last_shown = mismatch.offset;
        mismatch.expected = LoadBits(expected, mismatch.offset, mismatch.size);
        mismatch.got = LoadBits(got, mismatch.offset, mismatch.size);
        mismatch.mode = spec.alternatives_text[element.alternatives];
        result.first.push_back(std::move(mismatch));
    }
    return result;
}

std::string DescribeMismatch(const CompareMismatch& mismatch) {
    return fmt::format("byte {:#x}: expected {} got {} [{}]", mismatch.offset,
                       ValueText(mismatch.expected, mismatch.size, mismatch.mode),
                       ValueText(mismatch.got, mismatch.size, mismatch.mode), mismatch.mode);
}

std::string DescribeResult(const CompareResult& result) {
    if (!result.size_matches) {
        return "the buffer's size differs from the expected file's";
    }
    if (result.Ok()) {
        return fmt::format("ok, {} elements", result.elements);
    }
    std::string text =
        fmt::format("{} of {} elements differ", result.mismatched_elements, result.elements);
    for (const CompareMismatch& mismatch : result.first) {
        text += "; " + DescribeMismatch(mismatch);
    }
    return text;
}

}  // namespace cuda_runner
