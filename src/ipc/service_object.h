#pragma once

// A service interface is a class with a table of commands whose C++ signatures say how their
// arguments travel (nn::sf's conventions): plain values are the raw data, laid out by alignment,
// smallest first and otherwise in declaration order (the order Nintendo's generated code uses,
// as Ryujinx's reimplementation of it documents);
// Out<T> are raw outputs laid out the same way; InBuffer / OutBuffer take the next buffer
// descriptor of their kind; ClientProcessId takes the sender's process id (and 8 raw bytes);
// OutObject makes a new session (or a domain object); OutCopyHandle / OutMoveHandle hand a
// kernel object to the client.
//
//     class Logger : public ipc::Interface<Logger> {
//     public:
//         static constexpr auto kName = "nn::lm::ILogger";
//         base::Result Log(ipc::InBuffer<ipc::kAutoSelect> message);
//         static constexpr auto kCommands = std::array{NX_COMMAND(0, Logger::Log)};
//     };

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "base/log.h"
#include "base/result.h"
#include "cpu/guest_memory.h"
#include "ipc/request_context.h"

namespace ipc {

class ServiceObject : public std::enable_shared_from_this<ServiceObject> {
public:
    virtual ~ServiceObject() = default;
    virtual std::string_view Name() const = 0;
    // Runs the command; false when the interface has none with that id.
    virtual bool Invoke(u32 command, RequestContext& context, base::Result& result) = 0;
    // The pointer buffer a client may ask for (QueryPointerBufferSize).
    virtual u16 PointerBufferSize() const { return 0x500; }
    // The ids of the commands the interface provides (for tests that build requests).
    virtual std::vector<u32> CommandIds() const = 0;
    // Whether `command` may wait on the host (a socket, a name lookup). The kernel then runs
    // it on a host thread of its own while the calling guest thread waits, so that the guest's
    // other threads go on; such a command watches IpcEnvironment::StopRequested while it waits.
    virtual bool MayWaitOnHost(u32 command) const {
        (void)command;
        return false;
    }
    // The same for one request, where its arguments (the raw data after the command header)
    // decide: vi's binder transactions wait only to dequeue a buffer.
    virtual bool RequestMayWaitOnHost(u32 command, std::span<const u8> arguments) const {
        (void)arguments;
        return MayWaitOnHost(command);
    }
};

// Buffer transfer kinds (nn::sf's buffer attributes, reduced to how the data travels).
enum BufferKind { kMapAlias, kPointer, kAutoSelect };

template <BufferKind Kind>
struct InBuffer {
    std::vector<u8> data;
};
template <BufferKind Kind>
struct OutBuffer {
    std::span<u8> data;  // the size of the client's buffer, zeroed; written back whole
};
// An out buffer the client fills before the call: the command reads what is there and the
// buffer is written back whole (bsd's RecvMMsg / SendMMsg take their message headers so).
template <BufferKind Kind>
struct InOutBuffer {
    std::span<u8> data;  // the client's buffer as it was; written back whole
};

template <typename T>
struct Out {
    T* value;
    T& operator*() const { return *value; }
    T* operator->() const { return value; }
};

struct ClientProcessId {
    u64 pid = 0;
};

// The requesting process, for a command that needs more than its arguments (events, ending
// the process); takes no part of the message.
struct RequestEnvironment {
    kernel::IpcEnvironment* environment = nullptr;
    kernel::IpcEnvironment& operator*() const { return *environment; }
    kernel::IpcEnvironment* operator->() const { return environment; }
};

struct OutObject {
    std::shared_ptr<ServiceObject>* object;
};
// The next handle the client copied to the server (a process, transfer memory, an event):
// null when the message has no further copy handle or it names nothing.
struct InCopyHandle {
    std::shared_ptr<kernel::KernelObject> object;
};
struct OutCopyHandle {
    std::shared_ptr<kernel::KernelObject>* object;
};
struct OutMoveHandle {
    std::shared_ptr<kernel::KernelObject>* object;
};

namespace detail {

template <typename T>
struct ArgumentKind {
    static constexpr bool kRawIn = std::is_trivially_copyable_v<T>;
    static constexpr bool kRawOut = false;
};
template <typename T>
struct ArgumentKind<Out<T>> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = true;
    using Value = T;
};
template <BufferKind K>
struct ArgumentKind<InBuffer<K>> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <BufferKind K>
struct ArgumentKind<OutBuffer<K>> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <BufferKind K>
struct ArgumentKind<InOutBuffer<K>> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <>
struct ArgumentKind<OutObject> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <>
struct ArgumentKind<InCopyHandle> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <>
struct ArgumentKind<OutCopyHandle> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <>
struct ArgumentKind<OutMoveHandle> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <>
struct ArgumentKind<RequestEnvironment> {
    static constexpr bool kRawIn = false;
    static constexpr bool kRawOut = false;
};
template <>
struct ArgumentKind<ClientProcessId> {
    static constexpr bool kRawIn = true;  // 8 reserved raw bytes
    static constexpr bool kRawOut = false;
};

template <typename T>
struct RawShape {
    static constexpr std::size_t kSize = sizeof(T);
    static constexpr std::size_t kAlign = alignof(T);
};
template <>
struct RawShape<ClientProcessId> {
    static constexpr std::size_t kSize = 8;
    static constexpr std::size_t kAlign = 8;
};

// Offsets of the raw arguments selected by `selected`: sorted by alignment, smallest first,
// stable, each aligned to itself. Arguments not selected get offset 0.
template <std::size_t N>
constexpr std::pair<std::array<std::size_t, N>, std::size_t> RawLayout(
    const std::array<bool, N>& selected, const std::array<std::size_t, N>& sizes,
    const std::array<std::size_t, N>& aligns) {
    std::array<std::size_t, N> order{};
    for (std::size_t i = 0; i < N; ++i) {
        order[i] = i;
    }
    // Insertion sort: stable, and usable in constant expressions.
    for (std::size_t i = 1; i < N; ++i) {
        for (std::size_t j = i; j > 0 && aligns[order[j - 1]] > aligns[order[j]]; --j) {
            std::swap(order[j - 1], order[j]);
        }
    }
    std::array<std::size_t, N> offsets{};
    std::size_t offset = 0;
    for (const std::size_t index : order) {
        if (!selected[index]) {
            continue;
        }
        offset = (offset + aligns[index] - 1) / aligns[index] * aligns[index];
        offsets[index] = offset;
        offset += sizes[index];
    }
    return {offsets, offset};
}

// Storage for an argument while the command runs.
template <typename T>
struct Holder {
    T value{};
    T& Get() { return value; }
};
template <typename T>
struct Holder<Out<T>> {
    T value{};
    Out<T> Get() { return Out<T>{&value}; }
};
template <BufferKind K>
struct Holder<OutBuffer<K>> {
    std::vector<u8> value;
    OutBuffer<K> Get() { return OutBuffer<K>{value}; }
};
template <BufferKind K>
struct Holder<InOutBuffer<K>> {
    std::vector<u8> value;
    InOutBuffer<K> Get() { return InOutBuffer<K>{value}; }
};
template <>
struct Holder<OutObject> {
    std::shared_ptr<ServiceObject> value;
    OutObject Get() { return OutObject{&value}; }
};
template <>
struct Holder<OutCopyHandle> {
    std::shared_ptr<kernel::KernelObject> value;
    OutCopyHandle Get() { return OutCopyHandle{&value}; }
};
template <>
struct Holder<OutMoveHandle> {
    std::shared_ptr<kernel::KernelObject> value;
    OutMoveHandle Get() { return OutMoveHandle{&value}; }
};

// Reads or writes the buffers of one request, taking descriptors in argument order.
class BufferCursor {
public:
    explicit BufferCursor(RequestContext& context) : context_(context) {}

