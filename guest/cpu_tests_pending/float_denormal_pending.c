// float_denormal with the FPSR flags of every result: see README.md for the differences nxhost shows.
#define FP_REPORT_FLAGS 1
#define CHECK_KNOWN_DIFFERENCES 1
#include "../cpu_tests/float_denormal.c"
