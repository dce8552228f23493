#pragma once

// Random-access byte sources. Game images are large (an XCI or a RomFS runs to tens of GB), so
// the container readers work on a Storage and read only the headers and the files asked for.

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace formats {

class Storage {
public:
    virtual ~Storage() = default;
    virtual u64 Size() const = 0;
    // Fills `out` from `offset`; throws base::Error when the range runs past the end.
    virtual void Read(u64 offset, std::span<u8> out) const = 0;
    // A name for error messages ("game.nsp", "game.nsp:program.nca:romfs").
    virtual const std::string& Name() const = 0;

    std::vector<u8> ReadBytes(u64 offset, u64 size) const;
    std::vector<u8> ReadAll() const { return ReadBytes(0, Size()); }

protected:
    // Throws, naming the storage, unless [offset, offset + size) lies inside it.
    void RequireRange(u64 offset, u64 size) const;
};

using StoragePtr = std::shared_ptr<const Storage>;

class MemoryStorage final : public Storage {
public:
    MemoryStorage(std::vector<u8> bytes, std::string name)
        : bytes_(std::move(bytes)), name_(std::move(name)) {}
    u64 Size() const override { return bytes_.size(); }
    void Read(u64 offset, std::span<u8> out) const override;
    const std::string& Name() const override { return name_; }

private:
    std::vector<u8> bytes_;
    std::string name_;
};

// A host file read with pread, so that threads can share one.
class FileStorage final : public Storage {
public:
    explicit FileStorage(const std::filesystem::path& path);
    ~FileStorage() override;
    FileStorage(const FileStorage&) = delete;
    FileStorage& operator=(const FileStorage&) = delete;
    u64 Size() const override { return size_; }
    void Read(u64 offset, std::span<u8> out) const override;
    const std::string& Name() const override { return name_; }

private:
    int fd_ = -1;
    u64 size_ = 0;
    std::string name_;
};

// A window [offset, offset + size) of another storage.
class SubStorage final : public Storage {
public:
    SubStorage(StoragePtr parent, u64 offset, u64 size, std::string name);
    u64 Size() const override { return size_; }
    void Read(u64 offset, std::span<u8> out) const override;
    const std::string& Name() const override { return name_; }

private:
    StoragePtr parent_;
    u64 offset_;
    u64 size_;
    std::string name_;
};

StoragePtr OpenFileStorage(const std::filesystem::path& path);
StoragePtr MakeMemoryStorage(std::vector<u8> bytes, std::string name);

}  // namespace formats