    template <BufferKind Kind>
    bool NextIn(InBuffer<Kind>& buffer) {
        const BufferDescriptor* descriptor = PickIn(Kind);
        if (descriptor == nullptr) {
            return false;
        }
        // A hostile size must not make the host allocate what the guest does not have.
        if (descriptor->size != 0 &&
            context_.Environment().Memory().HostPointer(descriptor->address, descriptor->size,
                                                        cpu::Permission::Read) == nullptr) {
            return false;
        }
        buffer.data.resize(descriptor->size);
        return descriptor->size == 0 ||
               context_.Environment().Memory().ReadBlock(descriptor->address, buffer.data);
    }

    // The storage of an out buffer, sized to the client's (zeroed, or what the client put there
    // when `read_first`); its descriptor joins `targets`.
    bool NextOut(BufferKind kind, bool read_first, std::vector<u8>& storage,
                 std::vector<BufferDescriptor>& targets) {
        const BufferDescriptor* descriptor = PickOut(kind);
        if (descriptor == nullptr) {
            return false;
        }
        if (descriptor->size != 0 &&
            context_.Environment().Memory().HostPointer(descriptor->address, descriptor->size,
                                                        cpu::Permission::Write) == nullptr) {
            return false;  // the reply could not be written there
        }
        storage.assign(descriptor->size, 0);
        if (read_first && descriptor->size != 0 &&
            !context_.Environment().Memory().ReadBlock(descriptor->address, storage)) {
            return false;
        }
        targets.push_back(*descriptor);
        return true;
    }

private:
    const BufferDescriptor* Take(const std::vector<BufferDescriptor>& list, std::size_t& next) {
        return next < list.size() ? &list[next++] : nullptr;
    }
    // An auto-select buffer is the send buffer when the client gave one, else the pointer one.
    const BufferDescriptor* PickIn(BufferKind kind) {
        const auto& message = context_.Message();
        if (kind == kMapAlias) {
            return Take(message.a, a_);
        }
        if (kind == kPointer) {
            return Take(message.x, x_);
        }
        const BufferDescriptor* a = Take(message.a, a_);
        const BufferDescriptor* x = Take(message.x, x_);
        return a != nullptr && a->address != 0 ? a : x;
    }
    const BufferDescriptor* PickOut(BufferKind kind) {
        const auto& message = context_.Message();
        if (kind == kMapAlias) {
            return Take(message.b, b_);
        }
        if (kind == kPointer) {
            return Take(message.c, c_);
        }
        const BufferDescriptor* b = Take(message.b, b_);
        const BufferDescriptor* c = Take(message.c, c_);
        return b != nullptr && b->address != 0 ? b : c;
    }

