#pragma once

// A game's settings: profiles/<title id>/game.tsv, one "key<TAB>value" a line.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace profile {

class GameProfile {
public:
    // An empty profile: every getter answers nullopt, so callers fall back to their defaults.
    GameProfile() = default;

    // Parses a profile's text. `source` names it in errors ("game.tsv:7: ..."). Lines are a key,
    // then tabs or spaces, then the value; blank lines and lines starting with '#' are skipped.
    // A known key with a bad value, a duplicate key or a line without a value throws base::Error
    // naming the source and line.
    static GameProfile Parse(std::string_view text, std::string source);
    static GameProfile Load(const std::filesystem::path& file);

    // Where the settings came from: a file's path, or empty for defaults.
    const std::string& Source() const { return source_; }

    // Typed getters for the keys this library knows (validated when parsed).
    std::optional<u64> GetSize(std::string_view key) const;
    std::optional<bool> GetSwitch(std::string_view key) const;
    // A key of a few words (gpu_timestamps, draw_barriers): the word, validated when parsed.
    std::optional<std::string> GetChoice(std::string_view key) const;
    // Any key, as written.
    std::optional<std::string> GetText(std::string_view key) const;
    // A key its reader validates itself (pad_layout): the value, and "file:line" for its
    // errors.
    struct LocatedText {
        std::string value;
        std::string where;
    };
    std::optional<LocatedText> GetLocatedText(std::string_view key) const;

    // Keys no getter of this library knows, kept for the subsystems that will read them.
    std::vector<std::string> UnknownKeys() const;
    // The same, each with its "file:line", for the warning that names a mistyped key.
    std::vector<LocatedText> UnknownKeyLocations() const;

private:
    struct Entry {
        std::string value;
        unsigned line = 0;
    };
    const Entry* Find(std::string_view key) const;
    [[noreturn]] void FailAt(const Entry& entry, std::string_view key,
                             std::string_view expected) const;

    std::string source_;
    std::map<std::string, Entry, std::less<>> entries_;
};

// Keys and their value kinds, as the seed's profiles use them.
// Choice: one of the key's own words (gpu_timestamps segment).
enum class ValueKind { Size, Switch, Text, Choice };
std::optional<ValueKind> KnownKeyKind(std::string_view key);

// Parsers shared with the getters: "0x..." or decimal sizes, "on"/"off" switches.
std::optional<u64> ParseSize(std::string_view text);
std::optional<bool> ParseSwitch(std::string_view text);

}  // namespace profile
