// Atomic increments through LSE (stadd): see atomic_increment.h.

#include "atomic_increment.h"

int main(void) {
    return RunIncrements("atomic", IncrementLse);
}
