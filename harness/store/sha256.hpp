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
// The same, hashed again only when the file at `path` is another one (device, inode) or its
// size or modification time changed since it was last hashed here: cheap enough to check an
// engine binary before every start of the engine. Thread-safe.
std::string sha256_file_hex_cached(const std::filesystem::path& path);

}  // namespace lmr::store
