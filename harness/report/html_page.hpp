#pragma once

// The report as one self-contained HTML page: inline CSS, SVG charts drawn by charts.hpp, no
// script and no external resource, so it opens offline and can be attached to a CI run.

#include <string>
#include <vector>

#include "harness/report/data.hpp"

namespace lmr::report {

std::string html_page(const PageData& page);
// Several databases on one page (e.g. the phases of a study), a part each in the order given,
// with a table of contents; each part's anchors and chart ids are prefixed (db1-, db2-, …)
// because run ids repeat across databases. One part: the same page as html_page(page).
std::string html_page(const std::vector<PageData>& parts);

}  // namespace lmr::report
