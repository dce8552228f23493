#include "cpu/llvm/page_check_plan.h"

#include <algorithm>

#include "cpu/guest_memory.h"

namespace cpu::llvm_tier {
namespace {

// Encodings: Arm ARM C4.1.94 "Loads and Stores" (load/store register, immediate forms, and
// load/store register pair).
std::optional<BaseOffsetAccess> DecodeImmediate(u32 word) {
    const bool vector = Field(word, 26, 1) != 0;
    const unsigned size = Field(word, 30, 2);
    const unsigned opc = Field(word, 22, 2);
    if (!vector && opc == 2 && size == 3) {
        return std::nullopt;  // PRFM
    }
    // log2 of the bytes: size, or 4 for the 128-bit SIMD&FP form (opc<1> set).
    const unsigned scale = vector && (opc & 2) != 0 ? 4 : size;
    BaseOffsetAccess access{
        .base = Field(word, 5, 5),
        .count = 1,
        .offsets = {0, 0},
        .bytes = 1u << scale,
        .write = vector ? (opc & 1) == 0 : opc == 0,
        .written_back = std::nullopt,
    };
    if (Field(word, 24, 1) != 0) {  // unsigned offset
        access.offsets[0] = u64{Field(word, 10, 12)} << scale;
        return access;
    }
    const u64 offset = SignExtend(Field(word, 12, 9), 9);
    const unsigned mode = Field(word, 10, 2);  // 0 unscaled, 1 post-index, 2 unprivileged, 3 pre
    access.offsets[0] = mode == 1 ? 0 : offset;
    if (mode == 1 || mode == 3) {
        access.written_back = offset;
    }
    return access;
}

std::optional<BaseOffsetAccess> DecodePair(u32 word) {
    const unsigned opc = Field(word, 30, 2);
    const unsigned scale = Field(word, 26, 1) != 0 ? 2 + opc : (opc == 2 ? 3 : 2);
    const unsigned type = Field(word, 23, 2);  // 0 no-allocate, 1 post-index, 2 offset, 3 pre
    const u64 offset = SignExtend(Field(word, 15, 7), 7) << scale;
    const u64 first = type == 1 ? 0 : offset;
    return BaseOffsetAccess{
        .base = Field(word, 5, 5),
        .count = 2,
        .offsets = {first, first + (u64{1} << scale)},
        .bytes = 1u << scale,
        .write = Field(word, 22, 1) == 0,
        .written_back = type == 1 || type == 3 ? std::optional<u64>(offset) : std::nullopt,
    };
}

// The accesses off one base register since it last changed, in order.
struct OpenGroup {
    std::vector<AccessKey> keys;
    s64 low = 0;
    s64 high = 0;
    s64 lead_offset = 0;
    bool read = false;
    bool write = false;
};

class Planner {
public:
    void Add(u64 pc, u32 word) {
        const A64Op op = *Classify(word);
        const std::optional<BaseOffsetAccess> access = DecodeBaseOffsetAccess(op, word);
        if (!access) {
            Close(Field(word, 0, 5));
            if (op == A64Op::LoadStoreRegister || op == A64Op::LoadLiteral ||
                op == A64Op::SimdLoadReplicate || op == A64Op::LoadStoreImmediate) {
                Close(Field(word, 5, 5));  // LD1R's post-index writes its base
            }
            return;
        }
        for (unsigned index = 0; index < access->count; ++index) {
            Join(access->base, {pc, index}, static_cast<s64>(access->offsets[index]), access->bytes,
                 access->write);
        }
        if (access->written_back) {
            Close(access->base);
        }
        if (!access->write) {
            Close(Field(word, 0, 5));
            if (access->count == 2) {
                Close(Field(word, 10, 5));
            }
        }
    }

    PageCheckPlan Finish() {
        while (!open_.empty()) {
            Close(open_.begin()->first);
        }
        return std::move(plan_);
    }

private:
    void Join(unsigned base, AccessKey key, s64 offset, unsigned bytes, bool write) {
        OpenGroup& group = open_[base];
        const s64 end = offset + bytes;
        if (!group.keys.empty() &&
            std::max(group.high, end) - std::min(group.low, offset) > static_cast<s64>(kPageSize)) {
            Close(base);  // more than a page apart: the next accesses start a check of their own
            return Join(base, key, offset, bytes, write);
        }
        if (group.keys.empty()) {
            group.low = offset;
            group.high = end;
            group.lead_offset = offset;
        }
        group.keys.push_back(key);
        group.low = std::min(group.low, offset);
        group.high = std::max(group.high, end);
        (write ? group.write : group.read) = true;
    }

    // The base register changes (or the block ends): its accesses so far share one check if
    // there are several.
    void Close(unsigned base) {
        const auto found = open_.find(base);
        if (found == open_.end()) {
            return;
        }
        const OpenGroup& group = found->second;
        if (group.keys.size() > 1) {
            const std::size_t index = plan_.checks.size();
            plan_.checks.push_back({
                .base = base,
                .low = group.low,
                .high = group.high,
                .lead_offset = group.lead_offset,
                .read = group.read,
                .write = group.write,
            });
            plan_.leads[group.keys.front()] = index;
            for (std::size_t member = 1; member < group.keys.size(); ++member) {
                plan_.covered[group.keys[member]] = index;
            }
        }
        open_.erase(found);
    }

    std::map<unsigned, OpenGroup> open_;
    PageCheckPlan plan_;
};

}  // namespace

std::optional<BaseOffsetAccess> DecodeBaseOffsetAccess(A64Op op, u32 word) {
    switch (op) {
        case A64Op::LoadStoreImmediate:
            return DecodeImmediate(word);
        case A64Op::LoadStorePair:
            return DecodePair(word);
        default:
            return std::nullopt;
    }
}

PageCheckPlan PlanPageChecks(const std::vector<std::pair<u64, u32>>& block) {
    Planner planner;
    for (const auto& [pc, word] : block) {
        planner.Add(pc, word);
    }
    return planner.Finish();
}

}  // namespace cpu::llvm_tier
