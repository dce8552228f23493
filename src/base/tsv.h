#pragma once

// Tab-separated lines, as nxhost's profiles, statistics and bench histories are written.

#include <string_view>
#include <vector>

namespace base {

// The fields of one line, split at every tab (empty fields kept; no tab: the line itself).
inline std::vector<std::string_view> SplitTabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (;;) {
        const std::size_t tab = line.find('\t');
        fields.push_back(line.substr(0, tab));
        if (tab == std::string_view::npos) {
            return fields;
        }
        line.remove_prefix(tab + 1);
    }
}

}  // namespace base
