#include "formats/file_tree.h"

#include <algorithm>
#include <map>
#include <set>

#include "base/error.h"
#include "base/file.h"
#include "formats/nup.h"

namespace formats {

namespace {

std::string Normalize(std::string_view path) {
    std::string out;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t slash = path.find('/', start);
        if (slash == std::string_view::npos) {
            slash = path.size();
        }
        const std::string_view part = path.substr(start, slash - start);
        if (!part.empty() && part != ".") {
            if (part == "..") {
                base::Fail("path \"{}\" leaves the tree", path);
            }
            out += (out.empty() ? "" : "/") + std::string(part);
        }
        start = slash + 1;
    }
    return out;
}

class RomfsTree final : public FileTree {
public:
    explicit RomfsTree(StoragePtr storage) : romfs_(std::move(storage)) {}
    std::string Name() const override { return romfs_.Name(); }
    bool IsDirectory(std::string_view path) const override { return romfs_.IsDirectory(path); }
    bool IsFile(std::string_view path) const override { return romfs_.FindFile(path).has_value(); }
    std::vector<RomfsListEntry> List(std::string_view path) const override {
        return romfs_.List(path);
    }
    std::vector<u8> Read(std::string_view path) const override { return romfs_.ReadFile(path); }

private:
    RomfsReader romfs_;
};

class HostFolderTree final : public FileTree {
public:
    explicit HostFolderTree(std::filesystem::path folder) : folder_(std::move(folder)) {}
    std::string Name() const override { return folder_.string(); }
    bool IsDirectory(std::string_view path) const override {
        return std::filesystem::is_directory(folder_ / Normalize(path));
    }
    bool IsFile(std::string_view path) const override {
        return std::filesystem::is_regular_file(folder_ / Normalize(path));
    }
    std::vector<RomfsListEntry> List(std::string_view path) const override {
        const auto dir = folder_ / Normalize(path);
        if (!std::filesystem::is_directory(dir)) {
            base::Fail("{}: no folder \"{}\"", Name(), path);
        }
        std::vector<RomfsListEntry> dirs, files;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_directory()) {
                dirs.push_back({name, true, 0});
            } else if (entry.is_regular_file()) {
                files.push_back({name, false, entry.file_size()});
            }
        }
        auto by_name = [](const auto& a, const auto& b) { return a.name < b.name; };
        std::sort(dirs.begin(), dirs.end(), by_name);
        std::sort(files.begin(), files.end(), by_name);
        dirs.insert(dirs.end(), files.begin(), files.end());
        return dirs;
    }
    std::vector<u8> Read(std::string_view path) const override {
        const auto file = folder_ / Normalize(path);
        if (!std::filesystem::is_regular_file(file)) {
            base::Fail("{}: no file \"{}\"", Name(), path);
        }
        return base::ReadFile(file);
    }

private:
    std::filesystem::path folder_;
};

class NupTree final : public FileTree {
public:
    NupTree(std::shared_ptr<const NupImage> image, std::string prefix)
        : image_(std::move(image)), prefix_(Normalize(prefix)) {
        for (const NupFile& file : image_->toc.files) {
            if (const auto relative = Relative(file.path)) {
                files_.emplace(*relative, &file);
                AddParents(*relative);
            }
        }
        for (const std::string& folder : image_->toc.folders) {
            if (const auto relative = Relative(folder)) {
                folders_.insert(*relative);
                AddParents(*relative);
            }
        }
    }
    std::string Name() const override {
        return image_->storage->Name() + (prefix_.empty() ? "" : ":" + prefix_);
    }
    bool IsDirectory(std::string_view path) const override {
        return folders_.count(Normalize(path)) != 0;
    }
    bool IsFile(std::string_view path) const override { return files_.count(Normalize(path)) != 0; }
    std::vector<RomfsListEntry> List(std::string_view path) const override {
        const std::string dir = Normalize(path);
        if (!folders_.count(dir)) {
            base::Fail("{}: no folder \"{}\"", Name(), path);
        }
        std::vector<RomfsListEntry> dirs, files;
        const std::string start = dir.empty() ? "" : dir + "/";
        for (auto it = folders_.lower_bound(start); it != folders_.end() && it->starts_with(start);
             ++it) {
            if (!it->empty() && *it != dir && it->find('/', start.size()) == std::string::npos) {
                dirs.push_back({it->substr(start.size()), true, 0});
            }
        }
        for (auto it = files_.lower_bound(start);
             it != files_.end() && it->first.starts_with(start); ++it) {
            if (it->first.find('/', start.size()) == std::string::npos) {
                files.push_back({it->first.substr(start.size()), false, it->second->size});
            }
        }
        dirs.insert(dirs.end(), files.begin(), files.end());
        return dirs;
    }
    std::vector<u8> Read(std::string_view path) const override {
        const auto it = files_.find(Normalize(path));
        if (it == files_.end()) {
            base::Fail("{}: no file \"{}\"", Name(), path);
        }
        return image_->ReadFile(*it->second);
    }

private:
    std::optional<std::string> Relative(const std::string& path) const {
        if (prefix_.empty()) {
            return path;
        }
        if (path == prefix_) {
            return std::string();
        }
        if (path.starts_with(prefix_ + "/")) {
            return path.substr(prefix_.size() + 1);
        }
        return std::nullopt;
    }
    void AddParents(const std::string& path) {
        folders_.insert("");
        for (std::size_t slash = path.find('/'); slash != std::string::npos;
             slash = path.find('/', slash + 1)) {
            folders_.insert(path.substr(0, slash));
        }
    }

