#include "report.h"
#include "svc.h"

void report_write(const char* text, size_t size) {
    svcOutputDebugString(text, size);
}
