// Functions that tests/integration/patched_calls.sh replaces by their fingerprints (a
// patches.tsv made from this program's ELF): prints what each call answered, so the test sees
// whether the branch and the frame-step patches landed and what the host answered.

#include <stdio.h>

// Each function reads its answer from a global of its own: its code is then its own (a
// fingerprint of two common words would match elsewhere in the program too), and the compiler
// cannot fold a constant answer into the caller, which would skip the patched code.
static volatile int original_answer = 1, replacement_answer = 1;
static volatile float base_ratio = 1.0f;

__attribute__((noinline)) int OriginalAnswer(void) {
    return original_answer;
}

__attribute__((noinline)) int ReplacementAnswer(void) {
    return replacement_answer + 1;  // not OriginalAnswer's code, whose fingerprint is the same
}

// A game's frame ratio: its base rate over its frame rate, 1 when it runs at its base rate.
__attribute__((noinline)) float FrameRatio(void) {
    return base_ratio;
}

int main(void) {
    printf("answer %d\n", OriginalAnswer());
    printf("replacement %d\n", ReplacementAnswer());
    printf("frame ratio x1000 %d\n", (int)(FrameRatio() * 1000.0f + 0.5f));
    return 0;
}
