#include "services/hid/input_script.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <iterator>
#include <string>
#include <tuple>

#include "base/error.h"
#include "base/file.h"

namespace services::hid {
namespace {

struct InputName {
    std::string_view name;
    u64 buttons;
    s32 left_x, left_y, right_x, right_y;
};

// Stick directions push the stick fully and set the matching direction bit, as the console's
// own HID does for a deflected stick.
constexpr std::array kNames{
    InputName{"A", kButtonA, 0, 0, 0, 0},
    InputName{"B", kButtonB, 0, 0, 0, 0},
    InputName{"X", kButtonX, 0, 0, 0, 0},
    InputName{"Y", kButtonY, 0, 0, 0, 0},
    InputName{"L", kButtonL, 0, 0, 0, 0},
    InputName{"R", kButtonR, 0, 0, 0, 0},
    InputName{"ZL", kButtonZL, 0, 0, 0, 0},
    InputName{"ZR", kButtonZR, 0, 0, 0, 0},
    InputName{"Plus", kButtonPlus, 0, 0, 0, 0},
    InputName{"Minus", kButtonMinus, 0, 0, 0, 0},
    InputName{"Up", kButtonUp, 0, 0, 0, 0},
    InputName{"Down", kButtonDown, 0, 0, 0, 0},
    InputName{"Left", kButtonLeft, 0, 0, 0, 0},
    InputName{"Right", kButtonRight, 0, 0, 0, 0},
    InputName{"LStick", kButtonStickL, 0, 0, 0, 0},
    InputName{"RStick", kButtonStickR, 0, 0, 0, 0},
    InputName{"LUp", kButtonStickLUp, 0, kStickMax, 0, 0},
    InputName{"LDown", kButtonStickLDown, 0, -kStickMax, 0, 0},
    InputName{"LLeft", kButtonStickLLeft, -kStickMax, 0, 0, 0},
    InputName{"LRight", kButtonStickLRight, kStickMax, 0, 0, 0},
    InputName{"RUp", kButtonStickRUp, 0, 0, 0, kStickMax},
    InputName{"RDown", kButtonStickRDown, 0, 0, 0, -kStickMax},
    InputName{"RLeft", kButtonStickRLeft, 0, 0, -kStickMax, 0},
    InputName{"RRight", kButtonStickRRight, 0, 0, kStickMax, 0},
};

bool SameName(std::string_view a, std::string_view b) {
    return std::ranges::equal(a, b, [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

std::string KnownNames() {
    std::string names;
    for (const InputName& entry : kNames) {
        names += names.empty() ? "" : " ";
        names += entry.name;
    }
    return names;
}

std::string_view Trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
        text.remove_prefix(1);
    }
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
        text.remove_suffix(1);
    }
    return text;
}

// Reads the line of one step; `where` names it in errors.
class LineParser {
public:
    explicit LineParser(std::string where) : where_(std::move(where)) {}

    // Seconds ("1.5", with an optional "s") as nanoseconds.
    u64 Seconds(std::string_view text, std::string_view what) const {
        std::string_view number = text;
        if (!number.empty() && number.back() == 's') {
            number.remove_suffix(1);
        }
        double seconds = 0;
        const auto [end, error] =
            std::from_chars(number.data(), number.data() + number.size(), seconds);
        if (number.empty() || error != std::errc{} || end != number.data() + number.size() ||
            !std::isfinite(seconds) || seconds < 0 || seconds > 1e9) {
            base::Fail("{}: {} \"{}\" is not a number of seconds such as 45s or 0.2", where_, what,
                       text);
        }
        return static_cast<u64>(std::llround(seconds * 1e9));
    }

    PadInput Inputs(std::string_view text) const {
        PadInput input;
        while (true) {
            const std::size_t plus = text.find('+');
            const std::string_view name = text.substr(0, plus);
            const auto found = std::ranges::find_if(
                kNames, [&](const InputName& entry) { return SameName(entry.name, name); });
            if (found == kNames.end()) {
                base::Fail("{}: unknown input \"{}\" (known: {})", where_, name, KnownNames());
            }
            input.buttons |= found->buttons;
            input.left_x += found->left_x;
            input.left_y += found->left_y;
            input.right_x += found->right_x;
            input.right_y += found->right_y;
            if (plus == std::string_view::npos) {
                return input;
            }
            text.remove_prefix(plus + 1);
        }
    }

