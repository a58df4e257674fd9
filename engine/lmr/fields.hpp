// The one table that describes every key of a config file: its JSON path, type, range and
// documentation, plus accessors into LmrConfig. JSON parsing, validation, resolved_json(),
// the JSON Schema, the docs reference and the tunable-parameter registry are all driven
// from it, so a key is defined exactly once.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/lmr/config.hpp"

namespace lmr::reduction {

enum class FieldKind {
    kObject,  // a group of keys; documentation only
    kString,
    kBool,
    kInt,
    kEnum,     // a string from `choices`
    kIntList,  // array of ints, min_len..max_len entries (IntList<8>)
    kTable,    // array of arrays of ints (the explicit [depth][movecount] table)
};

struct FieldDesc {
    std::string_view path;  // "lmr.steps.history.weight"
    FieldKind kind = FieldKind::kObject;
    std::string_view doc;
    int min = 0, max = 0;                   // kInt, list elements, table entries
    int min_len = 0, max_len = 0;           // kIntList, kTable (rows and columns)
    std::vector<std::string_view> choices;  // kEnum, in the order of the C++ enum

    bool& (*bool_ref)(LmrConfig&) = nullptr;
    int& (*int_ref)(LmrConfig&) = nullptr;
    std::string& (*string_ref)(LmrConfig&) = nullptr;
    IntList<8>& (*list_ref)(LmrConfig&) = nullptr;
    std::vector<std::vector<int>>& (*table_ref)(LmrConfig&) = nullptr;
    int (*enum_get)(const LmrConfig&) = nullptr;
    void (*enum_set)(LmrConfig&, int) = nullptr;

    // The last path component ("weight").
    std::string_view key() const;
    // The path without its last component ("lmr.steps.history"; "" at the top level).
    std::string_view parent() const;
};

// All fields, parents before children, in the order resolved_json() writes them.
std::span<const FieldDesc> config_fields();
const FieldDesc* find_field(std::string_view path);

// Accessors that do not need a mutable config.
inline bool get_bool(const FieldDesc& f, const LmrConfig& c) {
    return f.bool_ref(const_cast<LmrConfig&>(c));
}
inline int get_int(const FieldDesc& f, const LmrConfig& c) {
    return f.int_ref(const_cast<LmrConfig&>(c));
}
inline const std::string& get_string(const FieldDesc& f, const LmrConfig& c) {
    return f.string_ref(const_cast<LmrConfig&>(c));
}
inline const IntList<8>& get_list(const FieldDesc& f, const LmrConfig& c) {
    return f.list_ref(const_cast<LmrConfig&>(c));
}
inline const std::vector<std::vector<int>>& get_table(const FieldDesc& f, const LmrConfig& c) {
    return f.table_ref(const_cast<LmrConfig&>(c));
}

// Generated documentation: the JSON Schema (draft 2020-12) of a config file, and the
// Markdown key reference embedded in docs/configs.md.
std::string config_json_schema();
std::string config_markdown_reference();

}  // namespace lmr::reduction
