#include "cpu/llvm/region_compiler.h"

#include <mutex>
#include <string>

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include "base/error.h"
#include "cpu/llvm/region.h"

namespace cpu::llvm_tier {
namespace {

std::string TakeMessage(llvm::Error error) {
    std::string message;
    llvm::raw_string_ostream stream(message);
    stream << error;
    return stream.str();
}

template <typename T>
T Unwrap(llvm::Expected<T> value, const char* what) {
    if (!value) {
        base::Fail("LLVM tier: {}: {}", what, TakeMessage(value.takeError()));
    }
    return std::move(*value);
}

void Optimize(llvm::Module& module, llvm::TargetMachine* target) {
    llvm::LoopAnalysisManager loops;
    llvm::FunctionAnalysisManager functions;
    llvm::CGSCCAnalysisManager call_graph;
    llvm::ModuleAnalysisManager modules;
    llvm::PassBuilder builder(target);
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(call_graph);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, call_graph, modules);
    builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2).run(module, modules);
}

}  // namespace

RegionCompiler::RegionCompiler(const MemoryLayout& memory) : memory_(memory) {
    static std::once_flag initialized;
    std::call_once(initialized, [] {
        llvm::InitializeNativeTarget();
        llvm::InitializeNativeTargetAsmPrinter();
    });
    jit_ = Unwrap(llvm::orc::LLJITBuilder().create(), "creating the JIT");
    auto host = Unwrap(llvm::orc::JITTargetMachineBuilder::detectHost(), "detecting the host");
    host.setRelocationModel(llvm::Reloc::PIC_);
    target_ = Unwrap(host.createTargetMachine(), "creating the host's target machine");
}

RegionCompiler::~RegionCompiler() = default;

std::vector<u8> RegionCompiler::CompileToObject(const Region& region, const std::string& name) {
    llvm::LLVMContext context;
    auto module = std::make_unique<llvm::Module>("region", context);
    module->setDataLayout(target_->createDataLayout());
    module->setTargetTriple(target_->getTargetTriple().str());
    TranslateRegion(region, memory_, *module, name);
    std::string problems;
    llvm::raw_string_ostream stream(problems);
    if (llvm::verifyModule(*module, &stream)) {
        base::Fail("LLVM tier: the IR of the region at {:#x} is invalid: {}", region.entry,
                   stream.str());
    }
    Optimize(*module, target_.get());
    llvm::SmallVector<char, 0> object;
    llvm::raw_svector_ostream out(object);
    llvm::legacy::PassManager passes;
    if (target_->addPassesToEmitFile(passes, out, nullptr, llvm::CGFT_ObjectFile)) {
        base::Fail("LLVM tier: the host target cannot emit object files");
    }
    passes.run(*module);
    return std::vector<u8>(object.begin(), object.end());
}

RegionFunction RegionCompiler::Load(std::span<const u8> object, const std::string& name) {
    if (const auto found = loaded_.find(name); found != loaded_.end()) {
        return found->second;
    }
    auto buffer = llvm::MemoryBuffer::getMemBufferCopy(
        llvm::StringRef(reinterpret_cast<const char*>(object.data()), object.size()), name);
    if (auto error = jit_->addObjectFile(std::move(buffer))) {
        base::Fail("LLVM tier: linking the region {}: {}", name, TakeMessage(std::move(error)));
    }
    const auto symbol = Unwrap(jit_->lookup(name), "linking a region");
    const auto function = reinterpret_cast<RegionFunction>(symbol.getAddress());
    loaded_.emplace(name, function);
    return function;
}

}  // namespace cpu::llvm_tier
