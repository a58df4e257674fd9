// Documentation generated from the field table: configs/schema.json and the key reference
// in docs/configs.md. Tests fail when the committed files differ from what this produces.
#include <nlohmann/json.hpp>
#include <string>

#include "engine/lmr/fields.hpp"

namespace lmr::reduction {
namespace {

using Json = nlohmann::ordered_json;

Json default_of(const FieldDesc& f, const LmrConfig& d) {
    switch (f.kind) {
        case FieldKind::kString:
            return get_string(f, d);
        case FieldKind::kBool:
            return get_bool(f, d);
        case FieldKind::kInt:
            return get_int(f, d);
        case FieldKind::kEnum:
            return std::string(f.choices[std::size_t(f.enum_get(d))]);
        case FieldKind::kIntList: {
            const IntList<8>& list = get_list(f, d);
            return std::vector<int>(list.begin(), list.end());
        }
        case FieldKind::kTable:
            return get_table(f, d);
        case FieldKind::kObject:
            break;
    }
    return nullptr;
}

Json int_schema(int lo, int hi) {
    Json s;
    s["type"] = "integer";
    s["minimum"] = lo;
    s["maximum"] = hi;
    return s;
}

Json schema_of(const FieldDesc& f, const LmrConfig& defaults);

Json object_schema(std::string_view path, std::string_view doc, const LmrConfig& defaults) {
    Json s;
    s["type"] = "object";
    if (!doc.empty()) s["description"] = std::string(doc);
    Json properties = Json::object();
    for (const FieldDesc& child : config_fields())
        if (child.parent() == path)
            properties[std::string(child.key())] = schema_of(child, defaults);
    s["properties"] = properties;
    s["additionalProperties"] = false;
    return s;
}

Json schema_of(const FieldDesc& f, const LmrConfig& defaults) {
    Json s;
    switch (f.kind) {
        case FieldKind::kObject:
            return object_schema(f.path, f.doc, defaults);
        case FieldKind::kString:
            s["type"] = "string";
            break;
        case FieldKind::kBool:
            s["type"] = "boolean";
            break;
        case FieldKind::kInt:
            s = int_schema(f.min, f.max);
            break;
        case FieldKind::kEnum: {
            s["type"] = "string";
            Json choices = Json::array();
            for (std::string_view c : f.choices) choices.push_back(std::string(c));
            s["enum"] = choices;
            break;
        }
        case FieldKind::kIntList:
            s["type"] = "array";
            s["items"] = int_schema(f.min, f.max);
            s["minItems"] = f.min_len;
            s["maxItems"] = f.max_len;
            break;
        case FieldKind::kTable: {
            Json row;
            row["type"] = "array";
            row["items"] = int_schema(f.min, f.max);
            row["minItems"] = 1;
            row["maxItems"] = f.max_len;
            s["type"] = "array";
            s["items"] = row;
            s["maxItems"] = f.max_len;
            break;
        }
    }
    s["description"] = std::string(f.doc);
    s["default"] = default_of(f, defaults);
    return s;
}

std::string type_text(const FieldDesc& f) {
    switch (f.kind) {
        case FieldKind::kString:
            return "string";
        case FieldKind::kBool:
            return "bool";
        case FieldKind::kInt:
            return "int " + std::to_string(f.min) + ".." + std::to_string(f.max);
        case FieldKind::kEnum: {
            std::string out;
            for (std::string_view c : f.choices)
                out += (out.empty() ? "" : " \\| ") + std::string(c);
            return out;
        }
        case FieldKind::kIntList:
            return std::to_string(f.min_len) + ".." + std::to_string(f.max_len) + " ints " +
                   std::to_string(f.min) + ".." + std::to_string(f.max);
        case FieldKind::kTable:
            return "rows of ints " + std::to_string(f.min) + ".." + std::to_string(f.max);
        case FieldKind::kObject:
            break;
    }
    return "object";
}

}  // namespace

std::string config_json_schema() {
    const LmrConfig defaults;  // what a missing key becomes
    Json s;
    s["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    s["title"] = "LMR Lab config";
    s["description"] =
        "One late-move-reduction scheme (configs/*.json). Generated from engine/lmr/fields.cpp; "
        "see docs/configs.md. Keys left out take the default shown here, or the value of the "
        "file named by 'extends'.";
    s["type"] = "object";
    Json properties = Json::object();
    properties["$schema"] =
        Json{{"type", "string"}, {"description", "Path or URL of this schema."}};
    properties["extends"] = Json{
        {"oneOf", Json::array({Json{{"type", "string"}}, Json{{"type", "array"},
                                                              {"items", Json{{"type", "string"}}},
                                                              {"minItems", 1}}})},
        {"description",
         "A config file (path relative to this file), or a list of them, to start from; the "
         "list is merged in order, later files win, then this file; objects are merged key by "
         "key, anything else is replaced."}};
    for (const FieldDesc& f : config_fields())
        if (f.parent().empty()) properties[std::string(f.key())] = schema_of(f, defaults);
    s["properties"] = properties;
    s["additionalProperties"] = false;
    return s.dump(2) + "\n";
}

std::string config_markdown_reference() {
    const LmrConfig defaults;
    std::string out;
    out += "| key | type | default | meaning |\n|---|---|---|---|\n";
    out +=
        "| `extends` | string or array | — | Config file(s) (relative paths) to start from; "
        "deep merge in order, later files win. |\n";
    for (const FieldDesc& f : config_fields()) {
        std::string def = f.kind == FieldKind::kObject ? "" : default_of(f, defaults).dump();
        if (f.kind == FieldKind::kObject) {
            out +=
                "| **`" + std::string(f.path) + "`** | object | | " + std::string(f.doc) + " |\n";
            continue;
        }
        out += "| `" + std::string(f.path) + "` | " + type_text(f) + " | `" + def + "` | " +
               std::string(f.doc) + " |\n";
    }
    return out;
}

}  // namespace lmr::reduction
