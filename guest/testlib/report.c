#include "report.h"

static size_t Length(const char* text) {
    size_t length = 0;
    while (text[length]) {
        ++length;
    }
    return length;
}

static void Append(char* line, size_t* length, const char* text) {
    while (*text && *length < 255) {
        line[(*length)++] = *text++;
    }
}

static void AppendHex(char* line, size_t* length, uint64_t value, int digits) {
    static const char kDigits[] = "0123456789abcdef";
    for (int i = digits - 1; i >= 0 && *length < 255; --i) {
        line[(*length)++] = kDigits[(value >> (i * 4)) & 15];
    }
}

static void Emit(const char* label, uint64_t high, uint64_t low, int wide) {
    char line[256];
    size_t length = 0;
    Append(line, &length, label);
    Append(line, &length, " = 0x");
    if (wide) {
        AppendHex(line, &length, high, 16);
    }
    AppendHex(line, &length, low, 16);
    line[length++] = '\n';
    report_write(line, length);
}

void report_text(const char* text) {
    report_write(text, Length(text));
    report_write("\n", 1);
}

void report_u64(const char* label, uint64_t value) {
    Emit(label, 0, value, 0);
}

void report_u128(const char* label, unsigned __int128 value) {
    Emit(label, (uint64_t)(value >> 64), (uint64_t)value, 1);
}

void report_f64(const char* label, double value) {
    uint64_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    Emit(label, 0, bits, 0);
}

void report_f32(const char* label, float value) {
    uint32_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    Emit(label, 0, bits, 0);
}

void report_bytes(const char* label, const void* data, size_t size) {
    char line[256];
    size_t length = 0;
    Append(line, &length, label);
    Append(line, &length, " =");
    const unsigned char* bytes = data;
    for (size_t i = 0; i < size && length < 250; ++i) {
        line[length++] = ' ';
        AppendHex(line, &length, bytes[i], 2);
    }
    line[length++] = '\n';
    report_write(line, length);
}
