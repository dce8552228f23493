#include "cpu/llvm/llvm_tier.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "base/log.h"
#include "cpu/disassembler.h"
#include "cpu/guest_memory.h"
#include "cpu/llvm/a64_instruction.h"
#include "cpu/llvm/region.h"
#include "cpu/llvm/region_cache.h"
#include "cpu/llvm/region_call.h"
#include "cpu/llvm/region_compiler.h"

namespace cpu {
namespace {

using llvm_tier::Region;
using llvm_tier::RegionCompiler;
using llvm_tier::RegionFunction;

// Entering and leaving a region costs about as much as a few hundred instructions in dynarmic
// (dynarmic's return to the core's loop, the registers copied both ways, the table look-ups).
// A region that runs fewer instructions than this per entry, on average over its first
// kTrialEntries, is slower than no region: it is dropped and its entry never compiled again.
constexpr u64 kMinInstructionsPerEntry = 512;
constexpr u64 kTrialEntries = 256;
// The most guest instructions found for one region, and the most of them kept that are not on
// a cycle through its entry (DiscoverRegion). A region's compile time grows faster than its
// size: measured per region (crc32, sha256, translator 8), 64 instructions took 95 and 53 ms,
// 128 took 118 and 89 ms, 256 750 and 420 ms, 1645 4.1 s, on this 2-core machine. Breadth
// first to 64 instructions cut sha256's compression loop (1.5 million region entries a run);
// the loops whole and little else around them make it one region.
constexpr unsigned kMaxRegionInstructions = 256;
constexpr unsigned kMaxInstructionsOutsideLoops = 32;
// A region too short per entry is compiled once more with where it left off in its trial as
// known entry points (Region::indirect_targets; an interpreter's dispatch leaves its region
// at every BR), at most this many of them.
constexpr std::size_t kMaxKnownEntryPoints = 64;
// Such a region's dispatch reaches many small functions (a game's update functions and their
// helpers through BLR): it may hold this many instructions, or it would still leave at every
// helper past kMaxRegionInstructions (bench calls: 16 functions and 6 helpers, about 330).
constexpr unsigned kMaxRegionInstructionsWithEntryPoints = 768;
// Region exits at one PC without a region that make it worth compiling one there (with
// --cpu-tier2 on; always compiles at the first).
constexpr u64 kHotExits = 16;

// Links a region keeps to the regions it left off into, by exit PC (a loop's region mostly
// has one or two successors: its own entry, the code after the loop).
constexpr std::size_t kLinksPerRegion = 4;

struct ReadyRegion;

// Where a region left off and the region that starts there, as the list of ready regions was
// at `generation`: taken only while the list has not changed since (LlvmTier::generation_).
struct RegionLink {
    u64 pc;
    ReadyRegion* target;
    u64 generation;
};

struct ReadyRegion {
    Region region;
    RegionFunction function;
    std::atomic<u64> entries{0};
    std::atomic<u64> instructions{0};
    std::set<u64> trial_exits;  // under the tier's mutex: where its first entries left off
    // Read without the tier's mutex: a region's successor without a look-up in the shared map
    // (that look-up per region entry was about 15% of sha256's time).
    std::array<std::atomic<const RegionLink*>, kLinksPerRegion> links{};
};

class LlvmTier final : public CodeTier {
public:
    LlvmTier(GuestMemory& memory, const LlvmTierConfig& config)
        : memory_(memory),
          config_(config),
          compiler_(llvm_tier::MemoryLayout{memory.AddressBits()}),
          key_context_(llvm_tier::HostRegionKeyContext(config.build_id, memory.AddressBits())) {
        if (!config_.cache_folder.empty()) {
            cache_.emplace(config_.cache_folder);
        }
        if (!config_.compile_in_foreground) {
            worker_ = std::thread([this] { CompileQueued(); });
        }
    }

