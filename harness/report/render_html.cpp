// Documents as HTML elements for the report page (html_page.cpp wraps them).

#include <algorithm>

#include "harness/report/render.hpp"

namespace lmr::report {
namespace {

std::string heading(int level, std::string_view text) {
    const std::string tag = "h" + std::to_string(std::min(level, 6));
    return "<" + tag + ">" + html_escape(text) + "</" + tag + ">\n";
}

std::string table_html(const Table& table, int level) {
    std::string html;
    if (!table.title.empty()) html += heading(level, table.title);
    if (table.rows.empty())
        return html + "<p class=\"empty\">" + html_escape(table.empty_text) + "</p>\n";
    html += "<div class=\"scroll\"><table class=\"data\" data-key=\"" + html_escape(table.key) +
            "\">\n<thead><tr>";
    for (const auto& c : table.columns) {
        html += c.align == Align::kRight ? "<th class=\"num\">" : "<th>";
        html += html_escape(c.title) + "</th>";
    }
    html += "</tr></thead>\n<tbody>\n";
    for (const auto& row : table.rows) {
        html += "<tr>";
        for (std::size_t i = 0; i < table.columns.size(); ++i) {
            html += table.columns[i].align == Align::kRight ? "<td class=\"num\">" : "<td>";
            if (i < row.size()) html += html_escape(row[i]);
            html += "</td>";
        }
        html += "</tr>\n";
    }
    return html + "</tbody></table></div>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string render_html(const Document& doc, int level) {
    std::string html;
    if (!doc.title.empty()) html += heading(level, doc.title);
    for (const auto& section : doc.sections) {
        html += "<section>\n";
        if (!section.title.empty()) html += heading(level + 1, section.title);
        if (!section.fields.empty()) {
            html += "<dl class=\"fields\">\n";
            for (const auto& [label, value] : section.fields)
                html += "<dt>" + html_escape(label) + "</dt><dd>" + html_escape(value) + "</dd>\n";
            html += "</dl>\n";
        }
        if (!section.preformatted.empty())
            html += "<pre>" + html_escape(section.preformatted) + "</pre>\n";
        for (const auto& table : section.tables) html += table_html(table, level + 2);
        for (const auto& note : section.notes)
            html += "<p class=\"note\">" + html_escape(note) + "</p>\n";
        html += "</section>\n";
    }
    return html;
}

}  // namespace lmr::report
