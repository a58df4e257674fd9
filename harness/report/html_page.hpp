#pragma once

// The report as one self-contained HTML page: inline CSS, SVG charts drawn by charts.hpp, no
// script and no external resource, so it opens offline and can be attached to a CI run.

#include <string>

#include "harness/report/data.hpp"

namespace lmr::report {

std::string html_page(const PageData& page);

}  // namespace lmr::report
