// Documents as CSV (RFC 4180) for spreadsheets and scripts: the tables only.

#include <ostream>

#include "harness/report/render.hpp"

namespace lmr::report {
namespace {

void write_record(std::ostream& out, const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) out << ',';
        out << csv_field(cells[i]);
    }
    out << "\r\n";  // RFC 4180 line ends
}

}  // namespace

std::string csv_field(std::string_view text) {
    const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
                       (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

void render_csv(std::ostream& out, const Document& doc) {
    std::size_t tables = 0;
    for (const auto& section : doc.sections) tables += section.tables.size();
    bool first = true;
    for (const auto& section : doc.sections) {
        for (const auto& table : section.tables) {
            if (tables > 1) {
                if (!first) out << "\r\n";
                out << "# " << table.key << "\r\n";
            }
            first = false;
            std::vector<std::string> header;
            for (const auto& c : table.columns) header.push_back(c.key);
            write_record(out, header);
            for (const auto& row : table.rows) write_record(out, row);
        }
    }
}

}  // namespace lmr::report
