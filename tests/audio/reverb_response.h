#pragma once

// What the reverb tests measure of an impulse response.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "base/types.h"

namespace audio::renderer {

// Every sample of every channel within `tolerance`, relative to the expected value where that
// exceeds 1 (the first sample that is not named).
inline void ExpectResponse(const std::vector<std::vector<float>>& actual,
                           const std::vector<std::vector<double>>& expected,
                           double tolerance = 1e-4) {
    for (std::size_t c = 0; c < expected.size(); ++c) {
        for (std::size_t n = 0; n < expected[c].size(); ++n) {
            ASSERT_NEAR(actual[c][n], expected[c][n],
                        tolerance * std::max(1.0, std::fabs(expected[c][n])))
                << "channel " << c << " sample " << n;
        }
    }
}

// The slope of a reverb tail's energy envelope: the energy of the channels together in windows
// of `window` samples from `first` up to `last`, in dB, fitted to a line by least squares
// against each window's middle time. In dB per second; -60 / T for a tail that falls 60 dB in T
// seconds.

inline double TailSlopeOf(const std::vector<std::vector<float>>& channels, u32 first, u32 last,
                          u32 window, double rate_hz = 48000.0) {
    std::vector<double> t, db;
    for (u32 at = first; at + window <= last; at += window) {
        double energy = 0.0;
        for (const std::vector<float>& channel : channels) {
            for (u32 n = at; n < at + window; ++n) {
                energy += double{channel[n]} * channel[n];
            }
        }
        t.push_back((at + window / 2.0) / rate_hz);
        db.push_back(10.0 * std::log10(energy));
    }
    double mean_t = 0, mean_db = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        mean_t += t[i] / t.size();
        mean_db += db[i] / t.size();
    }
    double covariance = 0, variance = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        covariance += (t[i] - mean_t) * (db[i] - mean_db);
        variance += (t[i] - mean_t) * (t[i] - mean_t);
    }
    return covariance / variance;
}

}  // namespace audio::renderer
