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
  catch_discover_tests(${T_NAME} PROPERTIES LABELS "${labels}" TIMEOUT 300)
endfunction()
