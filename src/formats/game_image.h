#pragma once

// Any game image nxhost reads, opened by its kind: a NUP image, an NSP, an XCI, an NCA, a
// RomFS image, an extracted game folder (exefs/ and romfs/), an ExeFS folder or an NRO.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "formats/file_tree.h"
#include "formats/keys.h"

namespace formats {

// `folder`'s child folder called `name` in any case ("exefs", "ExeFS", "EXEFS"), as dumping
// tools name them; nullopt when there is none.
std::optional<std::filesystem::path> FindChildFolder(const std::filesystem::path& folder,
                                                     std::string_view name);

struct GameImage {
    std::string kind;  // "nup", "nsp", "xci", "nca", "romfs", "game folder", "exefs", "nro"
    std::filesystem::path source;
    FileTreePtr exefs;        // null when the image has none
    FileTreePtr romfs;        // null when the image has none
    std::string header_text;  // container headers for `nxhost info`
};

// Keys are read only for kinds that need them (NSP, XCI, NCA).
GameImage OpenGame(const std::filesystem::path& path, const KeySet& keys);
GameImage OpenGame(const std::filesystem::path& path);

// Everything `nxhost info` prints: the container, the program (modules, NPDM), the RomFS
// size and file count, and the keys needed.
std::string DescribeGame(const std::filesystem::path& path);

}  // namespace formats
