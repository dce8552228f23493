#include "nvk_capture.h"

#include <cstring>

#include "base/byte_reader.h"
#include "base/error.h"
#include "base/file.h"

namespace gpu_test {
namespace {

constexpr char kMagic[8] = {'N', 'X', 'N', 'V', 'K', 'C', 'A', 'P'};
constexpr u32 kHeaderBytes = 16;
enum RecordType : u32 { kBo = 1, kClose = 2, kBind = 3, kWrite = 4, kExec = 5 };

// One record's payload, its fields read in order; a record whose payload is not the size its
// type gives is named.
class Payload {
public:
    Payload(const base::ByteReader& file, u64 offset, u32 size, u64 index)
        : file_(file), at_(offset), end_(offset + size), index_(index) {}
    template <typename T>
    T Take(std::string_view field) {
        Need(sizeof(T), field);
        const T value = file_.Read<T>(at_, field);
        at_ += sizeof(T);
        return value;
    }
    std::vector<u8> Rest() {
        const auto bytes = file_.Slice(at_, end_ - at_, "bytes");
        at_ = end_;
        return {bytes.begin(), bytes.end()};
    }
    void Need(u64 size, std::string_view field) const {
        if (size > end_ - at_) {
            base::Fail("{}: record {} at {:#x}: {} needs {} bytes, the record has {} left",
                       file_.Source(), index_, at_, field, size, end_ - at_);
        }
    }
    void End() const {
        if (at_ != end_) {
            base::Fail("{}: record {} has {} bytes past its fields", file_.Source(), index_,
                       end_ - at_);
        }
    }

private:
    const base::ByteReader& file_;
    u64 at_;
    u64 end_;
    u64 index_;
};

NvkRecord ParseRecord(u32 type, Payload& p, const std::string& name, u64 index) {
    switch (type) {
        case kBo: {
            NvkBufferObject bo;
            bo.handle = p.Take<u32>("handle");
            bo.domain = p.Take<u32>("domain");
            bo.size = p.Take<u64>("size");
            p.End();
            return bo;
        }
        case kClose: {
            NvkClose close{p.Take<u32>("handle")};
            p.Take<u32>("padding");
            p.End();
            return close;
        }
        case kBind: {
            NvkBind bind;
            bind.op = p.Take<u32>("op");
            bind.flags = p.Take<u32>("flags");
            bind.handle = p.Take<u32>("handle");
            p.Take<u32>("padding");
            bind.address = p.Take<u64>("address");
            bind.object_offset = p.Take<u64>("object offset");
            bind.size = p.Take<u64>("size");
            p.End();
            if (bind.op != NvkBind::kMap && bind.op != NvkBind::kUnmap) {
                base::Fail("{}: record {}: VM_BIND op {} is neither map (0) nor unmap (1)", name,
                           index, bind.op);
            }
            return bind;
        }
        case kWrite: {
            NvkWrite write;
            write.handle = p.Take<u32>("handle");
            p.Take<u32>("padding");
            write.offset = p.Take<u64>("offset");
            write.bytes = p.Rest();
            return write;
        }
        case kExec: {
            NvkExec exec;
            exec.channel = p.Take<u32>("channel");
            const u32 count = p.Take<u32>("push count");
            p.Need(u64{count} * 16, "the pushes");
            for (u32 i = 0; i < count; ++i) {
                NvkPush push;
                push.address = p.Take<u64>("push address");
                push.bytes = p.Take<u32>("push bytes");
                push.flags = p.Take<u32>("push flags");
                exec.pushes.push_back(push);
            }
            p.End();
            return exec;
        }
        default:
            base::Fail("{}: record {}: unknown record type {}", name, index, type);
    }
}

}  // namespace

std::vector<NvkRecord> ParseNvkCapture(const std::vector<u8>& file, const std::string& name) {
    const base::ByteReader reader(file, name);
    const auto magic = reader.Slice(0, sizeof(kMagic), "magic");
    if (std::memcmp(magic.data(), kMagic, sizeof(kMagic)) != 0) {
        base::Fail("{}: not an NVK capture (no NXNVKCAP at its start)", name);
    }
    const u32 version = reader.Read<u32>(8, "version");
    if (version != kNvkCaptureVersion) {
        base::Fail("{}: capture format version {}, this reader knows {}", name, version,
                   kNvkCaptureVersion);
    }
    const u32 header = reader.Read<u32>(12, "header size");
    if (header != kHeaderBytes) {
        base::Fail("{}: header of {} bytes, version 1 has {}", name, header, kHeaderBytes);
    }
    std::vector<NvkRecord> records;
    u64 at = kHeaderBytes;
    while (at < file.size()) {
        const u32 type = reader.Read<u32>(at, "record type");
        const u32 size = reader.Read<u32>(at + 4, "record size");
        reader.Require(at + 8, size, "record payload");
        Payload payload(reader, at + 8, size, records.size());
        records.push_back(ParseRecord(type, payload, name, records.size()));
        at += 8 + u64{size};
    }
    return records;
}

std::vector<NvkRecord> ReadNvkCapture(const std::string& path) {
    return ParseNvkCapture(base::ReadFile(path), path);
}

}  // namespace gpu_test
