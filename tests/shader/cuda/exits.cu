// Loops with several exits that go on to different code (a search that stores what it found,
// a second exit for bad data), and breaks out of two nested loops at once.
extern "C" __global__ void loop_exits(const int* a, int* out, int n) {
    const int t = threadIdx.x;
    int i = 0;
    int found = 0;
    for (; i < n; ++i) {
        const int v = a[(t + i * 7) & 255];
        if (v == (t & 15)) {
            out[t * 4 + 1] = i * 3 + v;
            found = 1;
            break;
        }
        if (v < -1000) {
            out[t * 4 + 2] = v ^ i;
            found = 2;
            break;
        }
    }
    out[t * 4] = found * 1000 + i;
}

extern "C" __global__ void nested_break(const int* a, int* out) {
    const int t = threadIdx.x;
    int sum = 0;
    int i = 0;
    int j = 0;
    for (i = 0; i < 16; ++i) {
        for (j = 0; j < 16; ++j) {
            const int v = a[(t * 5 + i * 16 + j) & 255];
            if (v == 7) {
                goto done;
            }
            if (v < 0) {
                break;
            }
            sum += v;
        }
        sum ^= i << 4;
    }
done:
    out[t * 3] = sum;
    out[t * 3 + 1] = i;
    out[t * 3 + 2] = j;
}
