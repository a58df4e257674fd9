// CSV records and their cells by column (csv_records.hpp).

#include "harness/report/csv_records.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace lmr::report {

std::string csv_where(const std::string& path, std::size_t line) {
    return path + ":" + std::to_string(line) + ": ";
}

std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& path) {
    std::vector<CsvRecord> records;
    std::size_t line = 1;
    std::size_t i = 0;
    while (i < text.size()) {
        CsvRecord record{line, {}};
        for (bool more = true; more;) {
            std::string field;
            if (text[i] == '"') {
                const std::size_t opened = line;
                for (++i;; ++i) {
                    if (i >= text.size())
                        throw ReportError(csv_where(path, opened) +
                                          "a quoted field is never closed");
                    if (text[i] == '"') {
                        if (i + 1 < text.size() && text[i + 1] == '"') {
                            field += '"';
                            ++i;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    if (text[i] == '\n') ++line;
                    field += text[i];
                }
            } else {
                for (; i < text.size() && text[i] != ',' && text[i] != '\r' && text[i] != '\n';
                     ++i) {
                    if (text[i] == '"')
                        throw ReportError(csv_where(path, line) +
                                          "a quote inside an unquoted field (quote the whole "
                                          "field and double the quote)");
                    field += text[i];
                }
            }
            record.fields.push_back(std::move(field));
            if (i >= text.size()) {
                more = false;
            } else if (text[i] == ',') {
                ++i;
                more = i < text.size();  // "a," ends on an empty last field
                if (!more) record.fields.emplace_back();
            } else if (text[i] == '\r' || text[i] == '\n') {
                if (text[i] == '\r') ++i;
                if (i < text.size() && text[i] == '\n') ++i;
                ++line;
                more = false;
            } else {
                throw ReportError(csv_where(path, line) + "text after a closing quote");
            }
        }
        records.push_back(std::move(record));
    }
    return records;
}

std::vector<CsvRecord> read_csv_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ReportError(path + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<CsvRecord> records = parse_csv(text.str(), path);
    if (records.empty()) throw ReportError(path + ": empty, no header");
    return records;
}

CsvColumns::CsvColumns(const std::string& path, const CsvRecord& header) : path_(path) {
    for (std::size_t i = 0; i < header.fields.size(); ++i) index_[header.fields[i]] = i;
    width_ = header.fields.size();
}

void CsvColumns::require(std::initializer_list<const char*> names, const char* form) const {
    for (const char* name : names)
        if (!has(name))
            throw ReportError(csv_where(path_, 1) + "no column '" + name + "' in " + form);
}

void CsvColumns::check_width(const CsvRecord& record) const {
    if (record.fields.size() != width_)
        throw ReportError(csv_where(path_, record.line) + std::to_string(record.fields.size()) +
                          " fields where the header has " + std::to_string(width_));
}

long CsvColumns::count(const CsvRecord& record, const std::string& name) const {
    const std::string& text = cell(record, name);
    long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 0)
        throw bad_cell(record, name, "is not a count");
    return value;
}

double CsvColumns::number(const CsvRecord& record, const std::string& name) const {
    const std::string& text = cell(record, name);
    if (text == "+inf") return INFINITY;
    if (text == "-inf") return -INFINITY;
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw bad_cell(record, name, "is not a number");
    return value;
}

ReportError CsvColumns::bad_cell(const CsvRecord& record, const std::string& name,
                                 const std::string& problem) const {
    return ReportError(csv_where(path_, record.line) + "column '" + name + "': '" +
                       cell(record, name) + "' " + problem);
}

}  // namespace lmr::report
