# The fuzz build (-DMEMBERSYNC_FUZZ=ON, clang only): the libraries the targets of tests/fuzz need,
# instrumented for libFuzzer's coverage and checked by AddressSanitizer and UndefinedBehavior-
# Sanitizer (any report aborts), and the targets themselves. Nothing else of the project is built
# by default here; the g++ build does not read this file.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "MEMBERSYNC_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++-14")
endif()

add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                    -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)

# Only what a fuzz target links is built (EXCLUDE_FROM_ALL): the program, the emulator and the
# tests are not.
add_subdirectory(jobs EXCLUDE_FROM_ALL)
add_subdirectory(config EXCLUDE_FROM_ALL)
add_subdirectory(daemon EXCLUDE_FROM_ALL)
add_subdirectory(tests/fuzz)
