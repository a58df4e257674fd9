#pragma once

// Helpers shared by the Store's source files; not part of the public API.

#include <string>
#include <string_view>
#include <utility>

#include "harness/store/error.hpp"

namespace lmr::store::internal {

// Text read back from a CHECK-constrained column that names no enum value
// means the file was edited by hand or by a newer build.
template <typename Parse>
auto parse_column(Parse parse, const std::string& text, std::string_view column) {
    auto value = parse(text);
    if (!value) {
        throw StoreError(ErrorKind::kCorrupt,
                         "unexpected value '" + text + "' in column " + std::string(column));
    }
    return *value;
}

// Runs f, prefixing any StoreError's message with what was being done.
template <typename F>
void with_context(const std::string& context, F&& f) {
    try {
        std::forward<F>(f)();
    } catch (const StoreError& e) {
        throw StoreError(e.kind(), context + ": " + e.what());
    }
}

}  // namespace lmr::store::internal
