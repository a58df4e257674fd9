#pragma once

// The CSV files the study keeps (figures, claims) read as RFC 4180 records, and their cells by
// column name, every problem a ReportError naming the file, the line and the column.

#include <cstddef>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "harness/report/load.hpp"

namespace lmr::report {

// One record of an RFC 4180 file and the line it starts on.
struct CsvRecord {
    std::size_t line = 0;
    std::vector<std::string> fields;
};

// "path:line: ", the prefix of every message about a place in a file.
std::string csv_where(const std::string& path, std::size_t line);

// The records of `text`: fields separated by commas, records by CRLF or LF, a field in double
// quotes may hold commas, line breaks and doubled quotes. ReportError naming `path` and the line
// on a quote out of place.
std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& path);

// The records of the file at `path`; ReportError when it cannot be read or holds no header.
std::vector<CsvRecord> read_csv_file(const std::string& path);

// The columns of a header, by name, and the cells of a record read through them.
class CsvColumns {
  public:
    CsvColumns(const std::string& path, const CsvRecord& header);
    bool has(const std::string& name) const { return index_.count(name) != 0U; }
    // ReportError naming the first of `names` the header lacks, and `form`, what the file is.
    void require(std::initializer_list<const char*> names, const char* form) const;
    void check_width(const CsvRecord& record) const;
    const std::string& cell(const CsvRecord& record, const std::string& name) const {
        return record.fields[index_.at(name)];
    }
    long count(const CsvRecord& record, const std::string& name) const;
    // A number as report's CSV writes it: shortest round-trip digits, "+inf" / "-inf".
    double number(const CsvRecord& record, const std::string& name) const;
    ReportError bad_cell(const CsvRecord& record, const std::string& name,
                         const std::string& problem) const;

  private:
    std::string path_;
    std::map<std::string, std::size_t> index_;
    std::size_t width_ = 0;
};

}  // namespace lmr::report