    const std::string& Where() const { return where_; }

private:
    std::string where_;
};

s32 Clamp(s32 value) {
    return std::clamp(value, -kStickMax, kStickMax);
}

// The time a step starts at after the waits before it, or nullopt while one has not ended.
std::optional<u64> EffectiveStart(const ScriptStep& step, std::span<const u64> wait_shifts) {
    if (step.waits_before == 0) {
        return step.start_ns;
    }
    if (step.waits_before > wait_shifts.size()) {
        return std::nullopt;
    }
    return step.start_ns + wait_shifts[step.waits_before - 1];
}

// Whether a held step (input, touch) started at or before `ns` and is held then.
bool HeldAt(const ScriptStep& step, u64 ns, std::span<const u64> wait_shifts) {
    const std::optional<u64> start = EffectiveStart(step, wait_shifts);
    return start && ns >= *start && ns - *start < step.hold_ns;
}

bool StartsWithWord(std::string_view action, std::string_view word) {
    return action.starts_with(word) && (action.size() == word.size() ||
                                        action[word.size()] == ' ' || action[word.size()] == '\t');
}

}  // namespace

InputScript InputScript::Parse(std::string_view text, std::string_view source) {
    InputScript script;
    u64 previous_start = 0;
    int line_number = 0;
    u32 waits = 0;
    bool stats_open = false;
    while (!text.empty()) {
        ++line_number;
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        line = Trim(line.substr(0, line.find('#')));
        if (line.empty()) {
            continue;
        }
        const LineParser parser(fmt::format("{}:{}", source, line_number));
        const std::size_t space = line.find_first_of(" \t");
        if (space == std::string_view::npos) {
            base::Fail("{}: expected a time and an input, such as \"45s A~0.2\"", parser.Where());
        }
        std::string_view time = line.substr(0, space);
        std::string_view action = Trim(line.substr(space));
        ScriptStep step;
        step.line = line_number;
        step.waits_before = waits;
        if (time.front() == '+') {
            step.start_ns = previous_start + parser.Seconds(time.substr(1), "time");
        } else {
            step.start_ns = parser.Seconds(time, "time");
        }
        previous_start = step.start_ns;
        if (action == "exit") {
            step.kind = ScriptStep::Kind::Exit;
            script.steps_.push_back(step);
            continue;
        }
        if (action == "stats start" || action == "stats stop") {
            const bool start = action == "stats start";
            if (start == stats_open) {
                base::Fail("{}: {} while statistics are {}", parser.Where(), action,
                           start ? "already on (a stats stop is missing)" : "off (no stats start)");
            }
            stats_open = start;
            step.kind = start ? ScriptStep::Kind::StatsStart : ScriptStep::Kind::StatsStop;
            script.steps_.push_back(step);
            continue;
        }
        if (StartsWithWord(action, "wait-frames")) {
            const std::string_view count = Trim(action.substr(11));
            const auto [end, error] =
                std::from_chars(count.data(), count.data() + count.size(), step.frames);
            if (count.empty() || error != std::errc{} || end != count.data() + count.size() ||
                step.frames == 0) {
                base::Fail("{}: wait-frames takes a number of frames, such as \"wait-frames 60\"",
                           parser.Where());
            }
            step.kind = ScriptStep::Kind::WaitFrames;
            script.steps_.push_back(step);
            ++waits;
            continue;
        }
        if (StartsWithWord(action, "log")) {
            step.kind = ScriptStep::Kind::Log;
            step.text = std::string(Trim(action.substr(3)));
            script.steps_.push_back(step);
            continue;
        }
        if (action.starts_with("shot ") || action.starts_with("shot\t")) {
            step.kind = ScriptStep::Kind::Shot;
            step.path = std::string(Trim(action.substr(5)));
            if (!step.path.ends_with(".png")) {
                base::Fail("{}: a shot is written as a PNG: \"shot NAME.png\"", parser.Where());
            }
            script.steps_.push_back(step);
            continue;
        }
        if (action.starts_with("touch ") || action.starts_with("touch\t")) {
            step.kind = ScriptStep::Kind::Touch;
            step.hold_ns = kDefaultHoldNs;
            std::string_view where = Trim(action.substr(6));
            if (const std::size_t tilde = where.find('~'); tilde != std::string_view::npos) {
                step.hold_ns = parser.Seconds(where.substr(tilde + 1), "hold time");
                where = Trim(where.substr(0, tilde));
            }
            const std::size_t gap = where.find_first_of(" \t");
            u32 x = 0, y = 0;
            const auto parse = [](std::string_view text, u32& value) {
                const auto [end, error] =
                    std::from_chars(text.data(), text.data() + text.size(), value);
                return error == std::errc() && end == text.data() + text.size();
            };
            if (gap == std::string_view::npos || !parse(where.substr(0, gap), x) ||
                !parse(Trim(where.substr(gap)), y) || x >= 1280 || y >= 720) {
                base::Fail("{}: a touch is \"touch X Y\" with X below 1280 and Y below 720",
                           parser.Where());
            }
            step.touch = {x, y};
            script.steps_.push_back(step);
            continue;
        }
        if (action.find_first_of(" \t") != std::string_view::npos) {
            base::Fail("{}: one step a line: join inputs with + (\"ZR+A~0.1\")", parser.Where());
        }
        step.hold_ns = kDefaultHoldNs;
        const std::size_t tilde = action.find('~');
        if (tilde != std::string_view::npos) {
            step.hold_ns = parser.Seconds(action.substr(tilde + 1), "hold time");
            action = action.substr(0, tilde);
        }
        step.input = parser.Inputs(action);
        script.steps_.push_back(step);
    }
    return script;
}

InputScript InputScript::Load(const std::filesystem::path& path) {
    const std::vector<u8> bytes = base::ReadFile(path);
    return Parse(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                 path.string());
}

std::optional<TouchPoint> InputScript::TouchAt(u64 ns, std::span<const u64> wait_shifts) const {
    std::optional<TouchPoint> touch;
    u64 latest = 0;
    for (const ScriptStep& step : steps_) {
        if (step.kind != ScriptStep::Kind::Touch || !HeldAt(step, ns, wait_shifts)) {
            continue;
        }
        const u64 start = *EffectiveStart(step, wait_shifts);
        if (!touch || start >= latest) {
            touch = step.touch;
            latest = start;
        }
    }
    return touch;
}

std::vector<ScriptStep> InputScript::Actions() const {
    std::vector<ScriptStep> actions;
    std::copy_if(
        steps_.begin(), steps_.end(), std::back_inserter(actions), [](const ScriptStep& step) {
            return step.kind != ScriptStep::Kind::Input && step.kind != ScriptStep::Kind::Touch;
        });
    std::stable_sort(actions.begin(), actions.end(), [](const ScriptStep& a, const ScriptStep& b) {
        return std::tie(a.waits_before, a.start_ns) < std::tie(b.waits_before, b.start_ns);
    });
    return actions;
}

bool InputScript::HasStatsWindows() const {
    return std::ranges::any_of(
        steps_, [](const ScriptStep& step) { return step.kind == ScriptStep::Kind::StatsStart; });
}

PadInput InputScript::StateAt(u64 ns, std::span<const u64> wait_shifts) const {
    PadInput state;
    for (const ScriptStep& step : steps_) {
        if (step.kind != ScriptStep::Kind::Input || !HeldAt(step, ns, wait_shifts)) {
            continue;
        }
        state.buttons |= step.input.buttons;
        state.left_x += step.input.left_x;
        state.left_y += step.input.left_y;
        state.right_x += step.input.right_x;
        state.right_y += step.input.right_y;
    }
    state.left_x = Clamp(state.left_x);
    state.left_y = Clamp(state.left_y);
    state.right_x = Clamp(state.right_x);
    state.right_y = Clamp(state.right_y);
    return state;
}

}  // namespace services::hid
