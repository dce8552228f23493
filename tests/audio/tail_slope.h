#pragma once

// The slope of a reverb tail's energy envelope: the energy of the channels together in windows
// of `window` samples from `first` up to `last`, in dB, fitted to a line by least squares
// against each window's middle time. In dB per second; -60 / T for a tail that falls 60 dB in T
// seconds.

#include <cmath>
#include <vector>

#include "base/types.h"

namespace audio::renderer {

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
