#pragma once

// The headless browser the HTML tests render pages with: chromium-headless-shell (installed by
// scripts/setup), or a full chromium. Empty when neither is installed, which the tests report as
// a failure: a page nobody renders is a page nobody checks.

#include <filesystem>
#include <string>

namespace lmr::report_test {

inline std::string headless_browser() {
    for (const char* path : {"/usr/bin/chromium-headless-shell", "/usr/bin/chromium"})
        if (std::filesystem::exists(path)) return path;
    return "";
}

inline constexpr const char* kNoBrowser =
    "no /usr/bin/chromium-headless-shell nor /usr/bin/chromium: scripts/setup installs "
    "chromium-headless-shell";

}  // namespace lmr::report_test
