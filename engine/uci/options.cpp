#include "engine/uci/options.hpp"

#include <charconv>
#include <utility>

#include "engine/text/text.hpp"

namespace lmr::uci {

Option::Option(std::string name, Type type, std::string default_value, std::int64_t min,
               std::int64_t max, Apply apply)
    : name_(std::move(name)),
      type_(type),
      default_(std::move(default_value)),
      min_(min),
      max_(max),
      value_(default_),
      apply_(std::move(apply)) {}

std::string Option::declaration() const {
    std::string s = "option name " + name_ + " type ";
    switch (type_) {
        case Type::kSpin:
            s += "spin default " + default_ + " min " + std::to_string(min_) + " max " +
                 std::to_string(max_);
            break;
        case Type::kCheck:
            s += "check default " + default_;
            break;
        case Type::kString:
            s += "string default " + (default_.empty() ? std::string("<empty>") : default_);
            break;
        case Type::kButton:
            s += "button";
            break;
    }
    return s;
}

bool Option::set(const std::string& value, std::string* error) {
    std::string normalized = value;
    switch (type_) {
        case Type::kSpin: {
            std::int64_t v = 0;
            const char* end = value.data() + value.size();
            const auto [ptr, ec] = std::from_chars(value.data(), end, v);
            if (ec != std::errc() || ptr != end) {
                if (error) *error = "option " + name_ + ": '" + value + "' is not an integer";
                return false;
            }
            if (v < min_ || v > max_) {
                if (error) {
                    *error = "option " + name_ + ": " + value + " is outside " +
                             std::to_string(min_) + ".." + std::to_string(max_);
                }
                return false;
            }
            normalized = std::to_string(v);
            break;
        }
        case Type::kCheck:
            if (text::iequals(value, "true")) {
                normalized = "true";
            } else if (text::iequals(value, "false")) {
                normalized = "false";
            } else {
                if (error)
                    *error = "option " + name_ + ": expected true or false, got '" + value + "'";
                return false;
            }
            break;
        case Type::kString:
            if (value == "<empty>") normalized.clear();
            break;
        case Type::kButton:
            normalized.clear();
            break;
    }
    if (apply_ && !apply_(normalized, error)) return false;
    if (type_ != Type::kButton) value_ = normalized;
    return true;
}

Option* OptionSet::find(std::string_view name) {
    for (Option& o : options_) {
        if (text::iequals(o.name(), name)) return &o;
    }
    return nullptr;
}

}  // namespace lmr::uci
