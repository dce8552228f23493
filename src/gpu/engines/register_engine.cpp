#include "gpu/engines/register_engine.h"

#include <span>

#include <fmt/ranges.h>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/engines/threed_reset_state.h"
#include "gpu/method_names.h"

namespace gpu::engines {
namespace {

constexpr u32 kClearSurface = 0x19D0 / 4;
// The 3D class's syncpoint increment on Tegra, byte 0x2C8 (not in OGD's headers: Ryujinx
// Engine/MethodIncrementSyncpoint.cs at method 0xB2, the syncpoint in bits 15:0, one
// increment a write; deko3d's fences on fizeau and NXGallery write 0x00110010 twice for
// syncpoint 16).
constexpr u32 kIncrementSyncpoint = 0x02C8 / 4;
// The 3D class's firmware methods (deko3d engine_3d.def: MmeFirmwareArgs 0x3400, FirmwareCall
// 0x2300). FIRMWARE_CALL(4) has the falcon firmware write a PGRAPH register (address, value and
// mask in the arguments) and then set MmeFirmwareArgs[0] to 1, which deko3d's WriteHardwareReg
// macro waits for (yuzu maxwell_3d.cpp ProcessFirmwareCall4 sets it to 1 the same way).
constexpr u32 kFirmwareArgs0 = 0x3400 / 4;
constexpr u32 kFirmwareCall4 = 0x2310 / 4;
// Mesa uses the MME64 encoding from the Turing 3D class (0xC597) on (mme/mme_builder.h).
macro::MacroFormat MacroFormatOf(u32 class_number) {
    return class_number >= 0xC500 ? macro::MacroFormat::Mme64 : macro::MacroFormat::Fermi;
}

}  // namespace

RegisterEngine::RegisterEngine(EngineContext& context, u32 class_number, EngineKind kind)
    : context_(context), class_number_(class_number), kind_(kind) {
    if (kind == EngineKind::Threed || kind == EngineKind::Compute) {
        inline_to_memory_.emplace(context, class_number);
    }
    if (kind == EngineKind::Threed) {
        macros_.emplace(MacroFormatOf(class_number));
        SetThreedResetState(registers_);
        surface_clear_.emplace(context);
        constant_buffers_.emplace(context);
        draws_.emplace(context, class_number);
        reports_.emplace(context);
    }
    if (kind == EngineKind::Compute) {
        compute_launches_.emplace(context, class_number);
    }
    if (kind == EngineKind::Twod) {
        twod_blit_.emplace(context);
        twod_solid_.emplace(context);
    }
}

void RegisterEngine::Flush() {
    if (draws_) {
        draws_->Flush(registers_, *constant_buffers_);
    }
}

void RegisterEngine::NameOnce(u32 method, std::string_view what) {
    if (named_.test(method % RegisterFile::kCount)) {
        return;
    }
    named_.set(method % RegisterFile::kCount);
    const std::string name = MethodName(0, class_number_, method).value_or("method");
    LOG_WARNING("gpu",
                "channel {}: {} {} ({:#06x}): {} is not executed yet (nxhost keeps the "
                "state, draws nothing); named once",
                context_.channel_id, ClassName(class_number_).value_or("class"), name, method * 4,
                what);
}

void RegisterEngine::MacroHostOf::WriteMethod(u32 method, u32 value) {
    if (macro::IsMacroCallMethod(method)) {
        // A macro that calls a macro: the console's MME does not start one from another.
        engine_.NameOnce(method, "a macro call emitted by a macro (ignored)");
        return;
    }
    if (engine_.context_.dump) {
        engine_.context_.dump->Note(
            engine_.context_.channel_id,
            fmt::format("  macro writes {:#06x} {:<34} {:#010x}", method * 4,
                        MethodName(0, engine_.class_number_, method).value_or(""), value));
    }
    engine_.Apply(method, value);
}

bool RegisterEngine::MacroHostOf::ReadMemory(u64 gpu_address, std::span<u32> words) {
    return engine_.context_.memory->Read(
        gpu_address, std::span<u8>(reinterpret_cast<u8*>(words.data()), words.size_bytes()),
        "a macro's MME_DMA read");
}

bool RegisterEngine::MacroHostOf::WriteMemory(u64 gpu_address, std::span<const u32> words) {
    return engine_.context_.memory->Write(
        gpu_address,
        std::span<const u8>(reinterpret_cast<const u8*>(words.data()), words.size_bytes()),
        "a macro's MME_DMA write");
}

void RegisterEngine::CollectMacroCall(u32 method, u32 argument, bool is_last_call) {
    const u32 index = macro::CalledMacro(method);
    if (!called_macro_ || ((method & 1) == 0 && *called_macro_ != index)) {
        called_macro_ = index;
        macro_parameters_.clear();
    }
    macro_parameters_.push_back(argument);
    if (is_last_call) {
        const macro::MacroRun run =
            macros_->Execute(*called_macro_, macro_parameters_, macro_host_);
        if (run.exit != macro::MacroExit::Exited) {
            if (!stopped_macros_.test(*called_macro_)) {
                // Its code once, for whoever debugs it (NXHOST_LOG=debug shows every stop).
                stopped_macros_.set(*called_macro_);
                LOG_WARNING("gpu",
                            "channel {}: macro {} stopped ({}) with parameters {:#x}; its "
                            "code:\n{}",
                            context_.channel_id, *called_macro_, macro::MacroExitName(run.exit),
                            fmt::join(macro_parameters_, ", "),
                            macros_->Disassemble(*called_macro_, 64));
            } else {
                LOG_DEBUG("gpu", "channel {}: macro {} stopped: {}", context_.channel_id,
                          *called_macro_, macro::MacroExitName(run.exit));
            }
        }
        called_macro_.reset();
        macro_parameters_.clear();
    }
}

void RegisterEngine::IncrementSyncpoint(u32 argument) {
    const u32 id = argument & 0xFFFF;
    if (!context_.syncpoints || !SyncpointManager::Valid(id)) {
        NameOnce(kIncrementSyncpoint, "an increment of a syncpoint that does not exist");
        return;
    }
    context_.host_gpu->Synchronize();  // the fence lands after the work before it
    context_.syncpoints->Increment(id);
}

void RegisterEngine::CallMethod(u32 method, u32 argument, bool is_last_call) {
    if (macros_) {
        if (macro::IsMacroCallMethod(method)) {
            CollectMacroCall(method, argument, is_last_call);
            return;
        }
        argument = macros_->WriteMethod(method, argument, macro_host_);
    }
    Apply(method, argument);
}

void RegisterEngine::Apply(u32 method, u32 argument) {
    if (draws_ && !draws_->Shapes(method)) {
        draws_->Flush(registers_, *constant_buffers_);  // the held draw sees the state before
    }
    registers_.Set(method, argument);
    if (draws_ && draws_->Shapes(method)) {
        draws_->Execute(registers_, *constant_buffers_, method, argument);
        return;
    }
    if (constant_buffers_ && ConstantBuffers::Handles(method)) {
        constant_buffers_->Execute(registers_, method, argument);
        return;
    }
    if (kind_ == EngineKind::Threed && method == kFirmwareCall4) {
        NameOnce(method, "a PGRAPH register write by the firmware (not made; reported done)");
        registers_.Set(kFirmwareArgs0, 1);
        if (macros_) {
            macros_->WriteMethod(kFirmwareArgs0, 1, macro_host_);
        }
        return;
    }
    if (kind_ == EngineKind::Threed && method == kIncrementSyncpoint) {
        IncrementSyncpoint(argument);
        return;
    }
    if (surface_clear_ && method == kClearSurface) {
        surface_clear_->Execute(registers_, argument);
        return;
    }
    if (reports_ && Reports::Handles(method)) {
        reports_->Execute(registers_, method, argument);
        return;
    }
    if (compute_launches_ && compute_launches_->Handles(method)) {
        compute_launches_->Execute(registers_, method, argument);
        return;
    }
    if (twod_blit_ && TwodBlit::Handles(method)) {
        twod_blit_->Execute(registers_);
        return;
    }
    if (twod_solid_ && TwodSolid::Handles(method)) {
        twod_solid_->Execute(registers_, method, argument);
        return;
    }
    if (inline_to_memory_ && InlineToMemory::Handles(method)) {
        inline_to_memory_->CallMethod(registers_, method, argument);
        return;
    }
}

}  // namespace gpu::engines
