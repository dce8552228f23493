#include "cpu/llvm/region_translator.h"

#include "cpu/llvm/translator.h"

namespace cpu::llvm_tier {

llvm::Function* TranslateRegion(const Region& region, const MemoryLayout& memory,
                                llvm::Module& module, const std::string& name) {
    return Translator(region, memory, module, name).Translate();
}

}  // namespace cpu::llvm_tier
