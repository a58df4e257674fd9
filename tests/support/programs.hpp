// The project's two programs as this build tree made them, for the tests that run them. A test
// target defines LMR_HARNESS_BINARY and/or LMR_ENGINE_BINARY ($<TARGET_FILE:lmr-harness>,
// $<TARGET_FILE:lmr-engine>) and gets the constant of each it defines.
#pragma once

#include <string>

namespace lmr::test {

#ifdef LMR_HARNESS_BINARY
inline const std::string kHarness = LMR_HARNESS_BINARY;
#endif
#ifdef LMR_ENGINE_BINARY
inline const std::string kEngine = LMR_ENGINE_BINARY;
#endif

}  // namespace lmr::test
