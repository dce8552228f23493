#include "cpu/llvm/region_compiler.h"

#include <mutex>
#include <string>

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
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
    target_ = Unwrap(host.createTargetMachine(), "creating the host's target machine");
}

RegionCompiler::~RegionCompiler() = default;

RegionFunction RegionCompiler::Compile(const Region& region) {
    auto context = std::make_unique<llvm::LLVMContext>();
    auto module = std::make_unique<llvm::Module>("region", *context);
    module->setDataLayout(jit_->getDataLayout());
    module->setTargetTriple(jit_->getTargetTriple().str());
    const std::string name = "region_" + std::to_string(compiled_++);
    TranslateRegion(region, memory_, *module, name);
    std::string problems;
    llvm::raw_string_ostream stream(problems);
    if (llvm::verifyModule(*module, &stream)) {
        base::Fail("LLVM tier: the IR of the region at {:#x} is invalid: {}", region.entry,
                   stream.str());
    }
    Optimize(*module, target_.get());
    if (auto error =
            jit_->addIRModule(llvm::orc::ThreadSafeModule(std::move(module), std::move(context)))) {
        base::Fail("LLVM tier: adding the region at {:#x}: {}", region.entry,
                   TakeMessage(std::move(error)));
    }
    const auto symbol = Unwrap(jit_->lookup(name), "compiling a region");
    return reinterpret_cast<RegionFunction>(symbol.getAddress());
}

}  // namespace cpu::llvm_tier
