#include "harness/report/view.hpp"

#include <cmath>

#include "harness/report/cells.hpp"

namespace lmr::report {

std::string machine_text(const nlohmann::ordered_json& value) {
    if (value.is_null()) return "";
    if (value.is_string()) return value.get<std::string>();
    if (value.is_number_integer()) return value.dump();
    if (value.is_number()) return number(value.get<double>());
    return value.dump();  // true, false
}

nlohmann::ordered_json number_value(double value) {
    if (std::isnan(value)) return nullptr;
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    return value;
}

nlohmann::ordered_json number_value(const std::optional<double>& value) {
    return value ? number_value(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json text_or_null(const std::string& text) {
    return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
}

}  // namespace lmr::report
