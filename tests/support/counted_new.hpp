// For the benchmarks that show a hot path allocates nothing: the program's operator new and
// delete, replaced so every heap allocation is counted in test::g_allocations. Include it from
// exactly one file of a program (it defines the replacements).
#pragma once

#include <cstdlib>
#include <new>

namespace lmr::test {

inline long g_allocations = 0;

}  // namespace lmr::test

void* operator new(std::size_t size) {
    ++lmr::test::g_allocations;
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
