#pragma once

// A report as a format-neutral document: sections of "label: value" fields, preformatted
// blocks and tables. tables.hpp builds documents from the data; render.hpp turns them into an
// aligned text table, CSV, markdown or HTML.
//
// A document is built for one audience. kHuman: combined, rounded cells ("24.36 ± 29.11",
// "46/122/32") for the terminal, markdown and HTML. kMachine: one value per cell with stable
// snake_case column keys and full precision (CSV).

#include <string>
#include <utility>
#include <vector>

namespace lmr::report {

enum class Audience { kHuman, kMachine };
enum class Align { kLeft, kRight };

struct Column {
    std::string key;    // CSV header: "elo_error"
    std::string title;  // human header: "Elo ±"
    Align align = Align::kLeft;
    bool code = false;  // markdown shows its cells as inline code (a command line)
};

struct Table {
    std::string key;    // names the table in CSV output with several tables: "terminations"
    std::string title;  // "Terminations"
    std::vector<Column> columns;
    std::vector<std::vector<std::string>> rows;  // one cell per column
    std::string empty_text = "(none)";           // shown instead of an empty table
};

struct Section {
    std::string title;
    std::vector<std::pair<std::string, std::string>> fields;  // "Time control" → "nodes=1000"
    std::string preformatted;                                 // e.g. the statistics block
    std::vector<Table> tables;
    std::vector<std::string> notes;  // sentences shown after the tables
};

struct Document {
    std::string title;
    std::vector<Section> sections;
};

}  // namespace lmr::report
