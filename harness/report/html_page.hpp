#pragma once

// The report as one self-contained HTML page: inline CSS, SVG charts drawn by charts.hpp, no
// script and no external resource, so it opens offline and can be attached to a CI run.

#include <string>
#include <vector>

#include "harness/report/claims.hpp"
#include "harness/report/data.hpp"

namespace lmr::report {

std::string html_page(const PageData& page);
// Several sources on one page (e.g. the phases of a study): first the figures files (figures.hpp),
// each a chart of its rows sorted by effect and a table with each row's verdict by the study's
// rule (or a rating list), then the databases, a part each, in the order given; a table of
// contents, and "At a glance" forest plots of every source's measurements per base config. Each
// part's anchors and chart ids are prefixed (fig1-, db1-, …) because run ids repeat across
// sources. One database and no figures: the same page as html_page(page). Claims (claims.hpp),
// when given, come after "At a glance": each with its row, interval and computed verdict. `title`
// heads the page and names it in the browser.
std::string html_page(const std::vector<PageData>& parts, const std::vector<Figures>& figures,
                      const std::vector<JudgedClaim>& claims = {},
                      const std::string& title = "LMR Lab report");

}  // namespace lmr::report