    ~LlvmTier() override {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        queued_changed_.notify_all();
        if (worker_.joinable()) {
            worker_.join();
        }
        LOG_INFO("cpu",
                 "LLVM tier: {} regions compiled ({} dropped as too short per entry, {} compiled "
                 "again with where they left off as entry points), entered {} times, {} guest "
                 "instructions run in them",
                 ready_log_.size(), dropped_short_, recompiled_, region_runs_.load(),
                 region_instructions_.load());
        if (!left_off_at_.empty()) {
            LOG_INFO("cpu", "LLVM tier: regions left off at instructions it does not translate: {}",
                     MostLeftOffAt());
        }
        const llvm_tier::CompileStats& compiled = compiler_.Stats();
        LOG_INFO("cpu",
                 "LLVM tier compile time: {:.1f} ms for {} regions of {} guest instructions "
                 "(translate {:.1f}, optimise {:.1f}, machine code {:.1f} ms; IR {} -> {} "
                 "instructions)",
                 compiled.TotalSeconds() * 1e3, compiled.regions, compiled.guest_instructions,
                 compiled.translate_seconds * 1e3, compiled.optimize_seconds * 1e3,
                 compiled.codegen_seconds * 1e3, compiled.ir_instructions_before,
                 compiled.ir_instructions_after);
        if (cache_) {
            const llvm_tier::RegionCacheStats& stats = cache_->Stats();
            LOG_INFO("cpu",
                     "LLVM tier cache {}: {} regions loaded, {} compiled and stored ({} entries "
                     "damaged)",
                     config_.cache_folder.string(), stats.hits, stats.stored, stats.damaged);
        }
    }

    u64 SampleSlice() const override { return config_.sample_slice; }

    void Sample(u64 pc) override {
        {
            std::lock_guard lock(mutex_);
            if (attempted_.contains(pc) || ++samples_[pc] < config_.hot_samples) {
                return;
            }
            samples_.erase(pc);
        }
        Attempt(pc);
    }

    u64 ReadySince(u64 seen, std::vector<u64>& entries) const override {
        std::lock_guard lock(mutex_);
        for (u64 index = seen; index < ready_log_.size(); ++index) {
            entries.push_back(ready_log_[index]);
        }
        return ready_log_.size();
    }

    bool IsReady(u64 pc) const override {
        std::lock_guard lock(mutex_);
        return ready_.contains(pc);
    }

    // Runs the region at state.pc, and the regions it leaves off at one after another (no
    // return to the core between them: the core's trip through dynarmic's state and three
    // look-ups was a quarter of sha256's time) until one leaves to code without a region, the
    // budget is spent, a Halt() or a fault. One FP environment serves the whole chain.
    std::optional<RegionExit> Run(RegionState& state) override {
        ReadyRegion* ready = FindReady(state.pc);
        if (ready == nullptr) {
            return std::nullopt;
        }
        state.memory_base = memory_.Base();
        state.permission_table = memory_.PermissionTable();
        llvm_tier::GuestFpEnvironment environment;
        const u64 budget = state.instruction_budget;
        u64 total = 0;
        while (true) {
            const RegionExit exit = RunOne(*ready, state, environment);
            total += state.instructions;
            const bool halted = state.halt_requested != nullptr &&
                                state.halt_requested->load(std::memory_order_acquire);
            const bool chains = exit == RegionExit::Continue && state.instructions != 0 &&
                                total < budget && !halted;
            // Successor takes no FP operation on its slow path either: a look-up and a link.
            ReadyRegion* next = chains ? Successor(*ready, state.pc) : nullptr;
            if (next == nullptr) {
                environment.Leave(state);
                if (chains) {
                    LeftOffWithoutRegion(state.pc, state.instructions);
                }
                state.instructions = total;
                return exit;
            }
            ready = next;
            state.instruction_budget = budget - total;
        }
    }

    void Invalidate(u64 address, u64 size) override {
        std::lock_guard lock(mutex_);
        for (auto it = ready_.begin(); it != ready_.end();) {
            if (it->second->region.Overlaps(address, size)) {
                // Its machine code stays mapped (a core may be inside it); it is only unlisted.
                attempted_.erase(it->first);
                known_entry_points_.erase(it->first);
                it = ready_.erase(it);
                generation_.fetch_add(1, std::memory_order_release);
            } else {
                ++it;
            }
        }
        ++invalidations_;
    }

    u64 InstructionsRun() const override {
        return region_instructions_.load(std::memory_order_relaxed);
    }

private:
    ReadyRegion* FindReady(u64 pc) const {
        std::lock_guard lock(mutex_);
        const auto found = ready_.find(pc);
        return found == ready_.end() ? nullptr : found->second;
    }

