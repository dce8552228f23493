#pragma once

// nn::fssrv::sf::IFile over an open host file. Command ids and layouts from the switchbrew
// wiki's "Filesystem services" page.

#include "ipc/service_object.h"

namespace services::fs {

// nn::fs::OpenMode bits.
enum OpenMode : u32 { kOpenRead = 1, kOpenWrite = 2, kOpenAppend = 4 };

class HostFile final : public ipc::Interface<HostFile> {
public:
    static constexpr auto kName = "nn::fssrv::sf::IFile";
    HostFile(int fd, u32 mode) : fd_(fd), mode_(mode) {}
    ~HostFile() override;
    HostFile(const HostFile&) = delete;
    HostFile& operator=(const HostFile&) = delete;

    base::Result Read(u32 option, s64 offset, s64 size, ipc::OutBuffer<ipc::kMapAlias> buffer,
                      ipc::Out<s64> read);
    base::Result Write(u32 option, s64 offset, s64 size, ipc::InBuffer<ipc::kMapAlias> buffer);
    base::Result Flush();
    base::Result SetSize(s64 size);
    base::Result GetSize(ipc::Out<s64> size);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HostFile::Read),    NX_COMMAND(1, HostFile::Write),
        NX_COMMAND(2, HostFile::Flush),   NX_COMMAND(3, HostFile::SetSize),
        NX_COMMAND(4, HostFile::GetSize),
    };

private:
    int fd_;
    u32 mode_;
};

}  // namespace services::fs
