#pragma once

#include <mutex>
#include <optional>

#include "services/pl/font_sources.h"
#include "services/pl/shared_font_set.h"

namespace services::pl {

// The one shared font memory of a run, whichever of pl:u / pl:s the guest opens. Built on
// first use, since it reads some 15 MB of font files that a program without text never needs.
class SharedFontState {
public:
    explicit SharedFontState(FontSources sources) : sources_(std::move(sources)) {}

    const SharedFontSet& Fonts() {
        std::call_once(built_, [this] { fonts_ = BuildSharedFonts(sources_); });
        return *fonts_;
    }

private:
    const FontSources sources_;
    std::once_flag built_;
    std::optional<SharedFontSet> fonts_;
};

}  // namespace services::pl
