// MME64's DMA methods, between GPU memory at SET_MME_MEM_ADDRESS_A/B and the data RAM at
// SET_MME_DATA_RAM_ADDRESS (MME_DMA_READ, MME_DMA_WRITE) or the load FIFO
// (MME_DMA_READ_FIFOED). Directions and units as Mesa's hardware tests show them
// (mme_tu104_sim_hw_test.cpp dwrite_dma, dma_read_fifoed); the addresses do not advance.
#include <algorithm>

#include "base/log.h"
#include "gpu/macro/macro_engine.h"
#include "gpu/macro/macro_runner.h"

namespace gpu::macro {

namespace {

// The largest load FIFO SET_MME_DATA_FIFO_CONFIG offers is 16 KB.
constexpr u32 kFifoWords = 16 * 1024 / 4;

// The part of [address, address + words) inside the data RAM; logs what is cut off.
u32 DataRamWordsFrom(u32 address, u32 words, std::string_view method) {
    const u32 available = address < kDataRamWords ? kDataRamWords - address : 0;
    if (words > available) {
        LOG_WARNING(kLogCategory,
                    "{} of {} words at data RAM word {:#x} runs past its {:#x} words; only {} are "
                    "moved",
                    method, words, address, kDataRamWords, available);
    }
    return std::min(words, available);
}

}  // namespace

void MacroEngine::DmaRead(u32 words, MacroHost& host) {
    const u32 count = DataRamWordsFrom(data_ram_address_, words, "MME_DMA_READ");
    std::span<u32> target(data_ram_.data() + (count ? data_ram_address_ : 0), count);
    if (count != 0 && !host.ReadMemory(MemAddress(), target)) {
        LOG_WARNING(kLogCategory,
                    "MME_DMA_READ of {} words at {:#x}: unmapped GPU memory; the data RAM words "
                    "read as 0",
                    count, MemAddress());
        std::fill(target.begin(), target.end(), 0u);
    }
}

void MacroEngine::DmaReadFifoed(u32 words, MacroHost& host) {
    const u32 room =
        kFifoWords - static_cast<u32>(std::min<std::size_t>(fifoed_.size(), kFifoWords));
    const u32 count = std::min(words, room);
    if (count < words) {
        LOG_WARNING(kLogCategory,
                    "MME_DMA_READ_FIFOED of {} words: the load FIFO holds {} words ({} free); "
                    "the rest is dropped",
                    words, kFifoWords, room);
    }
    std::vector<u32> loaded(count);
    if (count != 0 && !host.ReadMemory(MemAddress(), loaded)) {
        LOG_WARNING(kLogCategory,
                    "MME_DMA_READ_FIFOED of {} words at {:#x}: unmapped GPU memory; they load as 0",
                    count, MemAddress());
        std::fill(loaded.begin(), loaded.end(), 0u);
    }
    fifoed_.insert(fifoed_.end(), loaded.begin(), loaded.end());
}

void MacroEngine::DmaWrite(u32 words, MacroHost& host) {
    const u32 count = DataRamWordsFrom(data_ram_address_, words, "MME_DMA_WRITE");
    if (count != 0 &&
        !host.WriteMemory(MemAddress(),
                          std::span<const u32>(data_ram_.data() + data_ram_address_, count))) {
        LOG_WARNING(kLogCategory,
                    "MME_DMA_WRITE of {} words to {:#x}: unmapped GPU memory; nothing written",
                    count, MemAddress());
    }
}

}  // namespace gpu::macro