    // The region at pc where `from` left off there: through from's links while no region was
    // unlisted since they were made, else looked up (and linked) under the mutex. Every
    // unlisting (Unlist, Invalidate) changes the generation under the mutex, so no link made
    // before it is taken after it.
    ReadyRegion* Successor(ReadyRegion& from, u64 pc) {
        const u64 generation = generation_.load(std::memory_order_acquire);
        for (const std::atomic<const RegionLink*>& slot : from.links) {
            const RegionLink* link = slot.load(std::memory_order_acquire);
            if (link != nullptr && link->pc == pc && link->generation == generation) {
                return link->target;
            }
        }
        std::lock_guard lock(mutex_);
        const auto found = ready_.find(pc);
        if (found == ready_.end()) {
            return nullptr;
        }
        from.links[FreeLinkSlot(from, pc)].store(Link(from, pc, found->second),
                                                 std::memory_order_release);
        return found->second;
    }

    // The link from `from` at pc to target in this generation, made once (under mutex_): a
    // region whose exits take turns in one slot reuses its links instead of making more.
    const RegionLink* Link(const ReadyRegion& from, u64 pc, ReadyRegion* target) {
        const u64 generation = generation_.load(std::memory_order_relaxed);
        const RegionLink*& made = links_made_[{&from, pc}];
        if (made == nullptr || made->generation != generation || made->target != target) {
            made = &links_.emplace_back(RegionLink{
                .pc = pc,
                .target = target,
                .generation = generation,
            });
        }
        return made;
    }

    // A slot of from's links holding none or a stale one, else the one pc hashes to.
    std::size_t FreeLinkSlot(const ReadyRegion& from, u64 pc) const {
        const u64 generation = generation_.load(std::memory_order_relaxed);
        for (std::size_t index = 0; index < kLinksPerRegion; ++index) {
            const RegionLink* link = from.links[index].load(std::memory_order_relaxed);
            if (link == nullptr || link->generation != generation) {
                return index;
            }
        }
        return (pc >> 2) % kLinksPerRegion;
    }

    // Takes the region at entry off the list (under mutex_): no core enters it from now on.
    void Unlist(u64 entry) {
        ready_.erase(entry);
        generation_.fetch_add(1, std::memory_order_release);
    }

    // One region from state.pc; FpcrUnsupported comes back as Continue (having run nothing).
    // The guest's FP environment is left around the rare host work here (a drop's log line).
    RegionExit RunOne(ReadyRegion& ready, RegionState& state,
                      llvm_tier::GuestFpEnvironment& environment) {
        const u64 entry = state.pc;
        ready.function(&state);
        region_runs_.fetch_add(1, std::memory_order_relaxed);
        region_instructions_.fetch_add(state.instructions, std::memory_order_relaxed);
        const u64 entries = ready.entries.fetch_add(1, std::memory_order_relaxed) + 1;
        const u64 instructions =
            ready.instructions.fetch_add(state.instructions, std::memory_order_relaxed) +
            state.instructions;
        if (config_.drop_short_regions && entries <= kTrialEntries) {
            if (static_cast<RegionExit>(state.exit) == RegionExit::Continue) {
                std::lock_guard lock(mutex_);
                if (ready.trial_exits.size() < kMaxKnownEntryPoints) {
                    ready.trial_exits.insert(state.pc);
                }
            }
            if (entries == kTrialEntries && instructions < kMinInstructionsPerEntry * entries) {
                environment.Leave(state);
                DropOrExtend(ready, instructions / entries);
                environment.Enter();
            }
        }
        const auto exit = static_cast<RegionExit>(state.exit);
        if (exit == RegionExit::FpcrUnsupported) {
            if (state.instructions == 0 && state.pc == entry) {
                // It needs an FPCR mode not translated (a rounding mode other than nearest, or
                // FZ): entering it again would make no progress, so the core runs that code
                // from now on.
                environment.Leave(state);
                {
                    std::lock_guard lock(mutex_);
                    LOG_DEBUG("cpu",
                              "LLVM tier: region at {:#x} dropped, FPCR {:#x} not translated",
                              entry, state.fpcr);
                    Unlist(entry);
                }
                environment.Enter();
            }
            return RegionExit::Continue;
        }
        return exit;
    }

    // Whether the region has a BR or BLR: where it left off are then mostly their targets
    // (a region left through RET or at its limit gains nothing from its exits as entries).
    static bool HasBranchToRegister(const Region& region) {
        return std::any_of(region.words.begin(), region.words.end(), [](const auto& entry) {
            const auto op = llvm_tier::Classify(entry.second);
            return op == llvm_tier::A64Op::BranchRegister ||
                   op == llvm_tier::A64Op::BranchLinkRegister;
        });
    }

