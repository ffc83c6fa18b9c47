# One helper registers a test file: membersync_add_test(NAME <target> SOURCES <files...> LIBS <libs...>)
# Each TEST_CASE becomes its own CTest test, so `ctest -R` and the failure list name behaviours.
find_package(Catch2 2 REQUIRED)
include(Catch)

add_library(membersync_catch_main STATIC ${CMAKE_CURRENT_LIST_DIR}/catch_main.cpp)
target_link_libraries(membersync_catch_main PUBLIC Catch2::Catch2)
target_compile_options(membersync_catch_main PRIVATE ${MEMBERSYNC_SANITIZE_TEST_OPTIONS})

function(membersync_add_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_include_directories(${T_NAME} PRIVATE ${MEMBERSYNC_ROOT})
  target_link_libraries(${T_NAME} PRIVATE membersync_catch_main ${T_LIBS})
  target_compile_options(${T_NAME} PRIVATE ${MEMBERSYNC_SANITIZE_TEST_OPTIONS})  # Sanitizers.cmake
  set(labels ${T_LABELS})
  if(NOT labels)
    set(labels unit)
  endif()
  # A generous watchdog, not a speed bound: the suite must pass while other work keeps every
  # core busy (scripts/stress-test.sh), where a sync test of 150 people may take a minute.
  list(GET labels 0 first)
  # `--warn NoTests` makes a run that matched no test case fail: a name CMake's list splitting
  # cut short (at a ';') would otherwise "pass" in no time without running anything.
  catch_discover_tests(${T_NAME} EXTRA_ARGS --warn NoTests
    PROPERTIES LABELS "${first}" TIMEOUT 300)
  # Each test runs in English (C.UTF-8, no LANGUAGE) whatever the developer's locale: expected
  # output is English unless a test asks for a language by setting it for the binary it runs.
  # More labels (`LABELS integration ldap`): catch_discover_tests would flatten a list into
  # separate property arguments, so a file CTest includes after Catch's sets them all on the
  # discovered tests (listed in <target>_TESTS). In CTest's script mode set_property(TEST)
  # does not see the tests; set_tests_properties does.
  set(properties "ENVIRONMENT \"LC_ALL=C.UTF-8;LANGUAGE=\"")
  list(LENGTH labels count)
  if(count GREATER 1)
    string(APPEND properties " LABELS \"${labels}\"")
  endif()
  set(properties_file "${CMAKE_CURRENT_BINARY_DIR}/${T_NAME}_properties.cmake")
  file(WRITE "${properties_file}"
    "if(${T_NAME}_TESTS)\n"
    "  set_tests_properties(\${${T_NAME}_TESTS} PROPERTIES ${properties})\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${properties_file}")
endfunction()
