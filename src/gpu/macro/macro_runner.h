#pragma once

#include <span>
#include <vector>

#include <fmt/format.h>

#include "gpu/macro/macro_engine.h"

namespace gpu::macro {

inline constexpr std::string_view kLogCategory = "gpu.macro";

// One macro call: what both interpreters share. It owns the parameter queue, the path of
// emitted methods, STATE reads and the instruction budget, and records how the run ends.
class MacroRunner {
public:
    MacroRunner(MacroEngine& engine, u32 index, std::span<const u32> parameters, MacroHost& host);

    u32 Index() const { return index_; }
    std::span<const u32> Code() const { return engine_.code_; }
    u32 Start() const { return engine_.start_[index_]; }
    MacroRun& Result() { return run_; }
    bool Stopped() const { return stopped_; }

    // Counts one instruction; false (and the run is stopped) once the budget is spent.
    bool CountInstruction(u32 pc);
    // Reads the next parameter. Past the end the hardware would wait for more CALL_MME_DATA
    // words; a finished call has none, so this answers 0 and logs it.
    u32 FetchParameter(u32 pc);
    u32 State(u32 method, u32 pc);
    void Emit(u32 method, u32 value);

    // MME64: the EXTENDED load barrier puts the MME_DMA_READ_FIFOED words in front of the
    // parameters not fetched yet.
    void LoadBarrier();
    bool DataRamIndex(u32 index, u32 pc);
    u32& DataRam(u32 index) { return engine_.data_ram_[index]; }

    template <typename... Args>
    void Stop(MacroExit exit, u32 pc, fmt::format_string<Args...> format, Args&&... args) {
        Report(exit, pc, fmt::format(format, std::forward<Args>(args)...));
    }
    void Exit() { stopped_ = true; }

private:
    void Report(MacroExit exit, u32 pc, const std::string& what);

    MacroEngine& engine_;
    MacroHost& host_;
    u32 index_;
    std::span<const u32> parameters_;
    std::size_t next_parameter_ = 0;
    std::vector<u32> fifoed_;  // loaded ahead of parameters_[next_parameter_]
    std::size_t next_fifoed_ = 0;
    u64 budget_;
    u32 state_out_of_range_ = 0;
    bool stopped_ = false;
    MacroRun run_;
};

}  // namespace gpu::macro
