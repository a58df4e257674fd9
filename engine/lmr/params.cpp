// The tunable-parameter registry, generated from the field table (fields.cpp).
#include "engine/lmr/params.hpp"

#include "engine/lmr/fields.hpp"
#include "engine/text/text.hpp"

namespace lmr::reduction {
namespace {

std::vector<ParamSpec> build_params() {
    std::vector<ParamSpec> params;
    const LmrConfig defaults = default_config();
    for (const FieldDesc& field : config_fields()) {
        const FieldDesc* f = &field;  // the table is static: pointers stay valid
        switch (f->kind) {
            case FieldKind::kBool:
                params.push_back(
                    ParamSpec{std::string(f->path), ParamSpec::kCheck, 0, 1,
                              [f](const LmrConfig& c) { return get_bool(*f, c) ? 1 : 0; },
                              [f](LmrConfig& c, int v) { f->bool_ref(c) = v != 0; },
                              get_bool(*f, defaults) ? 1 : 0, std::string(f->doc)});
                break;
            case FieldKind::kInt:
                params.push_back(ParamSpec{std::string(f->path), ParamSpec::kSpin, f->min, f->max,
                                           [f](const LmrConfig& c) { return get_int(*f, c); },
                                           [f](LmrConfig& c, int v) { f->int_ref(c) = v; },
                                           get_int(*f, defaults), std::string(f->doc)});
                break;
            case FieldKind::kIntList:
                if (f->min_len != f->max_len)
                    params.push_back(ParamSpec{
                        std::string(f->path) + ".count", ParamSpec::kSpin, f->min_len, f->max_len,
                        [f](const LmrConfig& c) { return get_list(*f, c).count; },
                        [f](LmrConfig& c, int v) { f->list_ref(c).count = v; },
                        get_list(*f, defaults).count,
                        "Number of entries used from " + std::string(f->path) + "."});
                for (int i = 0; i < f->max_len; ++i)
                    params.push_back(ParamSpec{
                        std::string(f->path) + "." + std::to_string(i), ParamSpec::kSpin, f->min,
                        f->max, [f, i](const LmrConfig& c) { return get_list(*f, c).values[i]; },
                        [f, i](LmrConfig& c, int v) { f->list_ref(c).values[i] = v; },
                        get_list(*f, defaults).values[i],
                        "Entry " + std::to_string(i) + " of " + std::string(f->path) + "."});
                break;
            default:
                break;  // strings, enums and the explicit table are file-only
        }
    }
    return params;
}

}  // namespace

const std::vector<ParamSpec>& tunable_params() {
    static const std::vector<ParamSpec> params = build_params();
    return params;
}

const ParamSpec* find_param(std::string_view name) {
    for (const ParamSpec& p : tunable_params())
        if (p.name == name) return &p;
    return nullptr;
}

void set_param(LmrConfig& config, std::string_view name, int value) {
    const ParamSpec* p = find_param(name);
    if (p == nullptr) {
        std::vector<std::string> names;
        for (const ParamSpec& q : tunable_params()) names.push_back(q.name);
        throw ConfigError("unknown parameter '" + std::string(name) + "'" +
                          text::did_you_mean(name, names));
    }
    if (value < p->min || value > p->max)
        throw ConfigError(p->name + ": " + std::to_string(value) + " is out of range [" +
                          std::to_string(p->min) + ", " + std::to_string(p->max) + "]");
    p->set(config, value);
}

}  // namespace lmr::reduction
