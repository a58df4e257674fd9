#pragma once

// SHA-256 (FIPS 180-4), for the hashes that tie a result to exactly what
// played: the resolved config text and the engine binary.

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace lmr::store {

class Sha256 {
  public:
    Sha256();
    void update(const void* data, std::size_t size);
    void update(std::string_view text) { update(text.data(), text.size()); }
    std::array<std::uint8_t, 32> finish();  // the object is spent afterwards
    std::string finish_hex();               // 64 lowercase hex digits

  private:
    void compress(const std::uint8_t* block);
    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t total_bytes_ = 0;
};

std::string sha256_hex(std::string_view data);
// Hashes a file in chunks; throws std::runtime_error naming the file when it
// cannot be read.
std::string sha256_file_hex(const std::filesystem::path& path);

}  // namespace lmr::store
