#include "profile/game_profile.h"

#include <algorithm>
#include <charconv>
#include <span>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/error.h"
#include "base/file.h"

namespace profile {
namespace {

struct KnownKey {
    std::string_view name;
    ValueKind kind;
    std::span<const std::string_view> choices = {};  // a Choice key's words
};

// The words of the GPU keys that are not on/off switches: the first is the default.
constexpr std::string_view kGpuTimestampsChoices[] = {"submission", "segment"};
constexpr std::string_view kDrawBarriersChoices[] = {"full", "game"};

// The memory keys of the seed's profiles (issue 3), pad_layout (validated by hid's PadLayout
// when a run reads it), fps_target (validated with the display's pacing), the console
// model's console and docked, and the GPU keys (issue 17, gpu::GpuSettings). Other keys stay
// text until the subsystem that reads them registers their kind here.
constexpr KnownKey kKnownKeys[] = {
    {"mem_reserve", ValueKind::Size},
    {"mem_alias", ValueKind::Size},
    {"mem_stack", ValueKind::Size},
    {"app_pool", ValueKind::Size},
    {"mem_map_limit", ValueKind::Switch},
    {"sys_resource", ValueKind::Size},
    {"pad_layout", ValueKind::Text},
    {"console", ValueKind::Text},
    {"docked", ValueKind::Switch},
    {"fps_target", ValueKind::Text},
    {"render_cond", ValueKind::Switch},
    {"gpu_timestamps", ValueKind::Choice, kGpuTimestampsChoices},
    {"draw_barriers", ValueKind::Choice, kDrawBarriersChoices},
    {"tex_flush_upload", ValueKind::Switch},
    {"tex_dirty_upload", ValueKind::Switch},
    {"shader_groups", ValueKind::Switch},
};

const KnownKey* FindKnownKey(std::string_view key) {
    for (const KnownKey& known : kKnownKeys) {
        if (known.name == key) {
            return &known;
        }
    }
    return nullptr;
}

bool IsChoice(const KnownKey& known, std::string_view value) {
    return std::find(known.choices.begin(), known.choices.end(), value) != known.choices.end();
}

std::string_view Trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) {
        return {};
    }
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

std::string_view KindName(ValueKind kind) {
    switch (kind) {
        case ValueKind::Size:
            return "a size (0x hexadecimal or decimal bytes)";
        case ValueKind::Switch:
            return "on or off";
        case ValueKind::Text:
            return "text";
        case ValueKind::Choice:
            return "one of its words";
    }
    return "?";
}

// What a key's value should have been, for its error.
std::string Expected(const KnownKey& known) {
    if (known.kind == ValueKind::Choice) {
        return fmt::format("one of {}", fmt::join(known.choices, ", "));
    }
    return std::string(KindName(known.kind));
}

}  // namespace

std::optional<ValueKind> KnownKeyKind(std::string_view key) {
    const KnownKey* known = FindKnownKey(key);
    return known ? std::optional(known->kind) : std::nullopt;
}

std::optional<u64> ParseSize(std::string_view text) {
    int radix = 10;
    if (text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        radix = 16;
    }
    if (text.empty()) {
        return std::nullopt;
    }
    u64 value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, radix);
    if (error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

std::optional<bool> ParseSwitch(std::string_view text) {
    if (text == "on") {
        return true;
    }
    if (text == "off") {
        return false;
    }
    return std::nullopt;
}

GameProfile GameProfile::Parse(std::string_view text, std::string source) {
    GameProfile profile;
    profile.source_ = std::move(source);
    unsigned line_number = 0;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        const std::string_view raw = text.substr(0, newline);
        text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
        ++line_number;
        const std::string_view line = Trim(raw);
        if (line.empty() || line.front() == '#') {
            continue;
        }
        const auto separator = line.find_first_of(" \t");
        if (separator == std::string_view::npos) {
            base::Fail("{}:{}: '{}' has no value (expected a key, a tab, then the value)",
                       profile.source_, line_number, line);
        }
        const std::string key(line.substr(0, separator));
        const Entry entry{std::string(Trim(line.substr(separator))), line_number};
        if (const Entry* earlier = profile.Find(key)) {
            base::Fail("{}:{}: '{}' was already set on line {}", profile.source_, line_number, key,
                       earlier->line);
        }
        if (const KnownKey* known = FindKnownKey(key)) {
            const ValueKind kind = known->kind;
            const bool valid = (kind == ValueKind::Size && ParseSize(entry.value)) ||
                               (kind == ValueKind::Switch && ParseSwitch(entry.value)) ||
                               (kind == ValueKind::Choice && IsChoice(*known, entry.value)) ||
                               kind == ValueKind::Text;
            if (!valid) {
                profile.FailAt(entry, key, Expected(*known));
            }
        }
        profile.entries_.emplace(key, entry);
    }
    return profile;
}

GameProfile GameProfile::Load(const std::filesystem::path& file) {
    const std::vector<u8> bytes = base::ReadFile(file);
    return Parse({reinterpret_cast<const char*>(bytes.data()), bytes.size()}, file.string());
}

const GameProfile::Entry* GameProfile::Find(std::string_view key) const {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

void GameProfile::FailAt(const Entry& entry, std::string_view key,
                         std::string_view expected) const {
    base::Fail("{}:{}: {} is '{}', expected {}", source_, entry.line, key, entry.value, expected);
}

std::optional<u64> GameProfile::GetSize(std::string_view key) const {
    const Entry* entry = Find(key);
    if (entry == nullptr) {
        return std::nullopt;
    }
    const auto value = ParseSize(entry->value);
    if (!value) {
        FailAt(*entry, key, KindName(ValueKind::Size));
    }
    return value;
}

std::optional<bool> GameProfile::GetSwitch(std::string_view key) const {
    const Entry* entry = Find(key);
    if (entry == nullptr) {
        return std::nullopt;
    }
    const auto value = ParseSwitch(entry->value);
    if (!value) {
        FailAt(*entry, key, KindName(ValueKind::Switch));
    }
    return value;
}

std::optional<std::string> GameProfile::GetChoice(std::string_view key) const {
    const KnownKey* known = FindKnownKey(key);
    if (known == nullptr || known->kind != ValueKind::Choice) {
        base::Fail("{}: '{}' is not a key with words of its own", source_, key);
    }
    const Entry* entry = Find(key);
    return entry ? std::optional<std::string>(entry->value) : std::nullopt;
}

std::optional<std::string> GameProfile::GetText(std::string_view key) const {
    const Entry* entry = Find(key);
    return entry ? std::optional<std::string>(entry->value) : std::nullopt;
}

std::optional<GameProfile::LocatedText> GameProfile::GetLocatedText(std::string_view key) const {
    const Entry* entry = Find(key);
    if (entry == nullptr) {
        return std::nullopt;
    }
    return LocatedText{entry->value, fmt::format("{}:{}", source_, entry->line)};
}

std::vector<std::string> GameProfile::UnknownKeys() const {
    std::vector<std::string> keys;
    for (const auto& [key, entry] : entries_) {
        if (!KnownKeyKind(key)) {
            keys.push_back(key);
        }
    }
    return keys;
}

std::vector<GameProfile::LocatedText> GameProfile::UnknownKeyLocations() const {
    std::vector<LocatedText> keys;
    for (const std::string& key : UnknownKeys()) {
        keys.push_back({key, fmt::format("{}:{}", source_, Find(key)->line)});
    }
    return keys;
}

}  // namespace profile
