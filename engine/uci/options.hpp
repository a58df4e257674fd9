#pragma once
// UCI options: declaration ("option name ... type ..."), lookup by case-insensitive name
// and validated assignment. Each option carries the action that applies a new value.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace lmr::uci {

class Option {
  public:
    enum class Type { kSpin, kCheck, kString, kButton };
    // Applies a validated value; returns false with a reason to reject it (old value kept).
    using Apply = std::function<bool(const std::string& value, std::string* error)>;

    Option(std::string name, Type type, std::string default_value, std::int64_t min,
           std::int64_t max, Apply apply);

    const std::string& name() const { return name_; }
    Type type() const { return type_; }
    const std::string& value() const { return value_; }
    // The "option name ..." line of the uci answer.
    std::string declaration() const;
    // Checks the value against the type (spin range, check true/false) then applies it.
    bool set(const std::string& value, std::string* error);

  private:
    std::string name_;
    Type type_;
    std::string default_;
    std::int64_t min_ = 0, max_ = 0;
    std::string value_;
    Apply apply_;
};

class OptionSet {
  public:
    void add(Option option) { options_.push_back(std::move(option)); }
    Option* find(std::string_view name);  // case-insensitive, as UCI GUIs vary
    const std::vector<Option>& all() const { return options_; }

  private:
    std::vector<Option> options_;
};

}  // namespace lmr::uci
