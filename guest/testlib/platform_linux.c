#include <unistd.h>

#include "report.h"

void report_write(const char* text, size_t size) {
    while (size > 0) {
        const ssize_t written = write(1, text, size);
        if (written <= 0) {
            return;
        }
        text += written;
        size -= (size_t)written;
    }
}
