// Module-scope variables of a launch (`global NAME FILE` of a manifest, cudaMemcpyToSymbol).
#include "cuda_runner/module_memory.h"

#include <algorithm>
#include <cstring>

#include "base/error.h"

namespace cuda_runner {
namespace {

const shader::sass::ModuleSymbol* FindSymbol(const shader::sass::ModuleMemory& memory,
                                             std::string_view name) {
    for (const shader::sass::ModuleSymbol& symbol : memory.symbols) {
        if (symbol.name == name) {
            return &symbol;
        }
    }
    return nullptr;
}

}  // namespace

void CheckModuleGlobals(const shader::sass::CubinKernel& kernel,
                        std::span<const ModuleGlobalValue> globals) {
    for (const ModuleGlobalValue& global : globals) {
        const shader::sass::ModuleSymbol* symbol =
            FindSymbol(kernel.module.constant3, global.symbol);
        if (symbol == nullptr) {
            symbol = FindSymbol(kernel.module.global, global.symbol);
        }
        if (symbol == nullptr) {
            base::Fail(
                "kernel {}: the module has no variable '{}' in constant bank 3 or global "
                "memory ({})",
                kernel.name, global.symbol, global.source);
        }
        if (global.bytes.size() != symbol->size) {
            base::Fail("kernel {}: variable '{}' is {} bytes, but {} gives {}", kernel.name,
                       global.symbol, symbol->size, global.source, global.bytes.size());
        }
    }
}

std::vector<u8> ModuleMemoryForLaunch(const shader::sass::ModuleMemory& memory,
                                      std::span<const ModuleGlobalValue> globals, u32 min_bytes) {
    const u64 size = std::max<u64>({memory.bytes.size(), min_bytes, 16});
    std::vector<u8> bytes((size + 15) / 16 * 16, 0);
    std::copy(memory.bytes.begin(), memory.bytes.end(), bytes.begin());
    for (const ModuleGlobalValue& global : globals) {
        if (const shader::sass::ModuleSymbol* symbol = FindSymbol(memory, global.symbol)) {
            std::memcpy(bytes.data() + symbol->offset, global.bytes.data(), global.bytes.size());
        }
    }
    return bytes;
}

}  // namespace cuda_runner
