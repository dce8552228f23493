#include "services/bsd/hosts_file.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace services::bsd {
namespace {

bool EqualIgnoringCase(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

// The characters of a DNS name (RFC 1123 labels, with '_' as resolvers accept it).
bool IsHostName(std::string_view name) {
    return !name.empty() && name.size() <= 253 && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_';
    });
}

std::vector<std::string> Words(std::string_view line) {
    std::vector<std::string> words;
    std::istringstream stream{std::string(line)};
    for (std::string word; stream >> word;) {
        words.push_back(std::move(word));
    }
    return words;
}

}  // namespace

bool HostAddress::Parse(std::string_view text, HostAddress& address) {
    const std::string terminated(text);
    HostAddress parsed;
    if (inet_pton(AF_INET, terminated.c_str(), parsed.bytes.data()) == 1) {
        address = parsed;
        return true;
    }
    parsed.ipv6 = true;
    if (inet_pton(AF_INET6, terminated.c_str(), parsed.bytes.data()) == 1) {
        address = parsed;
        return true;
    }
    return false;
}

std::string HostAddress::ToString() const {
    char text[INET6_ADDRSTRLEN] = {};
    inet_ntop(ipv6 ? AF_INET6 : AF_INET, bytes.data(), text, sizeof(text));
    return text;
}

HostsFile HostsFile::Parse(std::string_view text, std::string_view source,
                           std::vector<std::string>& errors) {
    HostsFile file;
    std::size_t line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        line = line.substr(0, line.find('#'));
        const std::vector<std::string> words = Words(line);
        if (words.empty()) {
            continue;
        }
        const auto error = [&](const std::string& what) {
            errors.push_back(fmt::format("{}:{}: {}", source, line_number, what));
        };
        HostsEntry entry;
        if (!HostAddress::Parse(words[0], entry.address)) {
            error(fmt::format("\"{}\" is not an IPv4 or IPv6 address", words[0]));
            continue;
        }
        if (words.size() < 2) {
            error(fmt::format("{} has no name", words[0]));
            continue;
        }
        const auto bad_name =
            std::find_if(words.begin() + 1, words.end(),
                         [](const std::string& word) { return !IsHostName(word); });
        if (bad_name != words.end()) {
            error(fmt::format("\"{}\" is not a host name", *bad_name));
            continue;
        }
        entry.name = words[1];
        entry.aliases.assign(words.begin() + 2, words.end());
        file.entries_.push_back(std::move(entry));
    }
    return file;
}

HostsFile HostsFile::Load(const std::filesystem::path& path, std::vector<std::string>& errors) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
        errors.push_back(fmt::format("{}: cannot be read", path.string()));
        return {};
    }
    std::ostringstream text;
    text << stream.rdbuf();
    return Parse(text.str(), path.string(), errors);
}

std::vector<const HostsEntry*> HostsFile::FindByName(std::string_view name) const {
    std::vector<const HostsEntry*> found;
    for (const HostsEntry& entry : entries_) {
        const bool named =
            EqualIgnoringCase(entry.name, name) ||
            std::any_of(entry.aliases.begin(), entry.aliases.end(),
                        [&](const std::string& alias) { return EqualIgnoringCase(alias, name); });
        if (named) {
            found.push_back(&entry);
        }
    }
    return found;
}

const HostsEntry* HostsFile::FindByAddress(const HostAddress& address) const {
    const auto found = std::find_if(entries_.begin(), entries_.end(), [&](const HostsEntry& entry) {
        return entry.address == address;
    });
    return found == entries_.end() ? nullptr : &*found;
}

}  // namespace services::bsd
