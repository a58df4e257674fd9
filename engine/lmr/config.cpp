// Reading a config: JSON text -> per-file validation against the field table -> "extends"
// deep merge -> values applied onto the struct defaults -> cross-field checks. Any failure
// throws ConfigError before a config is returned, so nothing half-read can escape.
#include "engine/lmr/config.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/lmr/fields.hpp"
#include "engine/text/text.hpp"

namespace lmr::reduction {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

[[noreturn]] void fail(std::string_view origin, std::string_view path, const std::string& what) {
    std::string message(origin);
    message += ": ";
    message += path.empty() ? std::string_view("(top level)") : path;
    message += ": ";
    message += what;
    throw ConfigError(message);
}

std::string join_path(std::string_view parent, std::string_view key) {
    return parent.empty() ? std::string(key) : std::string(parent) + "." + std::string(key);
}

std::string quoted_list(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& item : items) {
        if (!out.empty()) out += ", ";
        out += "'" + item + "'";
    }
    return out;
}

// Keys allowed in the object at `parent` ("" = top level).
std::vector<std::string> valid_keys(std::string_view parent) {
    std::vector<std::string> keys;
    if (parent.empty()) {
        keys.push_back("$schema");
        keys.push_back("extends");
    }
    for (const FieldDesc& f : config_fields())
        if (f.parent() == parent) keys.emplace_back(f.key());
    return keys;
}

void check_int(const json& value, int lo, int hi, std::string_view origin,
               const std::string& path) {
    if (!value.is_number_integer())
        fail(origin, path,
             std::string("expected an integer, got ") + value.type_name() +
                 (value.is_number_float() ? " " + value.dump() : std::string()));
    const bool too_big = value.is_number_unsigned()
                             ? value.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)
                             : value.get<std::int64_t>() > hi;
    const bool too_small = !value.is_number_unsigned() && value.get<std::int64_t>() < lo;
    if (too_big || too_small)
        fail(origin, path,
             value.dump() + " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                 "]");
}

void check_value(const FieldDesc& f, const json& value, std::string_view origin,
                 const std::string& path);

// "extends": one file name, or a non-empty list of them (merged in order, later files win).
void check_extends(const json& value, std::string_view origin) {
    if (value.is_string()) return;
    if (!value.is_array() || value.empty())
        fail(origin, "extends",
             std::string("expected a file name or a non-empty array of file names, got ") +
                 (value.is_array() ? "an empty array" : value.type_name()));
    for (std::size_t i = 0; i < value.size(); ++i)
        if (!value[i].is_string())
            fail(origin, "extends[" + std::to_string(i) + "]",
                 std::string("expected a string, got ") + value[i].type_name());
}

void check_object(const json& object, std::string_view parent, std::string_view origin) {
    if (!object.is_object())
        fail(origin, parent, std::string("expected an object, got ") + object.type_name());
    for (const auto& [key, value] : object.items()) {
        const std::string path = join_path(parent, key);
        if (parent.empty() && key == "$schema") {
            if (!value.is_string())
                fail(origin, path, std::string("expected a string, got ") + value.type_name());
            continue;
        }
        if (parent.empty() && key == "extends") {
            check_extends(value, origin);
            continue;
        }
        const FieldDesc* f = find_field(path);
        if (f == nullptr) {
            const std::vector<std::string> keys = valid_keys(parent);
            fail(origin, path,
                 "unknown key '" + key + "'" + text::did_you_mean(key, keys) +
                     "; valid keys here: " + quoted_list(keys));
        }
        check_value(*f, value, origin, path);
    }
}