    std::shared_ptr<const NupImage> image_;
    std::string prefix_;
    std::map<std::string, const NupFile*> files_;
    std::set<std::string> folders_;
};

class PartitionTree final : public FileTree {
public:
    explicit PartitionTree(PartitionFs partition) : partition_(std::move(partition)) {}
    std::string Name() const override { return partition_.storage->Name(); }
    bool IsDirectory(std::string_view path) const override { return Normalize(path).empty(); }
    bool IsFile(std::string_view path) const override {
        return partition_.Find(Normalize(path)) != nullptr;
    }
    std::vector<RomfsListEntry> List(std::string_view path) const override {
        if (!Normalize(path).empty()) {
            base::Fail("{}: no folder \"{}\" (a PFS0 is flat)", Name(), path);
        }
        std::vector<RomfsListEntry> list;
        for (const PartitionEntry& entry : partition_.entries) {
            list.push_back({entry.name, false, entry.size});
        }
        return list;
    }
    std::vector<u8> Read(std::string_view path) const override {
        const PartitionEntry* entry = partition_.Find(Normalize(path));
        if (!entry) {
            base::Fail("{}: no file \"{}\"", Name(), path);
        }
        partition_.VerifyHash(*entry);
        return partition_.Open(*entry)->ReadAll();
    }

private:
    PartitionFs partition_;
};

}  // namespace

FileTreePtr MakeRomfsTree(StoragePtr romfs) {
    return std::make_shared<RomfsTree>(std::move(romfs));
}

FileTreePtr MakeHostFolderTree(const std::filesystem::path& folder) {
    return std::make_shared<HostFolderTree>(folder);
}

FileTreePtr MakeNupTree(std::shared_ptr<const NupImage> image, std::string prefix) {
    return std::make_shared<NupTree>(std::move(image), std::move(prefix));
}

FileTreePtr MakePartitionTree(PartitionFs partition) {
    return std::make_shared<PartitionTree>(std::move(partition));
}

TreeSummary Summarize(const FileTree& tree) {
    TreeSummary summary;
    std::vector<std::string> stack{""};
    while (!stack.empty()) {
        const std::string dir = stack.back();
        stack.pop_back();
        for (const RomfsListEntry& entry : tree.List(dir)) {
            const std::string path = dir.empty() ? entry.name : dir + "/" + entry.name;
            if (entry.is_directory) {
                ++summary.folders;
                stack.push_back(path);
            } else {
                ++summary.files;
                summary.bytes += entry.size;
            }
        }
    }
    return summary;
}

const ZstdDictionaries& PlainFileReader::Dictionaries() {
    if (!dictionaries_) {
        dictionaries_.emplace();
        if (tree_->IsFile(kZsDictionaryPack)) {
            *dictionaries_ = ZstdDictionaries::FromPack(tree_->Read(kZsDictionaryPack),
                                                        tree_->Name() + ":" + kZsDictionaryPack);
        }
    }
    return *dictionaries_;
}

std::vector<u8> PlainFileReader::Read(std::string_view path) {
    std::vector<u8> bytes = tree_->Read(path);
    if (!path.ends_with(".zs") || !IsZstdFrame(bytes)) {
        return bytes;
    }
    return Dictionaries().Decompress(bytes, tree_->Name() + ":" + std::string(path));
}

}  // namespace formats
