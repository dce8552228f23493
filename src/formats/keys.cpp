#include "formats/keys.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "base/error.h"
#include "base/sha256.h"

namespace formats {

namespace {

std::string_view Trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
        text.remove_prefix(1);
    }
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
        text.remove_suffix(1);
    }
    return text;
}

std::optional<std::vector<u8>> ParseHex(std::string_view hex) {
    if (hex.size() % 2 != 0) {
        return std::nullopt;
    }
    std::vector<u8> bytes;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        auto digit = [](char c) -> int {
            if (c >= '0' && c <= '9')
                return c - '0';
            if (c >= 'a' && c <= 'f')
                return c - 'a' + 10;
            if (c >= 'A' && c <= 'F')
                return c - 'A' + 10;
            return -1;
        };
        const int high = digit(hex[i]);
        const int low = digit(hex[i + 1]);
        if (high < 0 || low < 0) {
            return std::nullopt;
        }
        bytes.push_back(static_cast<u8>(high * 16 + low));
    }
    return bytes;
}

std::string Lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

void ParseInto(std::string_view text, const std::string& source,
               std::map<std::string, std::vector<u8>>& into) {
    std::size_t line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++line_number;
        line = Trim(line.substr(0, line.find_first_of(";#")));
        if (line.empty()) {
            continue;
        }
        const std::size_t equals = line.find_first_of("=,");
        if (equals == std::string_view::npos) {
            base::Fail("{}:{}: expected \"name = hex value\"", source, line_number);
        }
        const std::string name = Lower(Trim(line.substr(0, equals)));
        const auto value = ParseHex(Trim(line.substr(equals + 1)));
        if (name.empty() || !value || value->empty()) {
            base::Fail("{}:{}: \"{}\" does not have a hex value", source, line_number, name);
        }
        into[name] = *value;
    }
}

std::string ReadText(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) {
        return {};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

KeySet KeySet::Parse(std::string_view prod_keys, std::string prod_source,
                     std::string_view title_keys, std::string title_source) {
    KeySet keys;
    keys.prod_source_ = std::move(prod_source);
    keys.title_source_ = std::move(title_source);
    ParseInto(prod_keys, keys.prod_source_, keys.keys_);
    ParseInto(title_keys, keys.title_source_, keys.title_keys_);
    return keys;
}

KeySet KeySet::LoadFolder(const std::filesystem::path& folder) {
    const auto prod = folder / "prod.keys";
    const auto title = folder / "title.keys";
    return Parse(ReadText(prod), prod.string(), ReadText(title), title.string());
}

std::filesystem::path KeySet::DefaultFolder() {
    const char* data_home = std::getenv("XDG_DATA_HOME");
    std::filesystem::path base;
    if (data_home && *data_home) {
        base = data_home;
    } else {
        const char* home = std::getenv("HOME");
        base = std::filesystem::path(home ? home : ".") / ".local" / "share";
    }
    return base / "nxhost" / "keys";
}

std::vector<u8> KeySet::Require(std::string_view name, std::size_t size,
                                std::string_view purpose) const {
    const auto it = keys_.find(std::string(name));
    if (it == keys_.end()) {
        base::Fail("key \"{}\" is missing from {} (needed {})", name, prod_source_, purpose);
    }
    if (it->second.size() != size) {
        base::Fail("key \"{}\" in {} has {} bytes, {} expected", name, prod_source_,
                   it->second.size(), size);
    }
    return it->second;
}

Key128 KeySet::Require128(std::string_view name, std::string_view purpose) const {
    const auto bytes = Require(name, 16, purpose);
    Key128 key{};
    std::copy(bytes.begin(), bytes.end(), key.begin());
    return key;
}

Key256 KeySet::Require256(std::string_view name, std::string_view purpose) const {
    const auto bytes = Require(name, 32, purpose);
    Key256 key{};
    std::copy(bytes.begin(), bytes.end(), key.begin());
    return key;
}

Key128 KeySet::RequireTitleKey(std::span<const u8> rights_id, std::string_view purpose) const {
    const std::string id = base::ToHex(rights_id);
    const auto it = title_keys_.find(id);
    if (it == title_keys_.end()) {
        base::Fail("title key for rights id {} is missing from {} (needed {})", id, title_source_,
                   purpose);
    }
    if (it->second.size() != 16) {
        base::Fail("title key for rights id {} in {} has {} bytes, 16 expected", id, title_source_,
                   it->second.size());
    }
    Key128 key{};
    std::copy(it->second.begin(), it->second.end(), key.begin());
    return key;
}

}  // namespace formats
