# Sanitizer builds (issue 10): every target of the project — libraries, membersync, the emulator,
# unit and integration tests, benches — is compiled and linked with the same sanitizers.
#
#   cmake -B build-asan -DMEMBERSYNC_SANITIZE=address,undefined
#   cmake -B build-tsan -DMEMBERSYNC_SANITIZE=thread
#   (or scripts/test-sanitized.sh address,undefined|thread, which also runs ctest)
#
# ASan and TSan cannot share a process, hence two values and two build folders. Every finding is
# fatal: UBSan does not recover (-fno-sanitize-recover=all), and the runtime options below make
# ASan, LSan and TSan abort at the first report. Included by the top-level CMakeLists.txt before
# any target is defined, so add_compile_options/add_link_options reach every directory.
set(MEMBERSYNC_SANITIZE "" CACHE STRING
    "Build everything with sanitizers: address,undefined or thread (empty: none)")
set_property(CACHE MEMBERSYNC_SANITIZE PROPERTY STRINGS "" "address,undefined" "thread")

set(MEMBERSYNC_SANITIZE_TEST_OPTIONS "")  # options for test programs' sources, below
if(MEMBERSYNC_SANITIZE STREQUAL "")
  return()
elseif(MEMBERSYNC_SANITIZE STREQUAL "address,undefined")
  set(_membersync_sanitize_flags -fsanitize=address,undefined -fno-sanitize-recover=all)
elseif(MEMBERSYNC_SANITIZE STREQUAL "thread")
  set(_membersync_sanitize_flags -fsanitize=thread)
else()
  message(FATAL_ERROR
    "MEMBERSYNC_SANITIZE is '${MEMBERSYNC_SANITIZE}': it must be 'address,undefined', 'thread' "
    "or empty (no sanitizers). ASan and TSan cannot be combined: use two build folders.")
endif()
message(STATUS "membersync: building with -fsanitize for ${MEMBERSYNC_SANITIZE}")

add_compile_options(${_membersync_sanitize_flags} -fno-omit-frame-pointer)
# GCC's instrumentation makes -Wmaybe-uninitialized report values that are always set (here:
# moving a std::optional<Error> in jobs/center/result.h, and inside Catch2's header); the GCC
# manual says so under -fsanitize ("sanitizers tend to increase the rate of false positive
# warnings, most notably those around -Wmaybe-uninitialized"). The normal -Werror build keeps the
# warning, so nothing real goes unseen; every other warning stays an error here too.
add_compile_options(-Wno-maybe-uninitialized)
add_link_options(${_membersync_sanitize_flags})
# Optimised sanitizer builds are built and run in CI after the normal build: -O1 -g1 instead of
# -O2 -g compiles faster, still gives file:line in every stack, and keeps the run time sane.
# (Given after CMAKE_CXX_FLAGS_<CONFIG> on the command line, so they win.) A Debug build keeps -O0 -g.
# The test programs' own sources (Catch2's macros make big functions that are slow to optimise
# under instrumentation: 2x the compile time of -O0) get -O0 through membersync_add_test: the
# code under test stays at -O1, and the tests' own code is still checked at -O0.
if(CMAKE_BUILD_TYPE MATCHES "^(RelWithDebInfo|Release|MinSizeRel)$")
  add_compile_options(-O1 -g1)
  set(MEMBERSYNC_SANITIZE_TEST_OPTIONS -O0)
endif()

# Runtime options. ctest reads this file before it starts any test and sets the variables in its
# own environment, so every test — and every process a test starts (the membersync binary, the
# emulator, shell scripts) — inherits them. A variable already set by the caller is kept, so
# `ASAN_OPTIONS=... ctest` still overrides. Suppressions name bugs outside this project only,
# each with its reason: cmake/sanitizers/*.supp.
set(_supp ${PROJECT_SOURCE_DIR}/cmake/sanitizers)
# TSan stops with exit code 66 rather than abort(): aborting under TSan's report lock ran into
# Catch2's SIGABRT handler and hung the test until its watchdog instead of failing it.
if(MEMBERSYNC_SANITIZE STREQUAL "thread")
  set(_membersync_sanitizer_env
    TSAN_OPTIONS "halt_on_error=1:second_deadlock_stack=1:suppressions=${_supp}/tsan.supp")
else()
  set(_membersync_sanitizer_env
    ASAN_OPTIONS "detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
    LSAN_OPTIONS "suppressions=${_supp}/lsan.supp:print_suppressions=0"
    UBSAN_OPTIONS "print_stacktrace=1:halt_on_error=1:suppressions=${_supp}/ubsan.supp")
endif()
set(_env_script "")
while(_membersync_sanitizer_env)
  list(POP_FRONT _membersync_sanitizer_env _name _value)
  string(APPEND _env_script
    "if(NOT DEFINED ENV{${_name}})\n  set(ENV{${_name}} \"${_value}\")\nendif()\n")
endwhile()
file(WRITE ${PROJECT_BINARY_DIR}/sanitizer-environment.cmake
  "# Written by cmake/Sanitizers.cmake: the sanitizers' runtime options for ctest.\n${_env_script}")
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY TEST_INCLUDE_FILES
  ${PROJECT_BINARY_DIR}/sanitizer-environment.cmake)
