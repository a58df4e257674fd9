#pragma once

// One source per report view. A view lists its columns once, each with its key (the CSV header
// and the JSON member), its title for people, its alignment and how a row fills it. The document
// builders make the view's table from it for either audience (view_table) and render_json.cpp
// its JSON objects (view_json), so CSV and JSON have the same keys and the same values.
//
// JSON differs from a view's CSV table in one way, on purpose: where the CSV flattens a run's or
// a config's statistics into columns (elo, elo_error, penta_ll, …), JSON gives the object
// `lmr-harness stats --json` prints for the same counts (the run list, baseline and ratings).

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/report/document.hpp"

namespace lmr::report {

// What one row puts in one column: typed for machines (JSON: null where the value is undefined,
// an integer, a number, text) and, where people read it otherwise ("53.5 %", "-", "24.36 ±
// 29.11"), their text.
struct Value {
    nlohmann::ordered_json machine;
    std::optional<std::string> human;
};

// Who sees a column: both audiences, or one (a combined cell for people, its parts for machines).
enum class Shown { kBoth, kHuman, kMachine };

template <typename Row>
struct Field {
    const char* key;
    const char* title;
    Align align;
    std::function<Value(const Row&)> value;
    Shown shown = Shown::kBoth;
};

template <typename Row>
using View = std::vector<Field<Row>>;

// A column that shows a member of the row as it is (Base: the class that declares it).
template <typename Row, typename Base, typename Member>
Field<Row> member_field(const char* key, const char* title, Align align, Member Base::*member,
                        Shown shown = Shown::kBoth) {
    return {key, title, align, [member](const Row& row) { return Value{row.*member, {}}; }, shown};
}

// A machine value as a CSV cell: "" for null, a number in full precision (cells.hpp's number),
// text as it is.
std::string machine_text(const nlohmann::ordered_json& value);
// A number for machines: null when undefined (NaN or nullopt), "+inf"/"-inf" as the stats JSON
// writes them.
nlohmann::ordered_json number_value(double value);
nlohmann::ordered_json number_value(const std::optional<double>& value);
// Text for machines: null when empty.
nlohmann::ordered_json text_or_null(const std::string& text);

// A column that shows a floating-point member: null where it is undefined (NaN or nullopt).
template <typename Row, typename Base, typename Member>
Field<Row> number_field(const char* key, const char* title, Align align, Member Base::*member,
                        Shown shown = Shown::kBoth) {
    return {key, title, align,
            [member](const Row& row) {
                return Value{number_value(row.*member), {}};
            },
            shown};
}

inline bool shown_to(Shown shown, Audience audience) {
    return shown == Shown::kBoth || (shown == Shown::kHuman) == (audience == Audience::kHuman);
}

// The view's table: a row per element of `rows`, the columns the audience sees.
template <typename Row>
Table view_table(const View<Row>& view, const std::vector<Row>& rows, Audience audience) {
    Table table;
    for (const Field<Row>& field : view) {
        if (!shown_to(field.shown, audience)) continue;
        table.columns.push_back(
            {field.key, audience == Audience::kHuman ? field.title : field.key, field.align});
    }
    for (const Row& row : rows) {
        std::vector<std::string> cells;
        for (const Field<Row>& field : view) {
            if (!shown_to(field.shown, audience)) continue;
            Value value = field.value(row);
            cells.push_back(audience == Audience::kHuman && value.human
                                ? std::move(*value.human)
                                : machine_text(value.machine));
        }
        table.rows.push_back(std::move(cells));
    }
    return table;
}

// The view as JSON: an array with an object per row, the machine columns as its members.
template <typename Row>
nlohmann::ordered_json view_json(const View<Row>& view, const std::vector<Row>& rows) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Row& row : rows) {
        nlohmann::ordered_json object = nlohmann::ordered_json::object();
        for (const Field<Row>& field : view)
            if (shown_to(field.shown, Audience::kMachine))
                object[field.key] = field.value(row).machine;
        list.push_back(std::move(object));
    }
    return list;
}

// A row of a child view with the row it belongs to (an engine's rule, an engine's kind of PV
// violation), for a machine table that repeats the parent's leading columns on every child row
// where JSON nests the children in their parent's object.
template <typename Parent, typename Child>
struct Owned {
    const Parent* parent;
    const Child* child;
};

// The first `parent_columns` columns of the parent's view, then the child's.
template <typename Parent, typename Child>
View<Owned<Parent, Child>> owned_view(const View<Parent>& parent, std::size_t parent_columns,
                                      const View<Child>& child) {
    View<Owned<Parent, Child>> view;
    for (std::size_t i = 0; i < parent_columns && i < parent.size(); ++i) {
        const Field<Parent>& f = parent[i];
        view.push_back(
            {f.key, f.title, f.align,
             [value = f.value](const Owned<Parent, Child>& r) { return value(*r.parent); },
             f.shown});
    }
    for (const Field<Child>& f : child) {
        view.push_back(
            {f.key, f.title, f.align,
             [value = f.value](const Owned<Parent, Child>& r) { return value(*r.child); },
             f.shown});
    }
    return view;
}

// Every child of every parent, in order, each with its parent.
template <typename Parent, typename Child>
std::vector<Owned<Parent, Child>> owned_rows(const std::vector<Parent>& parents,
                                             std::vector<Child> Parent::*children) {
    std::vector<Owned<Parent, Child>> rows;
    for (const Parent& parent : parents)
        for (const Child& child : parent.*children) rows.push_back({&parent, &child});
    return rows;
}

}  // namespace lmr::report
