# Finds RE2 (Debian: libre2-dev), which ships a pkg-config file but no CMake package file.
# Defines RE2_FOUND and the imported target RE2::re2.
find_path(RE2_INCLUDE_DIR re2/re2.h)
find_library(RE2_LIBRARY re2)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(RE2 REQUIRED_VARS RE2_LIBRARY RE2_INCLUDE_DIR)
if(RE2_FOUND AND NOT TARGET RE2::re2)
  add_library(RE2::re2 UNKNOWN IMPORTED)
  set_target_properties(RE2::re2 PROPERTIES IMPORTED_LOCATION "${RE2_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${RE2_INCLUDE_DIR}")
  target_link_libraries(RE2::re2 INTERFACE Threads::Threads)
endif()
mark_as_advanced(RE2_INCLUDE_DIR RE2_LIBRARY)
