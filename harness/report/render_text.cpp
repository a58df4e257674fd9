// Documents as plain text for a terminal: aligned columns, padded by display width.

#include <algorithm>
#include <ostream>

#include "engine/text/text.hpp"
#include "harness/report/render.hpp"

namespace lmr::report {
namespace {

void underline(std::ostream& out, const std::string& title, char c) {
    out << title << '\n' << std::string(text::code_points(title), c) << '\n';
}

void pad(std::ostream& out, const std::string& text, std::size_t width, Align align) {
    const std::size_t fill = width - std::min(width, text::code_points(text));
    if (align == Align::kRight)
        out << std::string(fill, ' ') << text;
    else
        out << text << std::string(fill, ' ');
}

void write_table(std::ostream& out, const Table& table) {
    if (!table.title.empty()) out << table.title << '\n';
    if (table.rows.empty()) {
        out << "  " << table.empty_text << '\n';
        return;
    }
    std::vector<std::size_t> widths;
    for (const auto& c : table.columns) widths.push_back(text::code_points(c.title));
    for (const auto& row : table.rows)
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], text::code_points(row[i]));
    // The last left-aligned column is not padded, so long free text (FEN, details) does not
    // leave trailing blanks.
    auto write_row = [&](const std::vector<std::string>& cells) {
        out << ' ';
        for (std::size_t i = 0; i < widths.size(); ++i) {
            out << ' ';
            const std::string& text = i < cells.size() ? cells[i] : std::string();
            const bool last = i + 1 == widths.size();
            if (last && table.columns[i].align == Align::kLeft)
                out << text;
            else
                pad(out, text, widths[i], table.columns[i].align);
            if (!last) out << ' ';
        }
        out << '\n';
    };
    std::vector<std::string> titles;
    for (const auto& c : table.columns) titles.push_back(c.title);
    write_row(titles);
    std::vector<std::string> rules;
    for (std::size_t w : widths) rules.emplace_back(w, '-');
    write_row(rules);
    for (const auto& row : table.rows) write_row(row);
}

}  // namespace

void render_text(std::ostream& out, const Document& doc) {
    if (!doc.title.empty()) {
        underline(out, doc.title, '=');
        out << '\n';
    }
    bool first = true;
    for (const auto& section : doc.sections) {
        if (!first) out << '\n';
        first = false;
        if (!section.title.empty()) underline(out, section.title, '-');
        std::size_t label_width = 0;
        for (const auto& [label, value] : section.fields)
            label_width = std::max(label_width, text::code_points(label) + 1);
        for (const auto& [label, value] : section.fields) {
            pad(out, label + ":", label_width + 2, Align::kLeft);
            out << value << '\n';
        }
        if (!section.preformatted.empty()) out << section.preformatted;
        for (std::size_t i = 0; i < section.tables.size(); ++i) {
            if (i > 0 || !section.fields.empty() || !section.preformatted.empty()) out << '\n';
            write_table(out, section.tables[i]);
        }
        if (!section.notes.empty()) out << '\n';
        for (const auto& note : section.notes) out << note << '\n';
    }
}

}  // namespace lmr::report