    RequestContext& context_;
    std::size_t a_ = 0, b_ = 0, x_ = 0, c_ = 0;

public:
    std::size_t next_copy_handle = 0;  // InCopyHandle arguments take them in order
};

template <typename T>
struct IsOutBuffer : std::false_type {};
template <BufferKind K>
struct IsOutBuffer<OutBuffer<K>> : std::true_type {
    static constexpr BufferKind kKind = K;
    static constexpr bool kReadFirst = false;
};
template <BufferKind K>
struct IsOutBuffer<InOutBuffer<K>> : std::true_type {
    static constexpr BufferKind kKind = K;
    static constexpr bool kReadFirst = true;
};

template <auto Method>
struct CommandInvoker;

template <typename Class, typename... Args, base::Result (Class::*Method)(Args...)>
struct CommandInvoker<Method> {
    static constexpr std::size_t kCount = sizeof...(Args);
    using Types = std::tuple<std::decay_t<Args>...>;

    template <std::size_t... I>
    static constexpr auto InLayout(std::index_sequence<I...>) {
        return RawLayout<kCount>({ArgumentKind<std::tuple_element_t<I, Types>>::kRawIn...},
                                 {RawShape<std::tuple_element_t<I, Types>>::kSize...},
                                 {RawShape<std::tuple_element_t<I, Types>>::kAlign...});
    }
    template <typename T>
    static constexpr std::size_t OutSize() {
        if constexpr (ArgumentKind<T>::kRawOut) {
            return sizeof(typename ArgumentKind<T>::Value);
        } else {
            return 1;
        }
    }
    template <typename T>
    static constexpr std::size_t OutAlign() {
        if constexpr (ArgumentKind<T>::kRawOut) {
            return alignof(typename ArgumentKind<T>::Value);
        } else {
            return 1;
        }
    }
    template <std::size_t... I>
    static constexpr auto OutLayout(std::index_sequence<I...>) {
        return RawLayout<kCount>({ArgumentKind<std::tuple_element_t<I, Types>>::kRawOut...},
                                 {OutSize<std::tuple_element_t<I, Types>>()...},
                                 {OutAlign<std::tuple_element_t<I, Types>>()...});
    }

