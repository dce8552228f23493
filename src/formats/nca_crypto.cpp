#include "formats/nca_crypto.h"

#include <mbedtls/aes.h>

#include "base/error.h"

namespace formats {

namespace {

// RAII for mbedtls contexts, which must be freed whatever happens.
struct AesContext {
    mbedtls_aes_context context;
    AesContext() { mbedtls_aes_init(&context); }
    ~AesContext() { mbedtls_aes_free(&context); }
};

struct XtsContext {
    mbedtls_aes_xts_context context;
    XtsContext() { mbedtls_aes_xts_init(&context); }
    ~XtsContext() { mbedtls_aes_xts_free(&context); }
};

void Check(int status, const char* what) {
    if (status != 0) {
        base::Fail("AES {} failed (mbedtls error {:#x})", what, -status);
    }
}

void PutBigEndian(u8* out, u64 value) {
    for (int i = 7; i >= 0; --i) {
        out[i] = static_cast<u8>(value);
        value >>= 8;
    }
}

}  // namespace

void NcaXtsCrypt(const Key256& key, u64 first_sector, std::span<u8> data, bool encrypt) {
    if (data.size() % kNcaSectorSize != 0) {
        base::Fail("AES-XTS: {:#x} bytes is not a whole number of sectors", data.size());
    }
    XtsContext xts;
    Check(encrypt ? mbedtls_aes_xts_setkey_enc(&xts.context, key.data(), 256)
                  : mbedtls_aes_xts_setkey_dec(&xts.context, key.data(), 256),
          "XTS key");
    for (u64 i = 0; i < data.size() / kNcaSectorSize; ++i) {
        // IEEE XTS reads the data unit number little-endian; Nintendo writes it big-endian.
        u8 tweak[16] = {};
        PutBigEndian(tweak + 8, first_sector + i);
        u8* sector = data.data() + i * kNcaSectorSize;
        Check(
            mbedtls_aes_crypt_xts(&xts.context, encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                  kNcaSectorSize, tweak, sector, sector),
            "XTS");
    }
}

void NcaCtrCrypt(const Key128& key, u64 upper_iv, u64 absolute_offset, std::span<u8> data) {
    if (absolute_offset % 16 != 0) {
        base::Fail("AES-CTR: offset {:#x} is not 16-aligned", absolute_offset);
    }
    AesContext aes;
    Check(mbedtls_aes_setkey_enc(&aes.context, key.data(), 128), "CTR key");
    u8 counter[16];
    PutBigEndian(counter, upper_iv);
    PutBigEndian(counter + 8, absolute_offset / 16);
    u8 stream_block[16] = {};
    std::size_t stream_offset = 0;
    Check(mbedtls_aes_crypt_ctr(&aes.context, data.size(), &stream_offset, counter, stream_block,
                                data.data(), data.data()),
          "CTR");
}

void AesEcbCrypt(const Key128& key, std::span<u8> data, bool encrypt) {
    if (data.size() % 16 != 0) {
        base::Fail("AES-ECB: {:#x} bytes is not a whole number of blocks", data.size());
    }
    AesContext aes;
    Check(encrypt ? mbedtls_aes_setkey_enc(&aes.context, key.data(), 128)
                  : mbedtls_aes_setkey_dec(&aes.context, key.data(), 128),
          "ECB key");
    for (std::size_t i = 0; i < data.size(); i += 16) {
        Check(
            mbedtls_aes_crypt_ecb(&aes.context, encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                  data.data() + i, data.data() + i),
            "ECB");
    }
}

}  // namespace formats
