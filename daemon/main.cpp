#include <exception>
#include <iostream>

#include "daemon/app.h"

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    return membersync::toInt(membersync::cli::run(args, std::cout, std::cerr));
  } catch (const std::exception& e) {
    std::cerr << "membersync: unexpected error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "membersync: unexpected error\n";
  }
  return membersync::toInt(membersync::ExitCode::Failed);
}
