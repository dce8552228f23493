#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "formats/file_tree.h"
#include "formats/module_image.h"
#include "formats/npdm.h"
#include "formats/nro.h"

namespace formats {

// A program as found on disk, ready for the kernel to load: its modules in load order, its
// NPDM when it has one, and the assets an NRO carries.
struct ProgramImage {
    std::string kind;  // "nro" or "exefs"
    std::filesystem::path source;
    std::vector<ModuleImage> modules;
    std::optional<Npdm> npdm;
    NroAssets assets;
    // Each module's file header fields as text (see DescribeNro / DescribeNso), for `info`.
    std::vector<std::string> module_headers;
};

// The ExeFS module names in the order they are loaded.
inline constexpr const char* kExefsModuleOrder[] = {
    "rtld",    "main",    "subsdk0", "subsdk1", "subsdk2", "subsdk3", "subsdk4",
    "subsdk5", "subsdk6", "subsdk7", "subsdk8", "subsdk9", "sdk"};

// Loads an NRO file, an ExeFS folder (main.npdm and main required, then any of rtld,
// subsdk0..9 and sdk as NSOs), or the ExeFS of a game image: an extracted game folder (with
// exefs/), a NUP image (unpacked once into the cache, see UnpackNupToCache), an NSP, an XCI
// or a program NCA (with the user's keys).
ProgramImage LoadProgram(const std::filesystem::path& path);

// The ExeFS in any file tree (a folder, a NUP's exefs/, an NCA's PFS0).
ProgramImage LoadExefsTree(const FileTree& exefs);

// The text `nxhost info` prints: every header field worth seeing.
std::string Describe(const ProgramImage& program);

}  // namespace formats
