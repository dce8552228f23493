#pragma once

// The renderer tests' memory: one host buffer at guest address kBase; an access outside it
// fails, as a read outside the program's pools does.

#include <cstring>
#include <span>
#include <vector>

#include "audio/renderer/sample_memory.h"

namespace audio::renderer {

inline constexpr u64 kBase = 0x100000;

class TestMemory final : public SampleMemory {
public:
    explicit TestMemory(std::size_t size) : bytes(size) {}
    bool Read(u64 address, std::span<u8> out) override {
        if (address < kBase || address - kBase + out.size() > bytes.size()) {
            return false;
        }
        std::memcpy(out.data(), bytes.data() + (address - kBase), out.size());
        return true;
    }
    bool Write(u64 address, std::span<const u8> in) override {
        if (address < kBase || address - kBase + in.size() > bytes.size()) {
            return false;
        }
        std::memcpy(bytes.data() + (address - kBase), in.data(), in.size());
        return true;
    }
    template <typename T>
    void Put(u64 address, const T& value) {
        std::memcpy(bytes.data() + (address - kBase), &value, sizeof(T));
    }
    template <typename T>
    T Get(u64 address) const {
        T value;
        std::memcpy(&value, bytes.data() + (address - kBase), sizeof(T));
        return value;
    }
    std::vector<u8> bytes;
};

}  // namespace audio::renderer
