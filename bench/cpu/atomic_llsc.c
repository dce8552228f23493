// Atomic increments through an ldxr/stxr (load-exclusive/store-exclusive) loop: see atomic_increment.h.

#include "atomic_increment.h"

int main(void) {
    return RunIncrements("atomic", IncrementExclusive);
}
