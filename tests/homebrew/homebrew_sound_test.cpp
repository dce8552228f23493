// What real homebrew plays, captured with --audio-out and checked against what its source (or
// an independent decoder) says the sound is.

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <string>

#include <fmt/format.h>

#include "base/file.h"
#include "formats/wav.h"
#include "homebrew/homebrew_run.h"

namespace homebrew_test {
namespace {

constexpr double kRate = 48000;

formats::WavSound Capture(const RunOutcome& run) {
    return formats::ReadWav(run.audio, "audio.wav");
}

// One channel of frames [from, from + count).
std::vector<double> Channel(const formats::WavSound& sound, std::size_t from, std::size_t count,
                            int channel) {
    std::vector<double> samples;
    for (std::size_t i = from; i < from + count && i * 2 < sound.samples.size(); ++i) {
        samples.push_back(sound.samples[i * 2 + channel]);
    }
    return samples;
}

// The runs of frames that are not silent, as (first frame, frame count); silences shorter than
// `bridge` frames inside a sound do not split it.
std::vector<std::pair<std::size_t, std::size_t>> Sounds(const formats::WavSound& sound,
                                                        std::size_t bridge) {
    std::vector<std::pair<std::size_t, std::size_t>> sounds;
    const std::size_t frames = sound.samples.size() / 2;
    std::size_t last_loud = 0;
    for (std::size_t i = 0; i < frames; ++i) {
        if (sound.samples[i * 2] == 0 && sound.samples[i * 2 + 1] == 0) {
            continue;
        }
        if (sounds.empty() || i - last_loud > bridge) {
            sounds.push_back({i, 0});
        }
        last_loud = i;
        sounds.back().second = i + 1 - sounds.back().first;
    }
    return sounds;
}

// The power of one frequency in the samples (the Goertzel algorithm: one bin of a DFT).
double PowerAt(const std::vector<double>& samples, double frequency) {
    const double coefficient = 2 * std::cos(2 * M_PI * frequency / kRate);
    double previous = 0, before = 0;
    for (double sample : samples) {
        const double current = sample + coefficient * previous - before;
        before = previous;
        previous = current;
    }
    return previous * previous + before * before - coefficient * previous * before;
}

// The frequency from the zero crossings: two a period.
double ZeroCrossingFrequency(const std::vector<double>& samples) {
    int crossings = 0;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        crossings += (samples[i - 1] < 0) != (samples[i] < 0);
    }
    return crossings / 2.0 / (static_cast<double>(samples.size()) / kRate);
}

// playtone (switchbrew's switch-examples, audio/playtone): each button fills one buffer with a
// sine of 0.3 * 0x7FFF (truncated to s16), the same in both channels, of the frequency its
// table notefreq[] = {220, 440, 880, 1760, 3520, 7040, 14080, ...} gives the button: A plays
// 220 Hz, B 440, Y 880, X 1760. The source today makes the buffer SAMPLERATE / FRAMERATE =
// 1454 frames; this 2018 build appends 2400 (50 ms), as its capture shows. Pressed at 4 s and
// 5 s of guest time (its loop reads input from about 2.5 s on here, later on a loaded
// machine: earlier presses go unseen), B and X sound there.
TEST(HomebrewSound, PlaytonePlaysEachButtonsNote) {
    const RunOutcome run = RunWithScript(Fixture("playtone_switch-examples_2018-02.nro"),
                                         "4s B~0.1\n5s X~0.1\n6s exit\n", kCaptureAudio);
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ASSERT_FALSE(run.audio.empty()) << run.log;
    const formats::WavSound sound = Capture(run);
    // A sine's samples are 0 where it crosses zero: a few such frames do not end a sound.
    const auto sounds = Sounds(sound, 20);
    ASSERT_EQ(sounds.size(), 2u) << run.log;
    const double table[] = {220, 440, 880, 1760, 3520, 7040, 14080};
    const double pressed_at[] = {4.0, 5.0};
    const double frequency[] = {440, 1760};
    for (int press = 0; press < 2; ++press) {
        const auto [first, count] = sounds[press];
        // Its sine starts at sin(0) = 0, so it may begin a frame before its first loud one.
        EXPECT_NEAR(static_cast<double>(count), 2400, 1) << "press " << press;
        // The program sees the press at its next 60 Hz frame (a frame or two later on a loaded
        // machine) and appends at once.
        const double at = static_cast<double>(first) / kRate;
        EXPECT_GE(at, pressed_at[press]) << "press " << press;
        EXPECT_LT(at, pressed_at[press] + 0.2) << "press " << press;
        const std::vector<double> left = Channel(sound, first, count, 0);
        EXPECT_EQ(left, Channel(sound, first, count, 1)) << "press " << press;
        for (double other : table) {
            if (other != frequency[press]) {
                EXPECT_GT(PowerAt(left, frequency[press]), 10 * PowerAt(left, other))
                    << "press " << press << " against " << other << " Hz";
            }
        }
        // Within 3 %: the zero crossings of 2400 frames count whole half periods.
        EXPECT_NEAR(ZeroCrossingFrequency(left), frequency[press], frequency[press] * 0.03)
            << "press " << press;
        EXPECT_NEAR(*std::max_element(left.begin(), left.end()), 9830, 2) << "press " << press;
    }
}

// A sweep from 300 Hz to 3000 Hz over 2 s: unlike a steady tone it lines up with a copy of
// itself at one offset only. The left channel at 10000, the right at half of that.
std::vector<s16> Sweep() {
    std::vector<s16> stereo;
    constexpr double kSeconds = 2, kLow = 300, kHigh = 3000;
    for (int n = 0; n < kSeconds * kRate; ++n) {
        const double t = n / kRate;
        const double phase = 2 * M_PI * (kLow * t + (kHigh - kLow) * t * t / (2 * kSeconds));
        stereo.push_back(static_cast<s16>(std::lround(10000 * std::sin(phase))));
        stereo.push_back(static_cast<s16>(std::lround(5000 * std::sin(phase))));
    }
    return stereo;
}

void WriteWav(const std::filesystem::path& path, const std::vector<s16>& stereo) {
    const auto header = formats::WavHeader({2, 48000}, stereo.size() * 2);
    std::vector<u8> bytes(header.begin(), header.end());
    const auto* samples = reinterpret_cast<const u8*>(stereo.data());
    bytes.insert(bytes.end(), samples, samples + stereo.size() * 2);
    base::WriteFileAtomic(path, bytes);
}

// The offset of `reference` frames [from, from + count) in `sound` that differs least from
// them (sum of squares over both channels), searched over [low, high).
std::size_t BestOffset(const formats::WavSound& sound, const formats::WavSound& reference,
                       std::size_t from, std::size_t count, std::size_t low, std::size_t high) {
    double best = -1;
    std::size_t best_at = low;
    for (std::size_t at = low; at < high && (at + count) * 2 <= sound.samples.size(); ++at) {
        double sum = 0;
        for (std::size_t i = 0; i < count * 2 && (best < 0 || sum < best); ++i) {
            const double d = sound.samples[at * 2 + i] - reference.samples[from * 2 + i];
            sum += d * d;
        }
        if (best < 0 || sum < best) {
            best = sum;
            best_at = at;
        }
    }
    return best_at;
}

// BootSoundNX decodes sdmc:/config/BootSoundNX/sound/bootsound.mp3 and plays it through
// audout:u. The MP3 is made here by LAME from the sweep (48 kHz stereo, 192 kbit/s), and the
// capture must hold what Debian's mpg123 decodes from the same file, lined up at the one
// offset where the two agree (decoders differ in how much of the encoder's delay they skip).
//
// Tolerance: ISO/IEC 11172-4 (MPEG-1 audio conformance) lets a decoder of limited accuracy
// differ from the reference decoder by an RMS of 2^-11 / sqrt(12) of full scale: 4.6 LSB of
// s16. The two decoders here must be at least that close over the whole sweep (they are much
// closer: BootSoundNX's decoder is libmpg123 too, and the two differ by an RMS of 0.7 LSB and
// at most 1 LSB, the rounding of its build).
TEST(HomebrewSound, BootSoundNxPlaysTheMp3AsMpg123DecodesIt) {
    const auto folder =
        std::filesystem::temp_directory_path() / fmt::format("nxhost-bootsound-mp3-{}", ::getpid());
    std::filesystem::create_directories(folder);
    WriteWav(folder / "sweep.wav", Sweep());
    const std::string encode = fmt::format(
        "cd '{}' && lame --quiet -m s -b 192 sweep.wav sweep.mp3 && mpg123 -q -w decoded.wav "
        "sweep.mp3",
        folder.string());
    ASSERT_EQ(std::system(encode.c_str()), 0) << encode << " (lame and mpg123: scripts/setup)";
    const std::vector<u8> mp3 = base::ReadFile(folder / "sweep.mp3");
    const formats::WavSound reference =
        formats::ReadWav(base::ReadFile(folder / "decoded.wav"), "decoded.wav");
    std::filesystem::remove_all(folder);
    ASSERT_EQ(reference.format.sample_rate, 48000u);
    ASSERT_EQ(reference.format.channels, 2);

    const RunOutcome run =
        RunWithScript(Fixture("bootsoundnx_exefs_00FF0000000002AA.nsp"), "20s exit\n",
                      kCaptureAudio, {}, {}, {{"config/BootSoundNX/sound/bootsound.mp3", mp3}});
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ASSERT_FALSE(run.audio.empty()) << run.log;
    const formats::WavSound sound = Capture(run);
    const auto sounds = Sounds(sound, 4800);
    ASSERT_FALSE(sounds.empty()) << run.log;
    const std::size_t start = sounds[0].first;

    // Line up 100 ms from the middle of the sweep, then compare all but its first and last
    // 50 ms (where the encoder's and decoders' delays and paddings differ).
    const std::size_t frames = reference.samples.size() / 2;
    ASSERT_GT(frames, 90000u);
    const std::size_t middle = frames / 2;
    const std::size_t found =
        BestOffset(sound, reference, middle, 4800,
                   start + middle > 4800 ? start + middle - 4800 : 0, start + middle + 4800);
    const std::ptrdiff_t shift =
        static_cast<std::ptrdiff_t>(found) - static_cast<std::ptrdiff_t>(middle);
    double squares = 0;
    int largest = 0;
    std::size_t compared = 0;
    for (std::size_t n = 2400; n + 2400 < frames; ++n) {
        const std::ptrdiff_t at = static_cast<std::ptrdiff_t>(n) + shift;
        ASSERT_GE(at, 0);
        ASSERT_LT(static_cast<std::size_t>(at) * 2 + 1, sound.samples.size());
        for (int c = 0; c < 2; ++c) {
            const int d =
                sound.samples[static_cast<std::size_t>(at) * 2 + c] - reference.samples[n * 2 + c];
            squares += static_cast<double>(d) * d;
            largest = std::max(largest, std::abs(d));
            ++compared;
        }
    }
    const double rms = std::sqrt(squares / static_cast<double>(compared));
    EXPECT_LT(rms, 4.6) << "largest difference " << largest << " LSB, offset " << shift;
    RecordProperty("rms_lsb", fmt::format("{:.3f}", rms));
    RecordProperty("largest_lsb", largest);
}

// hb-appstore 1.1 (2018) links SDL2's audio subsystem with its audout:u driver (the NRO holds
// its "audoutStartAudioOut failed" message) but has no sound to play: no RomFS, no SDL_mixer,
// and the files it names are fonts and images (res/*.ttf, res/*.png); it never opens an SDL
// audio device (run with NXHOST_LOG=debug, no audout:u or audren:u session ever gets a
// request), and SDL's Switch driver (devkitPro SDL, src/audio/switch) calls audoutInitialize
// only from SWITCHAUDIO_OpenDevice. So the console plays nothing while it runs, and its
// capture must be 8 s of exact silence at 48 kHz stereo (the output runs on through silences)
// while the program runs and draws.
TEST(HomebrewSound, HbAppstorePlaysNothingAndItsCaptureIsSilence) {
    const std::vector<u8> nro = base::ReadFile(Fixture("hb-appstore_1.1.nro"));
    const std::string bytes(nro.begin(), nro.end());
    ASSERT_NE(bytes.find("audoutStartAudioOut failed"), std::string::npos);
    // No RomFS: the NRO's size is the u32 at 0x18 of its header; the asset section there
    // ("ASET", switchbrew's NRO page) gives the RomFS's size as the u64 at 0x30.
    u32 nro_size = 0;
    std::memcpy(&nro_size, nro.data() + 0x18, 4);
    ASSERT_LE(nro_size + 0x38ull, nro.size());
    ASSERT_EQ(bytes.substr(nro_size, 4), "ASET");
    u64 romfs_size = 1;
    std::memcpy(&romfs_size, nro.data() + nro_size + 0x30, 8);
    EXPECT_EQ(romfs_size, 0u);

    const RunOutcome run =
        RunWithScript(Fixture("hb-appstore_1.1.nro"), "8s exit\n", kCaptureAudio);
    ASSERT_EQ(run.exit_status, 0) << run.log;
    // It ran: it presented frames (its UI, about 38 a second here).
    std::smatch presented;
    ASSERT_TRUE(std::regex_search(run.log, presented, std::regex(R"((\d+) frames presented)")))
        << run.log;
    EXPECT_GT(std::stoi(presented[1]), 100) << run.log;
    ASSERT_FALSE(run.audio.empty()) << run.log;
    const formats::WavSound sound = Capture(run);
    EXPECT_EQ(sound.format.sample_rate, 48000u);
    EXPECT_EQ(sound.format.channels, 2);
    EXPECT_EQ(sound.samples.size(), static_cast<std::size_t>(8 * kRate) * 2);
    const auto sounds = Sounds(sound, 0);
    EXPECT_TRUE(sounds.empty()) << "a sound at frame " << sounds.front().first;
}

}  // namespace
}  // namespace homebrew_test