    static base::Result Invoke(ServiceObject& object, RequestContext& context) {
        constexpr auto in_layout = InLayout(std::index_sequence_for<Args...>{});
        constexpr auto out_layout = OutLayout(std::index_sequence_for<Args...>{});
        if (context.RawInput().size() < in_layout.second) {
            return ResultInvalidCombination;  // fewer raw bytes than the command takes
        }
        std::tuple<Holder<std::decay_t<Args>>...> holders;
        std::vector<BufferDescriptor> out_targets;
        BufferCursor buffers(context);
        bool buffers_ok = true;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (LoadArgument<std::tuple_element_t<I, Types>>(std::get<I>(holders), in_layout.first[I],
                                                          context, buffers, out_targets,
                                                          buffers_ok),
             ...);
        }
        (std::index_sequence_for<Args...>{});
        if (!buffers_ok) {
            return ResultInvalidCombination;
        }
        const base::Result result = std::apply(
            [&](auto&... held) { return (static_cast<Class&>(object).*Method)(held.Get()...); },
            holders);
        if (result.IsFailure()) {
            return result;
        }
        context.raw_output.assign(out_layout.second, 0);
        std::size_t target = 0;
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (StoreArgument<std::tuple_element_t<I, Types>>(
                 std::get<I>(holders), out_layout.first[I], context, out_targets, target),
             ...);
        }
        (std::index_sequence_for<Args...>{});
        return result;
    }

    template <typename T>
    static void LoadArgument(Holder<T>& holder, std::size_t offset, RequestContext& context,
                             BufferCursor& buffers, std::vector<BufferDescriptor>& out_targets,
                             bool& ok) {
        if constexpr (std::is_same_v<T, ClientProcessId>) {
            holder.value.pid = context.Environment().ProcessId();
        } else if constexpr (std::is_same_v<T, RequestEnvironment>) {
            holder.value.environment = &context.Environment();
        } else if constexpr (std::is_same_v<T, InCopyHandle>) {
            const auto& handles = context.Message().copy_handles;
            if (buffers.next_copy_handle < handles.size()) {
                holder.value.object =
                    context.Environment().GetHandle(handles[buffers.next_copy_handle++]);
            }
        } else if constexpr (ArgumentKind<T>::kRawIn) {
            std::memcpy(&holder.value, context.RawInput().data() + offset, sizeof(T));
        } else if constexpr (requires { buffers.NextIn(holder.value); }) {
            ok = ok && buffers.NextIn(holder.value);
        } else if constexpr (IsOutBuffer<T>::value) {
            ok = ok && buffers.NextOut(IsOutBuffer<T>::kKind, IsOutBuffer<T>::kReadFirst,
                                       holder.value, out_targets);
        }
    }

    template <typename T>
    static void StoreArgument(Holder<T>& holder, std::size_t offset, RequestContext& context,
                              const std::vector<BufferDescriptor>& out_targets,
                              std::size_t& target) {
        if constexpr (ArgumentKind<T>::kRawOut) {
            std::memcpy(context.raw_output.data() + offset, &holder.value, sizeof(holder.value));
        } else if constexpr (IsOutBuffer<T>::value) {
            const BufferDescriptor& descriptor = out_targets[target++];
            context.Environment().Memory().WriteBlock(descriptor.address, holder.value);
        } else if constexpr (std::is_same_v<T, OutObject>) {
            context.out_objects.push_back(holder.value);
        } else if constexpr (std::is_same_v<T, OutCopyHandle>) {
            context.copy_handles.push_back(context.Environment().AddHandle(holder.value));
        } else if constexpr (std::is_same_v<T, OutMoveHandle>) {
            context.move_handles.push_back(context.Environment().AddHandle(holder.value));
        }
    }
};

}  // namespace detail

// A row of an interface's table: a command nxhost provides, or (invoke null) one the console
// has that nxhost does not yet, named so that a program calling it is told what is missing.
struct CommandEntry {
    u32 id;
    std::string_view name;
    base::Result (*invoke)(ServiceObject&, RequestContext&);
};

#define NX_COMMAND(id, method)                                       \
    ::ipc::CommandEntry {                                            \
        id, #method, &::ipc::detail::CommandInvoker<&method>::Invoke \
    }

// A command of the console's interface that nxhost does not provide yet: answered as sf answers
// an unknown command (ResultUnknownCommandId), with a log line naming it. Ids and names from
// the public homebrew documentation (switchbrew).
#define NX_NOT_BUILT(id, name) \
    ::ipc::CommandEntry {      \
        id, name, nullptr      \
    }

namespace detail {
// Logs, once per interface and command, that a program called a command nxhost lacks.
void LogCommandNotBuilt(std::string_view interface, u32 command, std::string_view name);
}  // namespace detail

// The base of every interface: finds the command in Derived::kCommands and runs it.
template <typename Derived>
class Interface : public ServiceObject {
public:
    std::string_view Name() const override { return Derived::kName; }
    bool Invoke(u32 command, RequestContext& context, base::Result& result) override {
        for (const CommandEntry& entry : Derived::kCommands) {
            if (entry.id != command) {
                continue;
            }
            if (entry.invoke == nullptr) {
                detail::LogCommandNotBuilt(Derived::kName, command, entry.name);
                result = ResultUnknownCommandId;
            } else {
                result = entry.invoke(*this, context);
            }
            return true;
        }
        return false;
    }
    // The commands provided (not those only named).
    std::vector<u32> CommandIds() const override {
        std::vector<u32> ids;
        for (const CommandEntry& entry : Derived::kCommands) {
            if (entry.invoke != nullptr) {
                ids.push_back(entry.id);
            }
        }
        return ids;
    }
};

}  // namespace ipc
