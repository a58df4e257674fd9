// SHA-256 through OpenSSL's EVP digest interface (libcrypto).

#include <openssl/evp.h>

#include <fstream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "harness/store/sha256.hpp"

namespace lmr::store {
namespace {

struct FreeDigestContext {
    void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};

// One SHA-256 computation fed in pieces.
class Sha256Digest {
  public:
    Sha256Digest() : context_(EVP_MD_CTX_new()) {
        if (!context_ || EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr) != 1)
            throw std::runtime_error("OpenSSL cannot start a SHA-256 digest");
    }

    void update(const void* data, std::size_t size) {
        if (EVP_DigestUpdate(context_.get(), data, size) != 1)
            throw std::runtime_error("OpenSSL failed while computing a SHA-256 digest");
    }

    std::string finish_hex() {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int size = 0;
        if (EVP_DigestFinal_ex(context_.get(), digest, &size) != 1)
            throw std::runtime_error("OpenSSL failed while finishing a SHA-256 digest");
        static constexpr char kHex[] = "0123456789abcdef";
        std::string hex;
        hex.reserve(2 * size);
        for (unsigned int i = 0; i < size; ++i) {
            hex += kHex[digest[i] >> 4];
            hex += kHex[digest[i] & 15];
        }
        return hex;
    }

  private:
    std::unique_ptr<EVP_MD_CTX, FreeDigestContext> context_;
};

}  // namespace

std::string sha256_hex(std::string_view data) {
    Sha256Digest digest;
    digest.update(data.data(), data.size());
    return digest.finish_hex();
}

std::string sha256_file_hex(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + path.string() + "' to hash it");
    Sha256Digest digest;
    std::vector<char> chunk(1 << 16);
    while (in) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        digest.update(chunk.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) throw std::runtime_error("error while reading '" + path.string() + "'");
    return digest.finish_hex();
}

}  // namespace lmr::store
