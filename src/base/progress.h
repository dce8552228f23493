#pragma once

#include <chrono>
#include <string>

#include "base/types.h"

namespace base {

// Progress of a long job on stderr. On a terminal: one bar redrawn in place with the rate and
// the time left; otherwise (logs, CI) a plain line every few seconds and one at the end.
// Call from one thread.
class Progress {
public:
    Progress(std::string label, u64 total, bool quiet = false);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    void Set(u64 done);
    void Add(u64 bytes) { Set(done_ + bytes); }
    // The last line, with the average rate; the destructor calls it if nobody did.
    void Finish();

private:
    void Draw(bool final);

    std::string label_;
    u64 total_;
    u64 done_ = 0;
    bool quiet_;
    bool terminal_;
    bool finished_ = false;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_draw_;
};

// "1.5 GB", "320 MB", "12 kB", "17 B".
std::string FormatBytes(double bytes);

}  // namespace base
