// SHA-256 against the published test vectors (FIPS 180-2, appendix B; the empty string from
// NIST's example values): the digests that tie a result to its config, engine and book.

#include "harness/store/sha256.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tests/store/temp_dir.hpp"

namespace lmr::store {
namespace {

constexpr const char* kAbc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
constexpr const char* kMillionA =
    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";

TEST(Sha256, PublishedVectors) {
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"), kAbc);
    EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), kMillionA);
}

TEST(Sha256, HashesFiles) {
    testing::TempDir dir;
    testing::write_bytes(dir / "abc.txt", "abc");
    EXPECT_EQ(sha256_file_hex(dir / "abc.txt"), kAbc);
    // Larger than the chunk a file is read in: the pieces make one digest.
    testing::write_bytes(dir / "a.txt", std::string(1000000, 'a'));
    EXPECT_EQ(sha256_file_hex(dir / "a.txt"), kMillionA);
    EXPECT_THROW(sha256_file_hex(dir / "missing"), std::runtime_error);
}

}  // namespace
}  // namespace lmr::store
