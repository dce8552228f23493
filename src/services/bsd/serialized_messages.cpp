#include "services/bsd/serialized_messages.h"

#include <cstring>

namespace services::bsd {
namespace {

class Reader {
public:
    explicit Reader(std::span<const u8> buffer) : buffer_(buffer) {}

    std::size_t Offset() const { return offset_; }

    template <typename T>
    std::optional<T> Read() {
        if (buffer_.size() - offset_ < sizeof(T)) {
            return std::nullopt;
        }
        T value;
        std::memcpy(&value, buffer_.data() + offset_, sizeof(T));
        offset_ += sizeof(T);
        return value;
    }

    // The next `size` bytes as an area, skipped.
    std::optional<BufferArea> Take(u64 size) {
        if (buffer_.size() - offset_ < size) {
            return std::nullopt;
        }
        const BufferArea area{offset_, static_cast<std::size_t>(size)};
        offset_ += area.size;
        return area;
    }

    // A u32 field's place, skipped.
    std::optional<std::size_t> Field() {
        const std::size_t at = offset_;
        return Read<u32>() ? std::optional<std::size_t>(at) : std::nullopt;
    }

private:
    std::span<const u8> buffer_;
    std::size_t offset_ = 0;
};

std::optional<SerializedMessage> ParseMessage(Reader& reader) {
    SerializedMessage message;
    const auto name_length = reader.Read<u32>();
    const auto name = name_length ? reader.Take(*name_length) : std::nullopt;
    const auto iov_count = name ? reader.Read<u32>() : std::nullopt;
    if (!iov_count || *iov_count > kMaxIovs) {
        return std::nullopt;
    }
    message.name = *name;
    for (u32 i = 0; i < *iov_count; ++i) {
        const auto length = reader.Read<u64>();
        const auto iov = length ? reader.Take(*length) : std::nullopt;
        if (!iov) {
            return std::nullopt;
        }
        message.iovs.push_back(*iov);
    }
    const auto control_length = reader.Read<u32>();
    const auto control = control_length ? reader.Take(*control_length) : std::nullopt;
    const auto flags = control ? reader.Field() : std::nullopt;
    const auto length = flags ? reader.Field() : std::nullopt;
    if (!length) {
        return std::nullopt;
    }
    message.control = *control;
    message.flags_offset = *flags;
    message.length_offset = *length;
    return message;
}

}  // namespace

std::optional<std::vector<SerializedMessage>> ParseSerializedMessages(std::span<const u8> buffer,
                                                                      u32 count) {
    if (count > kMaxMessages || buffer.empty()) {
        return std::nullopt;
    }
    Reader reader(buffer);
    (void)reader.Read<u8>();  // the header byte
    std::vector<SerializedMessage> messages;
    for (u32 i = 0; i < count; ++i) {
        auto message = ParseMessage(reader);
        if (!message) {
            return std::nullopt;
        }
        messages.push_back(std::move(*message));
    }
    return messages;
}

void StoreMessageField(std::span<u8> buffer, std::size_t offset, u32 value) {
    std::memcpy(buffer.data() + offset, &value, sizeof(value));
}

}  // namespace services::bsd
