#include "services/fs/save_data_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>

#include "base/error.h"
#include "services/fs/fs_results.h"

namespace services::fs {
namespace {

constexpr const char* kCurrent = "current";
constexpr const char* kCurrentTemporary = "current.tmp";
constexpr const char* kCommittedPrefix = "committed-";

std::string CommittedName(u64 version) {
    return kCommittedPrefix + std::to_string(version);
}

// 0 when `name` is not "committed-N".
u64 VersionOf(const std::string& name) {
    const std::string prefix = kCommittedPrefix;
    if (!name.starts_with(prefix) || name.size() == prefix.size()) {
        return 0;
    }
    u64 version = 0;
    for (std::size_t i = prefix.size(); i < name.size(); ++i) {
        if (name[i] < '0' || name[i] > '9') {
            return 0;
        }
        version = version * 10 + static_cast<u64>(name[i] - '0');
    }
    return version;
}

bool SyncPath(const std::filesystem::path& path, bool directory) {
    const int fd =
        ::open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    return synced;
}

// Copies the files and folders of `from` into the new folder `to`, fsyncing each; links and
// other kinds of entries are left out.
void CopyTreeSynced(const std::filesystem::path& from, const std::filesystem::path& to) {
    std::filesystem::create_directory(to);
    for (const auto& item : std::filesystem::directory_iterator(from)) {
        const auto status = item.symlink_status();
        const auto target = to / item.path().filename();
        if (std::filesystem::is_directory(status)) {
            CopyTreeSynced(item.path(), target);
        } else if (std::filesystem::is_regular_file(status)) {
            std::filesystem::copy_file(item.path(), target);
            if (!SyncPath(target, false)) {
                throw std::filesystem::filesystem_error(
                    "fsync", target, std::error_code(errno, std::generic_category()));
            }
        }
    }
    SyncPath(to, true);
}

}  // namespace

SaveDataStore::SaveDataStore(std::filesystem::path folder)
    : folder_(std::move(folder)), working_(folder_ / "working") {
    try {
        std::filesystem::create_directories(folder_);
        std::filesystem::remove(folder_ / kCurrentTemporary);
        std::error_code error;
        const auto target = std::filesystem::read_symlink(folder_ / kCurrent, error);
        version_ = error ? 0 : VersionOf(target.filename().string());
        // Whatever is not the current version is left over from an interrupted commit.
        for (const auto& item : std::filesystem::directory_iterator(folder_)) {
            const std::string name = item.path().filename().string();
            if (name.starts_with(kCommittedPrefix) && name != CommittedName(version_)) {
                std::filesystem::remove_all(item.path());
            }
        }
        std::filesystem::remove_all(working_);
        if (version_ != 0) {
            std::filesystem::copy(folder_ / CommittedName(version_), working_,
                                  std::filesystem::copy_options::recursive);
        } else {
            std::filesystem::create_directory(working_);
        }
    } catch (const std::filesystem::filesystem_error& error) {
        base::Fail("save data at {}: {}", folder_.string(), error.what());
    }
}

base::Result SaveDataStore::Commit() {
    std::lock_guard lock(mutex_);
    const u64 next = version_ + 1;
    const auto committed = folder_ / CommittedName(next);
    const auto staging = folder_ / (CommittedName(next) + ".tmp");
    try {
        std::filesystem::remove_all(staging);
        CopyTreeSynced(working_, staging);
        std::filesystem::rename(staging, committed);
        SyncPath(folder_, true);
        const auto link = folder_ / kCurrentTemporary;
        std::filesystem::remove(link);
        std::filesystem::create_directory_symlink(CommittedName(next), link);
        std::filesystem::rename(link, folder_ / kCurrent);
        SyncPath(folder_, true);
    } catch (const std::filesystem::filesystem_error& error) {
        std::error_code ignored;
        std::filesystem::remove_all(staging, ignored);
        std::filesystem::remove_all(committed, ignored);
        return ResultFromErrno(error.code().value());
    }
    if (version_ != 0) {
        std::error_code ignored;
        std::filesystem::remove_all(folder_ / CommittedName(version_), ignored);
    }
    version_ = next;
    return base::ResultSuccess;
}

}  // namespace services::fs
