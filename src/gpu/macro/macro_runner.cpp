#include "gpu/macro/macro_runner.h"

#include "base/log.h"

namespace gpu::macro {

MacroRunner::MacroRunner(MacroEngine& engine, u32 index, std::span<const u32> parameters,
                         MacroHost& host)
    : engine_(engine),
      host_(host),
      index_(index),
      parameters_(parameters),
      budget_(engine.limits_.base_instructions +
              engine.limits_.instructions_per_parameter * parameters.size()) {}

bool MacroRunner::CountInstruction(u32 pc) {
    if (run_.instructions >= budget_) {
        Stop(MacroExit::BudgetExhausted, pc,
             "still running after {} instructions (budget {} + {} per parameter, {} parameters); "
             "stopped: the hardware would keep running it",
             run_.instructions, engine_.limits_.base_instructions,
             engine_.limits_.instructions_per_parameter, parameters_.size() + fifoed_.size());
        return false;
    }
    ++run_.instructions;
    return true;
}

u32 MacroRunner::FetchParameter(u32 pc) {
    ++run_.parameters_fetched;
    if (next_fifoed_ < fifoed_.size()) {
        return fifoed_[next_fifoed_++];
    }
    if (next_parameter_ < parameters_.size()) {
        return parameters_[next_parameter_++];
    }
    if (run_.missing_parameters++ == 0) {
        LOG_WARNING(kLogCategory,
                    "macro {} at {:#x}: fetched parameter {} of a call with {}; the hardware waits "
                    "for another CALL_MME_DATA word, this run reads 0 for it and any later fetch",
                    index_, pc, run_.parameters_fetched, parameters_.size() + fifoed_.size());
    }
    return 0;
}

u32 MacroRunner::State(u32 method, u32 pc) {
    if (method >= kMethodCount) {
        if (state_out_of_range_++ != 0) {
            return 0;
        }
        LOG_WARNING(kLogCategory,
                    "macro {} at {:#x}: STATE of method {:#x}, past the {:#x} methods the shadow "
                    "RAM holds; read as 0 (logged once per run)",
                    index_, pc, method, kMethodCount);
        return 0;
    }
    return engine_.shadow_[method];
}

void MacroRunner::Emit(u32 method, u32 value) {
    host_.WriteMethod(method, engine_.WriteMethod(method, value, host_));
}

void MacroRunner::LoadBarrier() {
    if (engine_.fifoed_.empty()) {
        return;
    }
    budget_ += engine_.limits_.instructions_per_parameter * engine_.fifoed_.size();
    std::vector<u32> queue = std::move(engine_.fifoed_);
    engine_.fifoed_.clear();
    queue.insert(queue.end(), fifoed_.begin() + static_cast<std::ptrdiff_t>(next_fifoed_),
                 fifoed_.end());
    fifoed_ = std::move(queue);
    next_fifoed_ = 0;
}

bool MacroRunner::DataRamIndex(u32 index, u32 pc) {
    if (index < kDataRamWords) {
        return true;
    }
    Stop(MacroExit::IllegalInstruction, pc,
         "data RAM word {:#x} is past its {:#x} words (not defined)", index, kDataRamWords);
    return false;
}

void MacroRunner::Report(MacroExit exit, u32 pc, const std::string& what) {
    LOG_WARNING(kLogCategory, "macro {} at {:#x}: {} ({})", index_, pc, what, MacroExitName(exit));
    run_.exit = exit;
    stopped_ = true;
}

}  // namespace gpu::macro
