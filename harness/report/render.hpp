#pragma once

// Documents (document.hpp) rendered for a terminal, a spreadsheet, a markdown page (a CI job
// summary) or an HTML page. JSON is not a rendering of a document: see json.hpp.

#include <iosfwd>
#include <string>
#include <string_view>

#include "harness/report/document.hpp"

namespace lmr::report {

// Aligned columns padded with spaces (UTF-8 aware), for a terminal.
void render_text(std::ostream& out, const Document& doc);
// RFC 4180 CSV. One table: header and rows. Several tables: each as a block introduced by a
// "# <table key>" line, blocks separated by an empty line.
void render_csv(std::ostream& out, const Document& doc);
// GitHub-flavoured markdown: headings, field lists, fenced blocks and pipe tables.
void render_markdown(std::ostream& out, const Document& doc);
// The document as HTML elements (no <html>/<body>), every text escaped; heading levels start
// at `level` (h2 for the title with level 2).
std::string render_html(const Document& doc, int level = 2);

// Helpers shared with the page and the tests.
std::string html_escape(std::string_view text);
std::string csv_field(std::string_view text);

}  // namespace lmr::report
