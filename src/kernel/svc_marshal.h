#pragma once

// Supervisor calls with typed signatures, marshalled from the registers by the table in
// svc.cpp, as service commands are from their messages (ipc/service_object.h). The console's
// 64-bit convention (Horizon's SVC ABI as libnx's svc.s follows it): a handler's parameters after
// the SvcContext are numbered from 0 as in the C declaration, outputs included; an input
// arrives in the register of its number (X<n>; narrower types in its low bits), the outputs
// (SvcOut<T>&) leave in X1, X2, ... in the order they are declared, and the result in X0.
//
//     base::Result GetThreadPriority(SvcContext&, SvcOut<s32>& priority, u32 thread);
//
// Return types: base::Result (X0); SvcReply, for a call that may answer later (a blocked
// thread's wake writes X0 then); u64, for the calls whose X0 is a value (GetSystemTick,
// GetCurrentProcessorNumber); void, for those that do not return (ExitProcess, ExitThread).

#include <tuple>
#include <type_traits>
#include <utility>

#include "base/result.h"
#include "kernel/svc_context.h"

namespace kernel {

namespace detail {

template <typename T>
struct IsSvcOut : std::false_type {};
template <typename T>
struct IsSvcOut<SvcOut<T>> : std::true_type {};

template <typename T>
void LoadSvcArgument(const SvcContext& svc, unsigned index, T& value) {
    if constexpr (!IsSvcOut<T>::value) {
        static_assert(std::is_integral_v<T>, "an SVC input is an integer in one register");
        value = static_cast<T>(svc.Arg(index));
    }
}

template <typename T>
void StoreSvcOutput(SvcContext& svc, unsigned& next_register, const T& value) {
    if constexpr (IsSvcOut<T>::value) {
        const unsigned index = next_register++;
        if (const auto& set = value.Value()) {
            using Value = std::decay_t<decltype(*set)>;
            // Signed values are sign extended (an index of -1 is all ones), others zero extended.
            if constexpr (std::is_signed_v<Value>) {
                svc.Out(index, static_cast<u64>(static_cast<s64>(*set)));
            } else {
                svc.Out(index, static_cast<u64>(*set));
            }
        }
    }
}

template <auto Handler>
struct SvcMarshal;

template <typename Return, typename... Args, Return (*Handler)(SvcContext&, Args...)>
struct SvcMarshal<Handler> {
    static void Call(SvcContext& svc) {
        std::tuple<std::decay_t<Args>...> values;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (LoadSvcArgument(svc, static_cast<unsigned>(I), std::get<I>(values)), ...);
        }
        (std::index_sequence_for<Args...>{});
        const auto call = [&] {
            return std::apply([&](auto&... value) { return Handler(svc, value...); }, values);
        };
        if constexpr (std::is_void_v<Return>) {
            call();
            StoreOutputs(svc, values);
        } else {
            const Return answer = call();
            StoreOutputs(svc, values);
            if constexpr (std::is_same_v<Return, base::Result>) {
                svc.Return(answer);
            } else if constexpr (std::is_same_v<Return, SvcReply>) {
                if (answer) {
                    svc.Return(*answer);
                }
            } else {
                static_assert(std::is_same_v<Return, u64>, "an SVC returns a result or a value");
                svc.Out(0, answer);
            }
        }
    }

private:
    static void StoreOutputs(SvcContext& svc, const std::tuple<std::decay_t<Args>...>& values) {
        unsigned next_register = 1;
        std::apply([&](const auto&... value) { (StoreSvcOutput(svc, next_register, value), ...); },
                   values);
    }
};

}  // namespace detail

// The table's entry for a typed handler.
template <auto Handler>
inline constexpr void (*kSvcEntry)(SvcContext&) = &detail::SvcMarshal<Handler>::Call;

}  // namespace kernel
