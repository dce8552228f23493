#include "gpu/memory_manager.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <mutex>

#include "base/bits.h"
#include "base/log.h"

namespace gpu {
namespace {

constexpr u64 kSpaceEnd = u64{1} << MemoryManager::kAddressBits;
// A guest that keeps touching unmapped addresses is named this many times, then summarised.
constexpr u32 kOutsideLogLimit = 64;

bool ValidPageSize(u32 page_size) {
    return page_size >= kSmallPageSize && std::has_single_bit(page_size);
}

bool FitsSpace(u64 address, u64 size) {
    return size != 0 && address < kSpaceEnd && size <= kSpaceEnd - address;
}

}  // namespace

u32 MemoryManager::BigPageSize() const {
    std::shared_lock lock(mutex_);
    return big_page_size_;
}

void MemoryManager::SetBigPageSize(u32 size) {
    std::unique_lock lock(mutex_);
    if (ValidPageSize(size)) {
        big_page_size_ = size;
    }
}

u64 MemoryManager::Place(u64 size, u64 align) {
    const u64 at = base::AlignUp<u64>(next_free_, std::max<u64>(align, kSmallPageSize));
    next_free_ = at + base::AlignUp<u64>(size, kSmallPageSize);
    return at;
}

std::optional<u64> MemoryManager::Reserve(u64 size, u32 page_size, std::optional<u64> address,
                                          u64 align, bool sparse) {
    std::unique_lock lock(mutex_);
    if (!ValidPageSize(page_size) || !base::IsAligned<u64>(size, page_size)) {
        return std::nullopt;
    }
    if (address && !base::IsAligned<u64>(*address, page_size)) {
        return std::nullopt;
    }
    const u64 at = address ? *address : Place(size, std::max<u64>(align, page_size));
    if (!FitsSpace(at, size)) {
        return std::nullopt;
    }
    reservations_[at] = GpuReservation{size, page_size, sparse};
    next_free_ = std::max(next_free_, at + size);
    return at;
}

bool MemoryManager::Free(u64 address) {
    std::unique_lock lock(mutex_);
    const auto found = reservations_.find(address);
    if (found == reservations_.end()) {
        return false;
    }
    RemoveRange(address, found->second.size);
    reservations_.erase(found);
    return true;
}

std::optional<u64> MemoryManager::Map(std::optional<u64> address, u64 size,
                                      std::shared_ptr<MemorySource> source, u64 source_offset,
                                      u32 page_size, u32 kind) {
    std::unique_lock lock(mutex_);
    if (!source || !ValidPageSize(page_size)) {
        return std::nullopt;
    }
    if (address && !base::IsAligned<u64>(*address, kSmallPageSize)) {
        return std::nullopt;
    }
    const u64 at = address ? *address : Place(size, page_size);
    if (!FitsSpace(at, size)) {
        return std::nullopt;
    }
    RemoveRange(at, size);
    mappings_[at] = GpuMapping{size, std::move(source), source_offset, page_size, kind};
    if (!address) {
        next_free_ = std::max(next_free_, at + size);
    }
    return at;
}

bool MemoryManager::Unmap(u64 address) {
    std::unique_lock lock(mutex_);
    return mappings_.erase(address) != 0;
}

void MemoryManager::UnmapRange(u64 address, u64 size) {
    std::unique_lock lock(mutex_);
    if (FitsSpace(address, size)) {
        RemoveRange(address, size);
    }
}

// Cuts [address, address + size) out of the mappings, keeping what lies on either side.
void MemoryManager::RemoveRange(u64 address, u64 size) {
    const u64 end = address + size;
    auto it = mappings_.upper_bound(address);
    if (it != mappings_.begin()) {
        --it;
    }
    while (it != mappings_.end() && it->first < end) {
        const u64 start = it->first;
        const GpuMapping mapping = it->second;
        const u64 mapping_end = start + mapping.size;
        if (mapping_end <= address) {
            ++it;
            continue;
        }
        it = mappings_.erase(it);
        if (start < address) {
            GpuMapping before = mapping;
            before.size = address - start;
            mappings_[start] = before;
        }
        if (mapping_end > end) {
            GpuMapping after = mapping;
            after.size = mapping_end - end;
            after.source_offset += end - start;
            it = mappings_.emplace(end, after).first;
            ++it;
        }
    }
}

bool MemoryManager::InSparse(u64 address) const {
    auto it = reservations_.upper_bound(address);
    if (it == reservations_.begin()) {
        return false;
    }
    --it;
    return it->second.sparse && address - it->first < it->second.size;
}

void MemoryManager::NameOutside(u64 address, u64 size, std::string_view what, bool writing) const {
    const u32 count = outside_logged_.fetch_add(1, std::memory_order_relaxed);
    if (count < kOutsideLogLimit) {
        LOG_WARNING("gpu",
                    "{}: {} {:#x} bytes at GPU address {:#x}, which no mapping covers: {} "
                    "(a GPU channel's access to unmapped memory faults and does nothing)",
                    what, writing ? "write of" : "read of", size, address,
                    writing ? "nothing written" : "read as zeros");
    } else if (count == kOutsideLogLimit) {
        LOG_WARNING("gpu", "further GPU accesses outside the mappings are not named");
    }
}

template <typename Access>
bool MemoryManager::ForEachPiece(u64 address, u64 size, std::string_view what, bool writing,
                                 Access&& access) const {
    bool whole = true;
    u64 done = 0;
    while (done < size) {
        const u64 at = address + done;
        const u64 left = size - done;
        auto next = mappings_.upper_bound(at);
        if (next != mappings_.begin()) {
            const auto& [start, mapping] = *std::prev(next);
            if (at - start < mapping.size) {
                const u64 piece = std::min(left, mapping.size - (at - start));
                const u64 offset = mapping.source_offset + (at - start);
                const u64 source_size = mapping.source->Size();
                const u64 backed = offset < source_size ? std::min(piece, source_size - offset) : 0;
                u8* host =
                    backed != 0 ? mapping.source->HostPointer(offset, backed, writing) : nullptr;
                if (host != nullptr) {
                    access(host, done, backed);
                }
                if (host == nullptr || backed < piece) {
                    const u64 missing_from = host == nullptr ? 0 : backed;
                    access(nullptr, done + missing_from, piece - missing_from);
                    NameOutside(at + missing_from, piece - missing_from, what, writing);
                    whole = false;
                }
                done += piece;
                continue;
            }
        }
        // A gap up to the next mapping (or the end of the access).
        u64 gap = left;
        if (next != mappings_.end() && next->first - at < gap) {
            gap = next->first - at;
        }
        access(nullptr, done, gap);
        if (!InSparse(at)) {
            NameOutside(at, gap, what, writing);
            whole = false;
        }
        done += gap;
    }
    return whole;
}

bool MemoryManager::Read(u64 address, std::span<u8> out, std::string_view what) const {
    std::shared_lock lock(mutex_);
    return ForEachPiece(address, out.size(), what, false, [&](u8* host, u64 at, u64 length) {
        if (host != nullptr) {
            std::memcpy(out.data() + at, host, length);
        } else {
            std::memset(out.data() + at, 0, length);
        }
    });
}

bool MemoryManager::Write(u64 address, std::span<const u8> bytes, std::string_view what) {
    std::shared_lock lock(mutex_);
    return ForEachPiece(address, bytes.size(), what, true, [&](u8* host, u64 at, u64 length) {
        if (host != nullptr) {
            std::memcpy(host, bytes.data() + at, length);
        }
    });
}

u64 MemoryManager::MappedBytesFrom(u64 address, u64 limit) const {
    std::shared_lock lock(mutex_);
    u64 done = 0;
    while (done < limit) {
        const u64 at = address + done;
        auto next = mappings_.upper_bound(at);
        if (next == mappings_.begin()) {
            break;
        }
        const auto& [start, mapping] = *std::prev(next);
        if (at - start >= mapping.size) {
            break;
        }
        done += std::min(limit - done, mapping.size - (at - start));
    }
    return done;
}

std::map<u64, GpuMapping> MemoryManager::Mappings() const {
    std::shared_lock lock(mutex_);
    return mappings_;
}

std::map<u64, GpuReservation> MemoryManager::Reservations() const {
    std::shared_lock lock(mutex_);
    return reservations_;
}

}  // namespace gpu
