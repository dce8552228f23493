#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace cuda_runner {

// The compare modes of the CUDA reference runs (tests/shader/cuda/runs/README.md, "Compare
// modes"); check_manifests.py's compare() is the reference implementation this follows.
enum class CompareMode { Exact, Skip, F32Ulp, F64Ulp, F16Ulp, BF16Ulp, F32Abs, F64Abs };

struct CompareAlternative {
    CompareMode mode = CompareMode::Exact;
    u64 ulps = 0;      // the ulp modes' bound
    double eps = 0.0;  // the abs modes' bound
    bool operator==(const CompareAlternative&) const = default;
};

// One element of a buffer and the alternatives it passes under (any one suffices).
struct CompareElement {
    u64 offset = 0;
    u32 size = 1;          // 1 for exact and skip, else the float's size
    u32 alternatives = 0;  // index into CompareSpec::alternatives
};

// A parsed spec: every byte of a buffer of `buffer_bytes` belongs to exactly one element.
struct CompareSpec {
    std::string text;
    u64 buffer_bytes = 0;
    std::vector<std::vector<CompareAlternative>> alternatives;  // one list per region
    std::vector<std::string> alternatives_text;                 // as written, per region
    std::vector<CompareElement> elements;                       // in offset order
};

// Parses `MODES` or `MODES:START-END[/STRIDE]` regions separated by ','. Throws base::Error
// (without a file name: callers add theirs) on what compare() rejects as a ValueError.
CompareSpec ParseCompareSpec(std::string_view text, u64 buffer_bytes);

// One rejected element, with the values to print: for exact regions the aligned word (up to
// 4 bytes) holding the byte, for float modes the element.
struct CompareMismatch {
    u64 offset = 0;  // of the shown value
    u32 size = 0;
    u64 expected = 0;  // little-endian bits
    u64 got = 0;
    std::string mode;  // the element's alternatives as written, "f32ulp:0|f32abs:1e-6"
};

struct CompareResult {
    bool size_matches = true;
    u64 elements = 0;                    // checked (not skipped) elements
    u64 mismatched_elements = 0;         // as compare() counts them (bytes for exact regions)
    std::vector<CompareMismatch> first;  // up to the limit, in offset order
    bool Ok() const { return size_matches && mismatched_elements == 0; }
};

CompareResult CompareBuffers(std::span<const u8> expected, std::span<const u8> got,
                             const CompareSpec& spec, std::size_t max_reported = 8);

// "byte 0x40 (word 16): expected 0x3f800000 (1) got 0x3f800001 (1.0000001) [f32ulp:0]".
std::string DescribeMismatch(const CompareMismatch& mismatch);
// "ok, 1024 elements" or "3 of 1024 elements differ; byte 0x40 ...; ...".
std::string DescribeResult(const CompareResult& result);

}  // namespace cuda_runner
