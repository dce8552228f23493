#pragma once

// The sine the sound tests play, computed so that the host's checker can reproduce every sample:
// sin(2 pi k / rate) for 0 <= k < rate. The argument is reduced exactly (k is an integer), then a
// Taylor series to x^23 on [-pi/2, pi/2] is exact to double rounding.

#define SINE_PI 3.14159265358979323846

static inline double SineOfPhase(int k, int rate) {
    double x = 2 * SINE_PI * k / rate;
    if (x > SINE_PI) {
        x -= 2 * SINE_PI;
    }
    if (x > SINE_PI / 2) {
        x = SINE_PI - x;
    } else if (x < -SINE_PI / 2) {
        x = -SINE_PI - x;
    }
    double term = x, sum = x;
    for (int n = 3; n <= 23; n += 2) {
        term *= -x * x / ((n - 1) * n);
        sum += term;
    }
    return sum;
}
