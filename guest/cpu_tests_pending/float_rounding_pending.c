// float_rounding with the FPSR flags of every result: see README.md for the differences nxhost shows.
#define FP_REPORT_FLAGS 1
#include "../cpu_tests/float_rounding.c"
