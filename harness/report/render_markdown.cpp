// Documents as GitHub-flavoured markdown, e.g. for a CI job summary ($GITHUB_STEP_SUMMARY).

#include <algorithm>
#include <ostream>

#include "harness/report/render.hpp"

namespace lmr::report {
namespace {

// A pipe-table cell: pipes escaped, line breaks flattened.
std::string cell(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

// An inline code span: fenced by one backtick more than the longest run inside, padded where the
// text starts or ends with a backtick; pipes escaped as in any cell.
std::string code_span(std::string_view text) {
    if (text.empty()) return "";
    std::size_t longest = 0, run = 0;
    for (char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const std::string pad = text.front() == '`' || text.back() == '`' ? " " : "";
    return fence + pad + cell(text) + pad + fence;
}

void write_table(std::ostream& out, const Table& table) {
    if (!table.title.empty()) out << "**" << cell(table.title) << "**\n\n";
    if (table.rows.empty()) {
        out << '*' << cell(table.empty_text) << "*\n\n";
        return;
    }
    out << '|';
    for (const auto& c : table.columns) out << ' ' << cell(c.title) << " |";
    out << "\n|";
    for (const auto& c : table.columns) out << (c.align == Align::kRight ? " ---: |" : " :--- |");
    out << '\n';
    for (const auto& row : table.rows) {
        out << '|';
        for (std::size_t i = 0; i < table.columns.size(); ++i) {
            const std::string text = i < row.size() ? row[i] : std::string();
            out << ' ' << (table.columns[i].code ? code_span(text) : cell(text)) << " |";
        }
        out << '\n';
    }
    out << '\n';
}

}  // namespace

void render_markdown(std::ostream& out, const Document& doc) {
    if (!doc.title.empty()) out << "## " << doc.title << "\n\n";
    for (const auto& section : doc.sections) {
        if (!section.title.empty()) out << "### " << section.title << "\n\n";
        for (const auto& [label, value] : section.fields)
            out << "- **" << cell(label) << ":** " << cell(value) << '\n';
        if (!section.fields.empty()) out << '\n';
        if (!section.preformatted.empty()) out << "```text\n" << section.preformatted << "```\n\n";
        for (const auto& table : section.tables) write_table(out, table);
        for (const auto& note : section.notes) out << note << "\n\n";
    }
}

}  // namespace lmr::report