    // A region too short per entry with a BR or BLR: compiled again with where it left off as
    // known entry points (so that BR/BLR dispatch to them stays inside it). Otherwise, or when
    // it had them already, it is dropped and its entry not compiled again.
    void DropOrExtend(ReadyRegion& ready, u64 instructions_per_entry) {
        const u64 entry = ready.region.entry;
        {
            std::lock_guard lock(mutex_);
            Unlist(entry);
            if (!ready.region.indirect_targets.empty() || ready.trial_exits.empty() ||
                !HasBranchToRegister(ready.region)) {
                LOG_DEBUG("cpu", "LLVM tier: region at {:#x} dropped, {} instructions per entry",
                          entry, instructions_per_entry);
                ++dropped_short_;
                return;
            }
            LOG_DEBUG("cpu",
                      "LLVM tier: region at {:#x}, {} instructions per entry, compiled again "
                      "with the {} places it left off as entry points",
                      entry, instructions_per_entry, ready.trial_exits.size());
            known_entry_points_[entry] = ready.trial_exits;
            ++recompiled_;
            if (!config_.compile_in_foreground) {
                queued_.push_back(entry);
                queued_changed_.notify_one();
                return;
            }
        }
        Compile(entry);
    }

    // Compiles the region at pc (once), in the foreground or on the worker.
    void Attempt(u64 pc) {
        {
            std::lock_guard lock(mutex_);
            if (!attempted_.insert(pc).second) {
                return;
            }
            if (!config_.compile_in_foreground) {
                queued_.push_back(pc);
                queued_changed_.notify_one();
                return;
            }
        }
        Compile(pc);
    }

    // A region left off at pc, where no region starts: under compile_at_exits one is compiled
    // there at once, else once regions that ran long enough to pay for their entry
    // (kMinInstructionsPerEntry) have left off there kHotExits times. A loop longer than a
    // region, or a callee's, then runs as a chain of regions (sha256's compression left its
    // region 1.5 million times for dynarmic, at the size limit inside the callee and at the
    // return point after the call). Short runs do not count: calls' indirect calls made 50
    // regions, all dropped as too short, and 2.5 s of compiles.
    void LeftOffWithoutRegion(u64 pc, u64 instructions_run) {
        if (!config_.compile_at_exits) {
            if (instructions_run < kMinInstructionsPerEntry) {
                return;
            }
            std::lock_guard lock(mutex_);
            if (attempted_.contains(pc + 4) || ++left_off_without_region_[pc] != kHotExits) {
                return;
            }
        }
        CompileWhereRegionLeftOff(pc);
    }

    // A region left off at pc: at an instruction it does not translate (the core runs that
    // one, then the region after it), at an indirect branch's target or past its size.
    void CompileWhereRegionLeftOff(u64 pc) {
        const u8* host = memory_.HostPointer(pc, 4, Permission::Execute);
        if (host == nullptr) {
            return;
        }
        u32 word;
        std::memcpy(&word, host, 4);
        if (llvm_tier::Classify(word)) {
            Attempt(pc);
            return;
        }
        {
            // What keeps the guest outside the tier, reported at the end of the process.
            const std::string text = DisassembleA64(word, pc);
            std::lock_guard lock(mutex_);
            ++left_off_at_[text.substr(0, text.find(' '))];
        }
        Attempt(pc + 4);
    }

    // The mnemonics regions left off at most often (compile_at_exits only).
    std::string MostLeftOffAt() const {
        std::vector<std::pair<u64, std::string>> counts;
        for (const auto& [mnemonic, count] : left_off_at_) {
            counts.emplace_back(count, mnemonic);
        }
        std::sort(counts.rbegin(), counts.rend());
        std::string text;
        for (std::size_t index = 0; index < std::min<std::size_t>(counts.size(), 12); ++index) {
            text += fmt::format("{}{} {}", index == 0 ? "" : ", ", counts[index].second,
                                counts[index].first);
        }
        return text;
    }

    void CompileQueued() {
        std::unique_lock lock(mutex_);
        while (true) {
            queued_changed_.wait(lock, [this] { return stopping_ || !queued_.empty(); });
            if (stopping_) {
                return;
            }
            const u64 pc = queued_.front();
            queued_.pop_front();
            lock.unlock();
            Compile(pc);
            lock.lock();
        }
    }

