#include <chrono>

#include "cpu/core.h"

namespace cpu {

u64 ReadGuestCounter() {
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    const auto ns = static_cast<unsigned __int128>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
    return static_cast<u64>(ns * kGuestCounterFrequency / 1'000'000'000);
}

std::string_view FaultKindName(GuestFault::Kind kind) {
    switch (kind) {
        case GuestFault::Kind::ReadFault:
            return "read fault";
        case GuestFault::Kind::WriteFault:
            return "write fault";
        case GuestFault::Kind::ExecuteFault:
            return "execute fault";
        case GuestFault::Kind::UndefinedInstruction:
            return "undefined instruction";
        case GuestFault::Kind::Breakpoint:
            return "breakpoint";
        case GuestFault::Kind::AlignmentFault:
            return "alignment fault";
    }
    return "fault";
}

}  // namespace cpu
