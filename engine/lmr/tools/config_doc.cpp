// lmr-config-doc schema|reference|resolve FILE — regenerates the documentation that the
// field table drives, or prints a config after "extends" and defaults are applied.
#include <iostream>
#include <string_view>

#include "engine/lmr/config.hpp"
#include "engine/lmr/fields.hpp"

int main(int argc, char** argv) {
    const std::string_view what = argc > 1 ? argv[1] : "";
    try {
        if (what == "schema") {
            std::cout << lmr::reduction::config_json_schema();
            return 0;
        }
        if (what == "reference") {
            std::cout << lmr::reduction::config_markdown_reference();
            return 0;
        }
        if (what == "resolve" && argc > 2) {
            std::cout << lmr::reduction::resolved_json(lmr::reduction::load_config(argv[2]));
            return 0;
        }
    } catch (const lmr::reduction::ConfigError& e) {
        std::cerr << e.what() << '\n';
        return 1;
    }
    std::cerr << "usage: lmr-config-doc schema | reference | resolve FILE\n";
    return 2;
}