void check_value(const FieldDesc& f, const json& value, std::string_view origin,
                 const std::string& path) {
    switch (f.kind) {
        case FieldKind::kObject:
            check_object(value, f.path, origin);
            return;
        case FieldKind::kString:
            if (!value.is_string())
                fail(origin, path, std::string("expected a string, got ") + value.type_name());
            return;
        case FieldKind::kBool:
            if (!value.is_boolean())
                fail(origin, path,
                     std::string("expected true or false, got ") + value.type_name() + " " +
                         value.dump());
            return;
        case FieldKind::kInt:
            check_int(value, f.min, f.max, origin, path);
            return;
        case FieldKind::kEnum: {
            std::vector<std::string> choices(f.choices.begin(), f.choices.end());
            if (!value.is_string())
                fail(origin, path,
                     std::string("expected one of ") + quoted_list(choices) + ", got " +
                         value.type_name());
            const std::string text = value.get<std::string>();
            for (const std::string& c : choices)
                if (c == text) return;
            fail(origin, path,
                 "unknown value '" + text + "'" + text::did_you_mean(text, choices) +
                     "; valid values: " + quoted_list(choices));
        }
        case FieldKind::kIntList: {
            if (!value.is_array())
                fail(origin, path, std::string("expected an array, got ") + value.type_name());
            const int size = static_cast<int>(value.size());
            if (size < f.min_len || size > f.max_len)
                fail(origin, path,
                     "expected " +
                         (f.min_len == f.max_len
                              ? std::to_string(f.min_len)
                              : std::to_string(f.min_len) + " to " + std::to_string(f.max_len)) +
                         " entries, got " + std::to_string(size));
            for (int i = 0; i < size; ++i)
                check_int(value[i], f.min, f.max, origin, path + "[" + std::to_string(i) + "]");
            return;
        }
        case FieldKind::kTable: {
            if (!value.is_array())
                fail(origin, path,
                     std::string("expected an array of rows, got ") + value.type_name());
            if (static_cast<int>(value.size()) > f.max_len)
                fail(origin, path,
                     "at most " + std::to_string(f.max_len) + " rows, got " +
                         std::to_string(value.size()));
            for (std::size_t r = 0; r < value.size(); ++r) {
                const std::string row_path = path + "[" + std::to_string(r) + "]";
                const json& row = value[r];
                if (!row.is_array())
                    fail(origin, row_path,
                         std::string("expected an array, got ") + row.type_name());
                if (row.empty() || static_cast<int>(row.size()) > f.max_len)
                    fail(origin, row_path,
                         "expected 1 to " + std::to_string(f.max_len) + " entries, got " +
                             std::to_string(row.size()));
                for (std::size_t c = 0; c < row.size(); ++c)
                    check_int(row[c], f.min, f.max, origin,
                              row_path + "[" + std::to_string(c) + "]");
            }
            return;
        }
    }
}

// Objects merge key by key; anything else in `overlay` replaces what `base` has.
void deep_merge(json& base, const json& overlay) {
    for (const auto& [key, value] : overlay.items()) {
        if (value.is_object() && base.contains(key) && base[key].is_object())
            deep_merge(base[key], value);
        else
            base[key] = value;
    }
}

json parse_text(std::string_view text, std::string_view origin) {
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        fail(origin, "", std::string("invalid JSON: ") + e.what());
    }
}

// A config is a few kilobytes: the limit, applied while reading, keeps a wrong path (a huge
// file) from eating the memory.
constexpr std::size_t kMaxConfigBytes = std::size_t{64} << 20;

[[noreturn]] void refuse_file(const fs::path& file, std::string_view referrer,
                              const std::string& what) {
    if (referrer.empty()) throw ConfigError(file.string() + ": " + what);
    fail(referrer, "extends", what + ": " + file.string());
}

std::string read_file(const fs::path& file, std::string_view referrer) {
    std::error_code ec;
    const auto status = fs::status(file, ec);
    if (!fs::exists(status))
        refuse_file(file, referrer,
                    referrer.empty() ? "cannot open config file" : "file not found");
    // A device (/dev/zero) never ends and a FIFO may never open: only a regular file is read.
    if (!fs::is_regular_file(status)) refuse_file(file, referrer, "not a regular file");
    std::ifstream in(file, std::ios::binary);
    if (!in) refuse_file(file, referrer, "cannot open config file");
    std::string text;
    char block[1 << 16];
    while (in.read(block, sizeof block) || in.gcount() > 0) {
        text.append(block, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxConfigBytes)
            refuse_file(file, referrer, "larger than 64 MiB, the most a config file may be");
    }
    return text;
}

// Validated, merged JSON of one file and everything it extends. `chain` holds the files
// being read (for cycle detection). A list of bases merges them in order, then the file itself.
json load_merged(const json& own, std::string_view origin, const fs::path& base_dir,
                 std::vector<fs::path>& chain) {
    check_object(own, "", origin);
    if (!own.contains("extends")) return own;
    const json& extends = own["extends"];
    std::vector<std::string> targets;
    if (extends.is_string()) {
        targets.push_back(extends.get<std::string>());
    } else {
        for (const json& target : extends) targets.push_back(target.get<std::string>());
    }
    json merged = json::object();
    for (const std::string& target : targets) {
        const fs::path base_file = (base_dir / target).lexically_normal();
        std::error_code ec;
        const fs::path canonical = fs::weakly_canonical(base_file, ec);
        for (const fs::path& seen : chain) {
            if (seen == canonical) {
                std::string cycle;
                for (const fs::path& p : chain) cycle += p.filename().string() + " -> ";
                cycle += canonical.filename().string();
                fail(origin, "extends", "cyclic extends: " + cycle);
            }
        }
        if (!fs::exists(base_file))
            fail(origin, "extends", "file not found: " + base_file.string());
        const std::string base_origin = base_file.string();
        json base_own = parse_text(read_file(base_file, origin), base_origin);
        chain.push_back(canonical);
        json base = load_merged(base_own, base_origin, base_file.parent_path(), chain);
        chain.pop_back();
        base.erase("extends");
        deep_merge(merged, base);
    }
    json child = own;
    child.erase("extends");
    deep_merge(merged, child);
    return merged;
}

