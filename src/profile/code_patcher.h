#pragma once

// Places a patch list in a program's loaded code: each patch where its fingerprint matches,
// once in all the program's modules.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "profile/patch_list.h"

namespace profile {

// The supervisor call a patch places where the host computes the function's answer: a number
// no Horizon SVC uses (they are below 0x80); the kernel runs the host's code for the address.
inline constexpr u16 kHostCallSvc = 0x4e58;

// One module's code as loaded, writable until the guest runs.
struct CodeModule {
    std::string_view name;
    u64 base = 0;         // its guest address, for the log
    u64 text_offset = 0;  // where text lies from the module's start
    std::span<u8> text;
};

// What became of one patch: where it matched (module and offset from the module's start) and
// whether it was placed; `message` is the line logged for it.
struct PatchPlacement {
    struct Match {
        std::string module;
        u64 offset = 0;
    };
    std::vector<Match> matches;
    bool placed = false;
    // A placed frame-step: the guest address of its `SVC #kHostCallSvc`, which the kernel must
    // answer (kernel::HostCall).
    std::optional<u64> host_call;
    std::string message;
};

// Every patch of `list`, in order: placed (and logged at info) when its fingerprint matches
// exactly once (and a branch's replacement too); left out with a warning naming it when it
// matches nowhere, more than once, or covers fewer words than its stub writes.
std::vector<PatchPlacement> PlacePatches(const PatchList& list, std::span<const CodeModule> code);

}  // namespace profile
