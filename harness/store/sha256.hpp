#pragma once

// SHA-256 (FIPS 180-4), for the hashes that tie a result to exactly what
// played: the resolved config text, the engine binary and the opening book.
// Computed by OpenSSL's libcrypto.

#include <filesystem>
#include <string>
#include <string_view>

namespace lmr::store {

// 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);
// Hashes a file in chunks; throws std::runtime_error naming the file when it
// cannot be read.
std::string sha256_file_hex(const std::filesystem::path& path);

}  // namespace lmr::store
