#include "cpu/guest_memory.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>

#include "base/bits.h"
#include "base/error.h"

namespace cpu {
namespace {

int HostProtection(Permission permission) {
    int protection = PROT_NONE;
    // The host reads code pages too (the JIT fetches instructions through them).
    if (Includes(permission, Permission::Read) || Includes(permission, Permission::Execute)) {
        protection |= PROT_READ;
    }
    if (Includes(permission, Permission::Write)) {
        protection |= PROT_WRITE;
    }
    return protection;
}

}  // namespace

GuestMemory::GuestMemory(unsigned address_bits) : address_bits_(address_bits) {
    void* reservation = ::mmap(nullptr, AddressSpaceSize(), PROT_NONE,
                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reservation == MAP_FAILED) {
        base::Fail("cannot reserve {:#x} bytes of host address space for the guest: {}",
                   AddressSpaceSize(), std::strerror(errno));
    }
    base_ = static_cast<u8*>(reservation);
    // Anonymous pages read as zero, Permission::None, until something is mapped there.
    void* table = ::mmap(nullptr, PermissionTableEntries(), PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (table == MAP_FAILED) {
        ::munmap(base_, AddressSpaceSize());
        base::Fail("cannot reserve the {:#x}-byte guest permission table: {}",
                   PermissionTableEntries(), std::strerror(errno));
    }
    permissions_ = static_cast<std::atomic<u8>*>(table);
}

GuestMemory::~GuestMemory() {
    ::munmap(permissions_, PermissionTableEntries());
    ::munmap(base_, AddressSpaceSize());
}

void GuestMemory::CheckRange(u64 address, u64 size, const char* operation) const {
    if (!base::IsAligned(address, kPageSize) || !base::IsAligned(size, kPageSize) || size == 0 ||
        address >= AddressSpaceSize() || size > AddressSpaceSize() - address) {
        base::Fail(
            "guest memory: {} of [{:#x}, +{:#x}) is not a page-aligned range inside the "
            "{}-bit address space",
            operation, address, size, address_bits_);
    }
}

void GuestMemory::SetPermissions(u64 address, u64 size, Permission permission) {
    const u64 first = address / kPageSize;
    const u64 end = (address + size) / kPageSize;
    // From the page before the range, whose both-pages bits depend on the range's first page.
    for (u64 page = first == 0 ? 0 : first - 1; page < end; ++page) {
        const Permission own = page < first ? PagePermission(page) : permission;
        const Permission next = page + 1 < end ? permission : PagePermission(page + 1);
        const u8 both =
            static_cast<u8>(own) & static_cast<u8>(next) & static_cast<u8>(Permission::ReadWrite);
        const u8 entry = static_cast<u8>(static_cast<u8>(own) | (both << kBothPagesShift));
        // Leaves the table's page untouched (not backed by the host) where nothing changes.
        if (permissions_[page].load(std::memory_order_relaxed) != entry) {
            permissions_[page].store(entry, std::memory_order_release);
        }
    }
}

Permission GuestMemory::PagePermission(u64 page) const {
    constexpr u8 kOwnBits = (1u << kBothPagesShift) - 1;
    return static_cast<Permission>(permissions_[page].load(std::memory_order_acquire) & kOwnBits);
}

void GuestMemory::Map(u64 address, u64 size, Permission permission) {
    CheckRange(address, size, "map");
    // A fresh anonymous mapping gives zeroed pages and drops whatever was there.
    void* result = ::mmap(base_ + address, size, HostProtection(permission),
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    if (result == MAP_FAILED) {
        base::Fail("guest memory: map [{:#x}, +{:#x}): {}", address, size, std::strerror(errno));
    }
    SetPermissions(address, size, permission);
}

void GuestMemory::MapView(u64 address, u64 size, Permission permission, int fd, u64 offset) {
    CheckRange(address, size, "map view");
    void* result = ::mmap(base_ + address, size, HostProtection(permission), MAP_SHARED | MAP_FIXED,
                          fd, static_cast<off_t>(offset));
    if (result == MAP_FAILED) {
        base::Fail("guest memory: map view [{:#x}, +{:#x}): {}", address, size,
                   std::strerror(errno));
    }
    SetPermissions(address, size, permission);
}

void GuestMemory::Protect(u64 address, u64 size, Permission permission) {
    CheckRange(address, size, "protect");
    if (::mprotect(base_ + address, size, HostProtection(permission)) != 0) {
        base::Fail("guest memory: protect [{:#x}, +{:#x}): {}", address, size,
                   std::strerror(errno));
    }
    SetPermissions(address, size, permission);
}

void GuestMemory::Unmap(u64 address, u64 size) {
    CheckRange(address, size, "unmap");
    void* result = ::mmap(base_ + address, size, PROT_NONE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    if (result == MAP_FAILED) {
        base::Fail("guest memory: unmap [{:#x}, +{:#x}): {}", address, size, std::strerror(errno));
    }
    SetPermissions(address, size, Permission::None);
}

Permission GuestMemory::PermissionAt(u64 address) const {
    if (address >= AddressSpaceSize()) {
        return Permission::None;
    }
    return PagePermission(address / kPageSize);
}

bool GuestMemory::IsAccessible(u64 address, u64 size, Permission need) const {
    if (size == 0) {
        return true;
    }
    if (address >= AddressSpaceSize() || size > AddressSpaceSize() - address) {
        return false;
    }
    const u64 first = address / kPageSize;
    const u64 last = (address + size - 1) / kPageSize;
    for (u64 page = first; page <= last; ++page) {
        const Permission have = PagePermission(page);
        if (have == Permission::None || !Includes(have, need)) {
            return false;
        }
    }
    return true;
}

u8* GuestMemory::HostPointer(u64 address, u64 size, Permission need) const {
    return IsAccessible(address, size, need) ? base_ + address : nullptr;
}

bool GuestMemory::ReadBlock(u64 address, std::span<u8> out) const {
    const u8* source = HostPointer(address, out.size(), Permission::Read);
    if (source == nullptr) {
        return false;
    }
    std::memcpy(out.data(), source, out.size());
    return true;
}

bool GuestMemory::WriteBlock(u64 address, std::span<const u8> bytes) {
    u8* destination = HostPointer(address, bytes.size(), Permission::Write);
    if (destination == nullptr) {
        return false;
    }
    std::memcpy(destination, bytes.data(), bytes.size());
    return true;
}

void GuestMemory::WriteInitial(u64 address, std::span<const u8> bytes) {
    if (bytes.empty()) {
        return;
    }
    const u64 first = base::AlignDown(address, kPageSize);
    const u64 end = base::AlignUp(address + bytes.size(), kPageSize);
    for (u64 page = first; page < end; page += kPageSize) {
        if (PermissionAt(page) == Permission::None) {
            base::Fail("guest memory: initial write to unmapped page {:#x}", page);
        }
    }
    // Open the pages for writing, copy, and put the guest's protection back page by page.
    ::mprotect(base_ + first, end - first, PROT_READ | PROT_WRITE);
    std::memcpy(base_ + address, bytes.data(), bytes.size());
    for (u64 page = first; page < end; page += kPageSize) {
        ::mprotect(base_ + page, kPageSize, HostProtection(PermissionAt(page)));
    }
}

}  // namespace cpu