    void Compile(u64 pc) {
        u64 invalidations_before;
        std::set<u64> known_entry_points;
        {
            std::lock_guard lock(mutex_);
            invalidations_before = invalidations_;
            if (const auto found = known_entry_points_.find(pc);
                found != known_entry_points_.end()) {
                known_entry_points = found->second;
            }
        }
        auto ready = std::make_unique<ReadyRegion>();
        ready->region = llvm_tier::DiscoverRegion(memory_, pc,
                                                  known_entry_points.empty()
                                                      ? kMaxRegionInstructions
                                                      : kMaxRegionInstructionsWithEntryPoints,
                                                  kMaxInstructionsOutsideLoops, known_entry_points);
        if (ready->region.words.empty()) {
            return;  // the first instruction is not one the tier translates
        }
        {
            std::lock_guard compiling(compile_mutex_);
            ready->function = CompileOrLoad(ready->region);
        }
        std::lock_guard lock(mutex_);
        // Code that changed while it compiled: drop it; the next samples compile it anew.
        if (invalidations_ != invalidations_before && !StillMatches(ready->region)) {
            attempted_.erase(pc);
            return;
        }
        LOG_DEBUG("cpu", "LLVM tier: region at {:#x} ready, {} instructions", pc,
                  ready->region.words.size());
        if (ready_.contains(pc)) {
            Unlist(pc);  // links to the one it replaces stop being taken
        }
        ready_[pc] = ready.get();
        regions_.push_back(std::move(ready));
        ready_log_.push_back(pc);
    }

    // From the disk cache when it holds the region, else compiled (and stored there).
    llvm_tier::RegionFunction CompileOrLoad(const Region& region) {
        const llvm_tier::RegionKey key = llvm_tier::MakeRegionKey(region, key_context_);
        const std::string name = "nxregion_" + key.Hex();
        if (cache_) {
            if (const auto object = cache_->Load(key)) {
                return compiler_.Load(*object, name);
            }
        }
        const std::vector<u8> object = compiler_.CompileToObject(region, name);
        if (cache_) {
            cache_->Store(key, object);
        }
        return compiler_.Load(object, name);
    }

    bool StillMatches(const Region& region) const {
        for (const auto& [pc, word] : region.words) {
            const u8* host = memory_.HostPointer(pc, 4, Permission::Execute);
            if (host == nullptr || std::memcmp(host, &word, 4) != 0) {
                return false;
            }
        }
        return true;
    }

    GuestMemory& memory_;
    LlvmTierConfig config_;
    // One compile at a time: the worker's, or (compiling in the foreground) a core's.
    std::mutex compile_mutex_;
    RegionCompiler compiler_;
    llvm_tier::RegionKeyContext key_context_;
    std::optional<llvm_tier::RegionCache> cache_;  // under compile_mutex_
    mutable std::mutex mutex_;
    std::condition_variable queued_changed_;
    std::unordered_map<u64, unsigned> samples_;
    std::map<std::string, u64> left_off_at_;  // by mnemonic
    std::unordered_map<u64, u64> left_off_without_region_;
    std::unordered_set<u64> attempted_;  // queued, compiling or ready
    std::deque<u64> queued_;
    std::unordered_map<u64, ReadyRegion*> ready_;  // the listed ones, by entry
    // Every region compiled, listed or not: a core may still be inside an unlisted one, or
    // about to take a link to it; like their machine code, they live as long as the tier.
    std::vector<std::unique_ptr<ReadyRegion>> regions_;
    std::deque<RegionLink> links_;  // links point here; a deque keeps their addresses
    std::map<std::pair<const ReadyRegion*, u64>, const RegionLink*> links_made_;
    std::atomic<u64> generation_{0};
    std::vector<u64> ready_log_;
    u64 invalidations_ = 0;
    u64 dropped_short_ = 0;
    u64 recompiled_ = 0;
    // By entry: the known entry points a region compiled again there takes (DropOrExtend).
    std::unordered_map<u64, std::set<u64>> known_entry_points_;
    std::atomic<u64> region_runs_{0};
    std::atomic<u64> region_instructions_{0};
    bool stopping_ = false;
    std::thread worker_;
};

}  // namespace

std::unique_ptr<CodeTier> CreateLlvmTier(GuestMemory& memory, const LlvmTierConfig& config) {
    return std::make_unique<LlvmTier>(memory, config);
}

}  // namespace cpu