json::json_pointer pointer_of(std::string_view path) {
    std::string pointer;
    for (const std::string_view key : text::split(path, '.')) {
        pointer += "/";
        pointer += key;
    }
    return json::json_pointer(pointer);
}

int choice_index(const FieldDesc& f, const std::string& text) {
    for (std::size_t i = 0; i < f.choices.size(); ++i)
        if (f.choices[i] == text) return static_cast<int>(i);
    return 0;  // unreachable: validated before
}

// Applies already-validated JSON onto `config`.
void apply(const json& merged, LmrConfig& config) {
    for (const FieldDesc& f : config_fields()) {
        if (f.kind == FieldKind::kObject) continue;
        const json::json_pointer ptr = pointer_of(f.path);
        if (!merged.contains(ptr)) continue;
        const json& v = merged.at(ptr);
        switch (f.kind) {
            case FieldKind::kObject:
                break;
            case FieldKind::kString:
                f.string_ref(config) = v.get<std::string>();
                break;
            case FieldKind::kBool:
                f.bool_ref(config) = v.get<bool>();
                break;
            case FieldKind::kInt:
                f.int_ref(config) = v.get<int>();
                break;
            case FieldKind::kEnum:
                f.enum_set(config, choice_index(f, v.get<std::string>()));
                break;
            case FieldKind::kIntList: {
                IntList<8>& list = f.list_ref(config);
                list.count = static_cast<int>(v.size());
                for (int i = 0; i < list.count; ++i) list.values[i] = v[i].get<int>();
                break;
            }
            case FieldKind::kTable:
                f.table_ref(config) = v.get<std::vector<std::vector<int>>>();
                break;
        }
    }
}

LmrConfig from_merged(const json& merged, std::string_view origin) {
    LmrConfig config;
    apply(merged, config);
    config.source = std::string(origin);
    validate(config);
    return config;
}

}  // namespace

void validate(const LmrConfig& config) {
    const std::string origin = config.source.empty() ? "config" : config.source;
    for (const FieldDesc& f : config_fields()) {
        if (f.kind == FieldKind::kInt) {
            const int v = get_int(f, config);
            if (v < f.min || v > f.max)
                fail(origin, f.path,
                     std::to_string(v) + " is out of range [" + std::to_string(f.min) + ", " +
                         std::to_string(f.max) + "]");
        } else if (f.kind == FieldKind::kIntList) {
            const IntList<8>& list = get_list(f, config);
            if (list.count < f.min_len || list.count > f.max_len)
                fail(origin, f.path,
                     "has " + std::to_string(list.count) + " entries, expected " +
                         std::to_string(f.min_len) + " to " + std::to_string(f.max_len));
            for (int i = 0; i < list.count; ++i)
                if (list.values[i] < f.min || list.values[i] > f.max)
                    fail(origin, std::string(f.path) + "[" + std::to_string(i) + "]",
                         std::to_string(list.values[i]) + " is out of range [" +
                             std::to_string(f.min) + ", " + std::to_string(f.max) + "]");
        }
    }
    const TableStep& table = config.lmr.steps.table;
    if (table.enabled && table.mode == TableMode::kExplicit && table.explicit_table.empty())
        fail(origin, "lmr.steps.table.explicit_table", "mode is 'explicit' but the table is empty");
}

LmrConfig parse_config(std::string_view json_text, std::string_view origin,
                       const std::filesystem::path& base_dir) {
    const json own = parse_text(json_text, origin);
    std::vector<fs::path> chain;
    const json merged = load_merged(own, origin, base_dir, chain);
    return from_merged(merged, origin);
}

LmrConfig load_config(const std::filesystem::path& file) {
    const std::string origin = file.string();
    const json own = parse_text(read_file(file, ""), origin);
    std::error_code ec;
    std::vector<fs::path> chain{fs::weakly_canonical(file, ec)};
    const json merged = load_merged(own, origin, file.parent_path(), chain);
    return from_merged(merged, origin);
}

std::string resolved_json(const LmrConfig& config) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const FieldDesc& f : config_fields()) {
        const auto ptr = nlohmann::ordered_json::json_pointer(pointer_of(f.path).to_string());
        switch (f.kind) {
            case FieldKind::kObject:
                out[ptr] = nlohmann::ordered_json::object();
                break;
            case FieldKind::kString:
                out[ptr] = get_string(f, config);
                break;
            case FieldKind::kBool:
                out[ptr] = get_bool(f, config);
                break;
            case FieldKind::kInt:
                out[ptr] = get_int(f, config);
                break;
            case FieldKind::kEnum:
                out[ptr] = std::string(f.choices[static_cast<std::size_t>(f.enum_get(config))]);
                break;
            case FieldKind::kIntList: {
                const IntList<8>& list = get_list(f, config);
                out[ptr] = std::vector<int>(list.begin(), list.end());
                break;
            }
            case FieldKind::kTable:
                out[ptr] = get_table(f, config);
                break;
        }
    }
    return out.dump(2) + "\n";
}

}  // namespace lmr::reduction
