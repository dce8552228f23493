#pragma once

// The user's console keys: `prod.keys` ("name = hex" lines: header_key,
// key_area_key_application_XX, titlekek_XX …) and `title.keys` ("rights id = encrypted title
// key"), read from $XDG_DATA_HOME/nxhost/keys/. nxhost ships no keys; an operation that needs
// a missing one fails naming the key and the file it was looked for in.

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace formats {

using Key128 = std::array<u8, 16>;
using Key256 = std::array<u8, 32>;

class KeySet {
public:
    KeySet() = default;

    // Parses the two files' text; `*_source` name them in errors. Malformed lines are errors.
    static KeySet Parse(std::string_view prod_keys, std::string prod_source,
                        std::string_view title_keys, std::string title_source);
    // Reads prod.keys and title.keys from `folder`; a missing file counts as empty, so that
    // only an operation that needs a key fails.
    static KeySet LoadFolder(const std::filesystem::path& folder);
    // $XDG_DATA_HOME/nxhost/keys (default ~/.local/share/nxhost/keys).
    static std::filesystem::path DefaultFolder();
    static KeySet LoadDefault() { return LoadFolder(DefaultFolder()); }

    bool Has(std::string_view name) const { return keys_.count(std::string(name)) != 0; }
    Key128 Require128(std::string_view name, std::string_view purpose) const;
    Key256 Require256(std::string_view name, std::string_view purpose) const;
    // The encrypted title key for a rights id (32 hex digits), or fails naming the rights id.
    Key128 RequireTitleKey(std::span<const u8> rights_id, std::string_view purpose) const;

private:
    std::vector<u8> Require(std::string_view name, std::size_t size,
                            std::string_view purpose) const;

    std::map<std::string, std::vector<u8>> keys_;
    std::map<std::string, std::vector<u8>> title_keys_;  // rights id (lowercase hex) -> key
    std::string prod_source_ = "prod.keys";
    std::string title_source_ = "title.keys";
};

}  // namespace formats
