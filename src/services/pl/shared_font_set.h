#pragma once

// The shared font memory that pl:u hands out: the six fonts back to back, each an 8-byte header
// (font_file.h) and the TrueType file, in type order from offset 0, as on the console (Ryujinx
// SharedFontManager.cs; yuzu walks a console's memory dump that way).

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "kernel/memory_objects.h"
#include "services/pl/font_sources.h"
#include "services/pl/shared_font_type.h"

namespace services::pl {

// libnx maps this much, read-only, and checks every font lies within it (services/pl.c,
// SHAREDMEMFONT_SIZE).
inline constexpr u32 kSharedFontMemorySize = 0x1100000;

// Where a font lies in the shared memory: what GetSharedMemoryAddressOffset and GetSize answer.
struct SharedFontRegion {
    u32 offset = 0;      // of the TrueType file, past its header
    u32 size = 0;        // of the TrueType file
    std::string source;  // the file it was made from
};

struct SharedFontSet {
    std::shared_ptr<kernel::SharedMemory> memory;
    // Per type; empty only when no font at all was found. A type whose own font is missing
    // holds another type's font: programs ask for types by number (libnx
    // plGetSharedFontByType), and a font renderer refuses an empty font.
    std::array<std::optional<SharedFontRegion>, kSharedFontTypeCount> fonts;

    // Null for a type without a font or a number that names no type.
    const SharedFontRegion* Find(u32 type) const;
};

// Reads the fonts and lays them out; a missing or damaged file is a warning naming it, and the
// next source is tried. Throws base::Error only when the host refuses the memory.
SharedFontSet BuildSharedFonts(const FontSources& sources);

}  // namespace services::pl
