#include "cpu/llvm/region_compiler.h"

#include <chrono>
#include <mutex>
#include <string>

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include "base/error.h"
#include "base/log.h"
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

constexpr const char* kPassPipeline =
    "function(sroa,early-cse,instcombine,simplifycfg,gvn,simplifycfg)";

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
    // A short pass list, not the O2 pipeline: the region's registers become SSA values (sroa),
    // redundant loads, page checks and flag computations go (early-cse, instcombine, gvn) and
    // the blocks are merged (simplifycfg). On a dumped 512-instruction region O2 took 1.35 s and
    // this 0.17 s; the loop and inliner passes O2 adds find little in a region.
    llvm::ModulePassManager passes;
    if (auto error = builder.parsePassPipeline(passes, kPassPipeline)) {
        base::Fail("LLVM tier: the pass pipeline {}: {}", kPassPipeline,
                   TakeMessage(std::move(error)));
    }
    passes.run(module, modules);
}

u64 CountInstructions(const llvm::Module& module) {
    u64 count = 0;
    for (const llvm::Function& function : module) {
        count += function.getInstructionCount();
    }
    return count;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// X86 Domain Reassignment (moving GPR chains into AVX-512 mask registers, on hosts with
// AVX512BW) took 2.3 of crc32's 5.6 s of machine code generation for one 1645-instruction region
// (LLVM 14's -time-passes): it is off, as LLVM's own option does it.
void DisableSlowMachinePasses() {
    auto& options = llvm::cl::getRegisteredOptions();
    if (const auto found = options.find("disable-x86-domain-reassignment");
        found != options.end()) {
        static_cast<llvm::cl::opt<bool>*>(found->second)->setValue(true);
    }
}

}  // namespace

RegionCompiler::RegionCompiler(const MemoryLayout& memory) : memory_(memory) {
    static std::once_flag initialized;
    std::call_once(initialized, [] {
        llvm::InitializeNativeTarget();
        llvm::InitializeNativeTargetAsmPrinter();
        DisableSlowMachinePasses();
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
    auto start = std::chrono::steady_clock::now();
    TranslateRegion(region, memory_, *module, name);
    std::string problems;
    llvm::raw_string_ostream stream(problems);
    if (llvm::verifyModule(*module, &stream)) {
        base::Fail("LLVM tier: the IR of the region at {:#x} is invalid: {}", region.entry,
                   stream.str());
    }
    const double translate_seconds = SecondsSince(start);
    const u64 before = CountInstructions(*module);
    start = std::chrono::steady_clock::now();
    Optimize(*module, target_.get());
    const double optimize_seconds = SecondsSince(start);
    const u64 after = CountInstructions(*module);
    start = std::chrono::steady_clock::now();
    llvm::SmallVector<char, 0> object;
    llvm::raw_svector_ostream out(object);
    llvm::legacy::PassManager passes;
    if (target_->addPassesToEmitFile(passes, out, nullptr, llvm::CGFT_ObjectFile)) {
        base::Fail("LLVM tier: the host target cannot emit object files");
    }
    passes.run(*module);
    const double codegen_seconds = SecondsSince(start);
    LOG_DEBUG("cpu",
              "LLVM tier: region at {:#x}, {} guest instructions: IR {} -> {} instructions, "
              "translate {:.1f} ms, optimise {:.1f} ms, machine code {:.1f} ms",
              region.entry, region.words.size(), before, after, translate_seconds * 1e3,
              optimize_seconds * 1e3, codegen_seconds * 1e3);
    ++stats_.regions;
    stats_.guest_instructions += region.words.size();
    stats_.translate_seconds += translate_seconds;
    stats_.optimize_seconds += optimize_seconds;
    stats_.codegen_seconds += codegen_seconds;
    stats_.ir_instructions_before += before;
    stats_.ir_instructions_after += after;
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
