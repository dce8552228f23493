#include "services/pl/shared_font_set.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "base/error.h"
#include "base/file.h"
#include "base/log.h"
#include "services/pl/font_file.h"

namespace services::pl {
namespace {

struct LoadedFont {
    std::vector<u8> ttf;
    std::string source;
};
using FontPtr = std::shared_ptr<const LoadedFont>;

// Reads each file once, however many types it stands in for, and warns once about it.
class FontLoader {
public:
    // The font in `path`, null when it is missing or damaged. `package` is the Debian package
    // of a host font, named when the file is missing; empty for the user's dump, whose files
    // are optional.
    FontPtr Load(const std::filesystem::path& path, std::string_view package) {
        const auto [entry, inserted] = cache_.try_emplace(path);
        if (!inserted) {
            return entry->second;
        }
        std::error_code error;
        if (!std::filesystem::exists(path, error)) {
            if (!package.empty()) {
                LOG_WARNING("pl",
                            "{} is missing: install the Debian package {} (scripts/setup does)",
                            path.string(), package);
            }
            return nullptr;
        }
        try {
            entry->second = std::make_shared<const LoadedFont>(
                LoadedFont{DecodeFontFile(base::ReadFile(path), path.string()), path.string()});
        } catch (const base::Error& failure) {
            LOG_WARNING("pl", "{}", failure.what());
        }
        return entry->second;
    }

private:
    std::map<std::filesystem::path, FontPtr> cache_;
};

FontPtr FindFont(const FontSources& sources, SharedFontType type, FontLoader& loader) {
    if (!sources.dump_folder.empty()) {
        for (const char* extension : {".bfttf", ".ttf"}) {
            const auto path = sources.dump_folder / (std::string(DumpFileStem(type)) + extension);
            if (auto font = loader.Load(path, {})) {
                return font;
            }
        }
    }
    for (const HostFont& host : sources.host_fonts[Index(type)]) {
        if (auto font = loader.Load(host.path, host.package)) {
            return font;
        }
    }
    return nullptr;
}

}  // namespace

const SharedFontRegion* SharedFontSet::Find(u32 type) const {
    return type < fonts.size() && fonts[type].has_value() ? &*fonts[type] : nullptr;
}

SharedFontSet BuildSharedFonts(const FontSources& sources) {
    FontLoader loader;
    std::array<FontPtr, kSharedFontTypeCount> chosen;
    for (const SharedFontType type : kAllSharedFontTypes) {
        chosen[Index(type)] = FindFont(sources, type, loader);
    }
    // A type without a font of its own gets another's, Standard's when there is one: a
    // program asks for fonts by type, and a renderer that opens every listed font (nx-hbmenu
    // common/font.c) gives up on an empty one.
    const auto any = std::find_if(chosen.begin(), chosen.end(),
                                  [](const FontPtr& font) { return font != nullptr; });
    if (any == chosen.end()) {
        LOG_ERROR("pl",
                  "no shared font at all: the guest gets none and draws no text. Install the "
                  "Debian packages fonts-open-sans, fonts-droid-fallback and fonts-dejavu-core "
                  "(scripts/setup does), or put a console's font files in {}",
                  sources.dump_folder.string());
    }
    for (const SharedFontType type : kAllSharedFontTypes) {
        if (chosen[Index(type)] == nullptr && any != chosen.end()) {
            chosen[Index(type)] = *any;
            LOG_WARNING("pl", "no {} font: {} stands in for it", SharedFontTypeName(type),
                        (*any)->source);
        }
    }

    SharedFontSet set;
    set.memory = kernel::SharedMemory::Create(kSharedFontMemorySize, cpu::Permission::Read);
    u8* const memory = set.memory->HostData();
    u64 offset = 0;
    for (const SharedFontType type : kAllSharedFontTypes) {
        const FontPtr& font = chosen[Index(type)];
        if (font == nullptr) {
            continue;
        }
        const u64 size = font->ttf.size();
        if (offset + kFontHeaderSize + size <= kSharedFontMemorySize) {
            WriteSharedFontHeader(std::span<u8, kFontHeaderSize>(memory + offset, kFontHeaderSize),
                                  static_cast<u32>(size));
            std::memcpy(memory + offset + kFontHeaderSize, font->ttf.data(), size);
            const auto& region = set.fonts[Index(type)] = SharedFontRegion{
                static_cast<u32>(offset + kFontHeaderSize), static_cast<u32>(size), font->source};
            LOG_DEBUG("pl", "{} font: {} ({} bytes at {:#x})", SharedFontTypeName(type),
                      region->source, region->size, region->offset);
            offset += kFontHeaderSize + size;
            continue;
        }
        // No room left (a dump larger than the console's, or many stand-ins): the type shares
        // the region of a font placed before it, of the same file if there is one.
        const SharedFontRegion* shared = nullptr;
        for (const bool same_file : {true, false}) {
            for (std::size_t earlier = 0; earlier < Index(type) && shared == nullptr; ++earlier) {
                const auto& placed = set.fonts[earlier];
                if (placed.has_value() && (!same_file || placed->source == font->source)) {
                    shared = &*placed;
                }
            }
        }
        if (shared != nullptr) {
            set.fonts[Index(type)] = *shared;
        }
        LOG_WARNING("pl", "{} font: {} ({} bytes) does not fit the {:#x} bytes of shared memory{}",
                    SharedFontTypeName(type), font->source, size, kSharedFontMemorySize,
                    shared != nullptr ? fmt::format("; {} stands in for it", shared->source)
                                      : std::string("; the type has no font"));
    }
    return set;
}

}  // namespace services::pl
