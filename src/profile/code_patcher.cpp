#include "profile/code_patcher.h"

#include <cstring>

#include <fmt/format.h>

#include "base/log.h"

namespace profile {
namespace {

constexpr u32 kRet = 0xd65f03c0;
constexpr u32 kScratchRegister = 16;  // X16 (IP0): a call may clobber it, so an entry may too

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

// B when the target lies within its +-128 MiB, else ADRP X16 / ADD X16 :lo12: / BR X16 (any
// target within +-4 GiB, which every module of a process is).
std::vector<u32> BranchStub(u64 from, u64 to) {
    const s64 distance = static_cast<s64>(to - from);
    if (distance >= -(s64{1} << 27) && distance < (s64{1} << 27)) {
        return {0x14000000 | (static_cast<u32>(distance >> 2) & 0x3ffffff)};
    }
    const s64 pages = static_cast<s64>(to >> 12) - static_cast<s64>(from >> 12);
    const u32 immlo = static_cast<u32>(pages) & 3;
    const u32 immhi = static_cast<u32>(pages >> 2) & 0x7ffff;
    const u32 low12 = static_cast<u32>(to & 0xfff);
    return {0x90000000 | immlo << 29 | immhi << 5 | kScratchRegister,
            0x91000000 | low12 << 10 | kScratchRegister << 5 | kScratchRegister,
            0xd61f0000 | kScratchRegister << 5};
}

// The host computes the value (HostCall), then the function returns.
std::vector<u32> HostCallStub() {
    return {0xd4000001 | u32{kHostCallSvc} << 5, kRet};
}

std::string NameOf(const CodePatch& patch) {
    const std::string fingerprint = patch.fingerprint.ToString();
    return patch.comment.empty() ? fingerprint : fmt::format("{} ({})", fingerprint, patch.comment);
}

// Where a fingerprint is found in the program's code: every match, and the module and offset
// of the last one (the place, when there is exactly one).
struct Search {
    std::vector<PatchPlacement::Match> matches;
    const CodeModule* module = nullptr;
    u64 offset = 0;  // in the module's text

    u64 Address() const { return module->base + module->text_offset + offset; }
    std::string Location() const {
        return fmt::format("{}+{:#x}", module->name, matches[0].offset);
    }
    std::string Places() const {
        std::string places;
        for (const auto& match : matches) {
            places +=
                fmt::format("{}{}+{:#x}", places.empty() ? "" : ", ", match.module, match.offset);
        }
        return places;
    }
};

Search Find(const CodeFingerprint& fingerprint, std::span<const CodeModule> code) {
    Search search;
    for (const CodeModule& module : code) {
        for (const u64 offset : FindFingerprint(module.text, fingerprint)) {
            search.matches.push_back({std::string(module.name), module.text_offset + offset});
            search.module = &module;
            search.offset = offset;
        }
    }
    return search;
}

// Why a search that must find exactly one place did not, or empty when it did.
std::string Unplaceable(const Search& search, std::string_view what) {
    if (search.matches.empty()) {
        return fmt::format("{} matches no code", what);
    }
    if (search.matches.size() > 1) {
        return fmt::format("{} matches {} places ({})", what, search.matches.size(),
                           search.Places());
    }
    return "";
}

PatchPlacement Place(const CodePatch& patch, std::span<const CodeModule> code) {
    PatchPlacement placement;
    const Search site = Find(patch.fingerprint, code);
    placement.matches = site.matches;
    const std::string name = NameOf(patch);
    if (const std::string why = Unplaceable(site, fmt::format("{} ({})", name, patch.where));
        !why.empty()) {
        placement.message = fmt::format("patch: {}: left out", why);
        return placement;
    }
    std::vector<u32> stub;
    std::string what;
    switch (patch.action) {
        case PatchAction::Return:
            stub = ReturnStub(patch.return_value);
            what = fmt::format("stubbed to return {:#x}", patch.return_value);
            break;
        case PatchAction::Branch: {
            const Search target = Find(patch.branch_target, code);
            if (const std::string why = Unplaceable(
                    target, fmt::format("its replacement {}", patch.branch_target.ToString()));
                !why.empty()) {
                placement.message = fmt::format("patch: {} ({}) found at {}, but {}: left out",
                                                name, patch.where, site.Location(), why);
                return placement;
            }
            stub = BranchStub(site.Address(), target.Address());
            what = fmt::format("branches to {} ({:#x})", target.Location(), target.Address());
            break;
        }
        case PatchAction::FrameStep:
            stub = HostCallStub();
            placement.host_call = site.Address();
            what = fmt::format("returns the host's frame step in frames at {} a second",
                               patch.frame_step_base);
            break;
    }
    if (stub.size() > patch.fingerprint.words) {
        // The words past the fingerprint may be another function's.
        placement.message = fmt::format(
            "patch: {} ({}) found at {}, but its stub takes {} words and the fingerprint covers "
            "{}: left out",
            name, patch.where, site.Location(), stub.size(), patch.fingerprint.words);
        placement.host_call.reset();
        return placement;
    }
    std::memcpy(site.module->text.data() + site.offset, stub.data(), stub.size() * sizeof(u32));
    placement.placed = true;
    placement.message = fmt::format("patch: {} found at {} ({:#x}), {}", name, site.Location(),
                                    site.Address(), what);
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
