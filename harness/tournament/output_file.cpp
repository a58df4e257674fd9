#include "harness/tournament/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace lmr::tournament {

OutputFile::OutputFile(std::filesystem::path path, bool append, std::string what)
    : path_(std::move(path)), what_(std::move(what)) {
    const std::string name = path_.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path_, ec))
        throw OutputFileError(what_ + " '" + name + "' is a directory");
    // O_APPEND: every write lands at the end of the file, even when another program appends to
    // it too. O_CLOEXEC: the engines this process starts do not inherit the file.
    const int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (append ? 0 : O_TRUNC);
    fd_ = ::open(name.c_str(), flags, 0666);
    if (fd_ < 0)
        throw OutputFileError("cannot write the " + what_ + " '" + name +
                              "': " + std::strerror(errno));
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
}

void OutputFile::append(std::string_view text) {
    // One write for the whole text; a regular file takes it whole unless the disk is full or a
    // signal interrupts it, and then the rest follows at once.
    while (!text.empty()) {
        const ssize_t written = ::write(fd_, text.data(), text.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            throw OutputFileError("cannot write the " + what_ + " '" + path_.string() +
                                  "': " + std::strerror(errno));
        }
        text.remove_prefix(static_cast<std::size_t>(written));
    }
}

}  // namespace lmr::tournament
