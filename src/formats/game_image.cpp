#include "formats/game_image.h"

#include <algorithm>
#include <cctype>

#include "base/error.h"
#include "formats/nca.h"
#include "formats/nro.h"
#include "formats/nup.h"
#include "formats/program_image.h"
#include "formats/xci.h"

namespace formats {

namespace {

bool StartsWith(const Storage& storage, u64 offset, std::string_view magic) {
    if (storage.Size() < offset + magic.size()) {
        return false;
    }
    const auto bytes = storage.ReadBytes(offset, magic.size());
    return std::equal(bytes.begin(), bytes.end(), magic.begin(),
                      [](u8 a, char b) { return a == static_cast<u8>(b); });
}

// The program NCA's ExeFS and RomFS.
void OpenNca(StoragePtr storage, const KeySet& keys, GameImage& game) {
    const Nca nca(std::move(storage), keys);
    game.header_text += DescribeNca(nca.Header());
    if (nca.Header().content_type != NcaContentType::Program) {
        return;
    }
    if (const NcaSection* exefs = nca.FindSection(NcaFsType::PartitionFs)) {
        nca.VerifySection(*exefs);
        game.exefs = MakePartitionTree(ReadPfs0(nca.OpenSection(*exefs)));
    }
    if (const NcaSection* romfs = nca.FindSection(NcaFsType::RomFs)) {
        game.romfs = MakeRomfsTree(nca.OpenSection(*romfs));
    }
}

// An NSP or a card's secure partition: list the NCAs and open the program one. Without keys
// only the listing and the keys needed can be shown.
void OpenNcaPartition(const PartitionFs& partition, const KeySet& keys, GameImage& game) {
    for (const PartitionEntry& entry : partition.entries) {
        game.header_text += fmt::format("  {} ({:#x} bytes)\n", entry.name, entry.size);
    }
    for (const PartitionEntry& entry : partition.entries) {
        if (!entry.name.ends_with(".nca") || entry.name.ends_with(".cnmt.nca")) {
            continue;
        }
        GameImage inner;
        OpenNca(partition.Open(entry), keys, inner);
        game.header_text += inner.header_text;
        if (inner.exefs && !game.exefs) {
            game.exefs = inner.exefs;
            game.romfs = inner.romfs;
        }
    }
}

bool SameNameIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// A NUP's top-level folder called `name` in any case.
std::optional<std::string> FindTreeFolder(const FileTree& tree, std::string_view name) {
    for (const RomfsListEntry& entry : tree.List("")) {
        if (entry.is_directory && SameNameIgnoringCase(entry.name, name)) {
            return entry.name;
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::filesystem::path> FindChildFolder(const std::filesystem::path& folder,
                                                     std::string_view name) {
    std::error_code error;
    if (std::filesystem::is_directory(folder / name, error)) {
        return folder / name;
    }
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        if (entry.is_directory(error) &&
            SameNameIgnoringCase(entry.path().filename().string(), name)) {
            return entry.path();
        }
    }
    return std::nullopt;
}

GameImage OpenGame(const std::filesystem::path& path) {
    return OpenGame(path, KeySet::LoadDefault());
}

GameImage OpenGame(const std::filesystem::path& path, const KeySet& keys) {
    GameImage game;
    game.source = path;
    if (std::filesystem::is_directory(path)) {
        const auto exefs = FindChildFolder(path, "exefs");
        const auto romfs = FindChildFolder(path, "romfs");
        if (exefs || romfs) {
            game.kind = "game folder";
            if (exefs) {
                game.exefs = MakeHostFolderTree(*exefs);
            }
            if (romfs) {
                game.romfs = MakeHostFolderTree(*romfs);
            }
        } else {
            game.kind = "exefs";
            game.exefs = MakeHostFolderTree(path);
        }
        return game;
    }
    const StoragePtr storage = OpenFileStorage(path);
    if (IsNup(*storage)) {
        game.kind = "nup";
        auto image = std::make_shared<NupImage>(NupImage::Open(storage));
        game.header_text = DescribeNup(*image);
        const FileTreePtr all = MakeNupTree(image, "");
        if (const auto exefs = FindTreeFolder(*all, "exefs")) {
            game.exefs = MakeNupTree(image, *exefs);
        }
        if (const auto romfs = FindTreeFolder(*all, "romfs")) {
            game.romfs = MakeNupTree(image, *romfs);
        }
    } else if (StartsWith(*storage, 0, "PFS0")) {
        const PartitionFs nsp = ReadPfs0(storage);
        const bool is_exefs =
            std::any_of(nsp.entries.begin(), nsp.entries.end(),
                        [](const PartitionEntry& entry) { return entry.name == "main.npdm"; });
        if (is_exefs) {
            // An ExeFS packed as a PFS0 (exefs.nsp, hbl.nsp): its files are the modules.
            game.kind = "exefs nsp";
            game.header_text = fmt::format("exefs nsp: {} files\n", nsp.entries.size());
            for (const PartitionEntry& entry : nsp.entries) {
                game.header_text += fmt::format("  {} ({:#x} bytes)\n", entry.name, entry.size);
            }
            game.exefs = MakePartitionTree(nsp);
        } else {
            game.kind = "nsp";
            game.header_text = fmt::format("nsp: {} files\n", nsp.entries.size());
            OpenNcaPartition(nsp, keys, game);
        }
    } else if (StartsWith(*storage, 0x100, "HEAD")) {
        game.kind = "xci";
        const Xci xci = ReadXci(storage);
        game.header_text = fmt::format("xci: package id {:016x}, partitions", xci.package_id);
        for (const PartitionEntry& entry : xci.root.entries) {
            game.header_text += " " + entry.name;
        }
        game.header_text += "\n  secure:\n";
        OpenNcaPartition(xci.OpenPartition("secure"), keys, game);
    } else if (StartsWith(*storage, 0x10, "NRO0")) {
        game.kind = "nro";
        // A homebrew's RomFS travels in its asset section, after the executable.
        Nro nro = ReadNro(storage->ReadAll(), path.string());
        if (!nro.assets.romfs.empty()) {
            game.romfs = MakeRomfsTree(
                MakeMemoryStorage(std::move(nro.assets.romfs), path.string() + " (RomFS)"));
        }
    } else if (StartsWith(*storage, 0, std::string_view("\x50\0\0\0\0\0\0\0", 8))) {
        game.kind = "romfs";  // the header size field, 0x50, opens every RomFS
        game.romfs = MakeRomfsTree(storage);
    } else if (path.extension() == ".nca") {  // encrypted: no magic to see
        game.kind = "nca";
        OpenNca(storage, keys, game);
    } else {
        base::Fail(
            "{}: neither an ExeFS folder nor an NRO, nor a game image nxhost knows (NUP, NSP, "
            "XCI, NCA, RomFS)",
            path.string());
    }
    return game;
}

std::string DescribeGame(const std::filesystem::path& path) {
    if (!std::filesystem::is_directory(path)) {
        const StoragePtr storage = OpenFileStorage(path);
        if (StartsWith(*storage, 0x10, "NRO0")) {
            return Describe(LoadProgram(path));
        }
    }
    const GameImage game = OpenGame(path);
    std::string text = fmt::format("image: {} ({})\n", path.string(), game.kind);
    text += game.header_text;
    if (game.exefs) {
        try {
            text += Describe(LoadExefsTree(*game.exefs));
        } catch (const base::Error& error) {
            text += fmt::format("exefs: {}\n", error.what());
        }
    }
    if (game.romfs) {
        const TreeSummary summary = Summarize(*game.romfs);
        text +=
            fmt::format("romfs: {} files in {} folders, {:#x} bytes ({:.2f} GB)", summary.files,
                        summary.folders, summary.bytes, static_cast<double>(summary.bytes) / 1e9);
        text +=
            game.romfs->IsFile(kZsDictionaryPack) ? ", with " + std::string(kZsDictionaryPack) : "";
        text += "\n";
    }
    return text;
}

}  // namespace formats
