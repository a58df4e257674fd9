#include "harness/core/atomic_file.hpp"

#include <fstream>
#include <stdexcept>
#include <system_error>

namespace lmr::core {

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
    const std::filesystem::path temp = path.string() + ".tmp";
    std::error_code ec;
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + temp.string());
        out << text;
        out.close();
        if (!out) {
            std::filesystem::remove(temp, ec);  // no half-written file left behind
            throw std::runtime_error("cannot write " + temp.string());
        }
    }
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::filesystem::remove(temp, ec);
        throw std::runtime_error("cannot write " + path.string());
    }
}

}  // namespace lmr::core
