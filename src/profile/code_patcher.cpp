#include "profile/code_patcher.h"

#include <cstring>

#include <fmt/format.h>

#include "base/log.h"

namespace profile {
namespace {

constexpr u32 kRet = 0xd65f03c0;

// MOVZ X0 with the value's low 16 bits, a MOVK X0 for each higher 16 bits that are not zero,
// then RET.
std::vector<u32> ReturnStub(u64 value) {
    std::vector<u32> words{0xd2800000 | static_cast<u32>(value & 0xffff) << 5};
    for (u32 shift = 1; shift < 4; ++shift) {
        const u32 part = static_cast<u32>(value >> (16 * shift)) & 0xffff;
        if (part != 0) {
            words.push_back(0xf2800000 | shift << 21 | part << 5);
        }
    }
    words.push_back(kRet);
    return words;
}

std::string NameOf(const CodePatch& patch) {
    const std::string fingerprint = patch.fingerprint.ToString();
    return patch.comment.empty() ? fingerprint : fmt::format("{} ({})", fingerprint, patch.comment);
}

PatchPlacement Place(const CodePatch& patch, std::span<const CodeModule> code) {
    PatchPlacement placement;
    const CodeModule* found_in = nullptr;
    u64 found_at = 0;
    for (const CodeModule& module : code) {
        for (const u64 offset : FindFingerprint(module.text, patch.fingerprint)) {
            placement.matches.push_back({std::string(module.name), module.text_offset + offset});
            found_in = &module;
            found_at = offset;
        }
    }
    if (placement.matches.empty()) {
        placement.message =
            fmt::format("patch: {} ({}) matches no code: left out", NameOf(patch), patch.where);
        return placement;
    }
    if (placement.matches.size() > 1) {
        std::string where;
        for (const auto& match : placement.matches) {
            where +=
                fmt::format("{}{}+{:#x}", where.empty() ? "" : ", ", match.module, match.offset);
        }
        placement.message =
            fmt::format("patch: {} ({}) matches {} places ({}): left out", NameOf(patch),
                        patch.where, placement.matches.size(), where);
        return placement;
    }
    const std::vector<u32> stub = ReturnStub(patch.return_value);
    const std::string location =
        fmt::format("{}+{:#x}", found_in->name, placement.matches.front().offset);
    if (stub.size() > patch.fingerprint.words) {
        // The words past the fingerprint may be another function's.
        placement.message = fmt::format(
            "patch: {} ({}) found at {}, but its stub takes {} words and the fingerprint covers "
            "{}: left out",
            NameOf(patch), patch.where, location, stub.size(), patch.fingerprint.words);
        return placement;
    }
    std::memcpy(found_in->text.data() + found_at, stub.data(), stub.size() * sizeof(u32));
    placement.placed = true;
    placement.message = fmt::format(
        "patch: {} found at {} ({:#x}), stubbed to return {:#x}", NameOf(patch), location,
        found_in->base + placement.matches.front().offset, patch.return_value);
    return placement;
}

}  // namespace

std::vector<PatchPlacement> PlacePatches(const PatchList& list, std::span<const CodeModule> code) {
    std::vector<PatchPlacement> placements;
    for (const CodePatch& patch : list.Patches()) {
        PatchPlacement placement = Place(patch, code);
        if (placement.placed) {
            LOG_INFO("profile", "{}", placement.message);
        } else {
            LOG_WARNING("profile", "{}", placement.message);
        }
        placements.push_back(std::move(placement));
    }
    return placements;
}

}  // namespace profile
