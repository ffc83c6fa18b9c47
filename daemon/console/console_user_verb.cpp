// `membersync console-user add NAME --role viewer|approver`, `passwd NAME`, `role NAME --role R`,
// `remove NAME`, `list`: the console's users file ([console] users_file), written atomically.
// Every change goes to the state's audit with the person who ran it ($SUDO_USER or the uid).

#include <termios.h>
#include <unistd.h>

#include <iostream>
#include <ostream>
#include <string>

#include "daemon/approve.h"
#include "daemon/console/auth/password_hash.h"
#include "daemon/console/auth/users_file.h"
#include "daemon/state_open.h"
#include "daemon/verbs.h"

namespace membersync::cli {
namespace {

using console::ConsoleUser;

constexpr std::size_t kMinPassword = 10;

// One line of stdin; without echo, asked for twice, when stdin is a terminal.
std::optional<std::string> readPassword(const VerbContext& ctx, const std::string& name) {
  const bool tty = ::isatty(STDIN_FILENO) == 1;
  const auto readLine = [&](const char* prompt) -> std::optional<std::string> {
    termios old{};
    if (tty) {
      ctx.err << prompt << std::flush;
      ::tcgetattr(STDIN_FILENO, &old);
      termios quiet = old;
      quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
      ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    std::string line;
    const bool got = static_cast<bool>(std::getline(std::cin, line));
    if (tty) {
      ::tcsetattr(STDIN_FILENO, TCSANOW, &old);
      ctx.err << "\n";
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!got) return std::nullopt;
    return line;
  };
  const auto first = readLine(("New password for " + name + ": ").c_str());
  if (!first || first->size() < kMinPassword) {
    ctx.err << "membersync: console-user: the password must have at least " << kMinPassword
            << " characters (given on stdin, one line)\n";
    return std::nullopt;
  }
  if (tty) {
    const auto again = readLine("The same again: ");
    if (!again || *again != *first) {
      ctx.err << "membersync: console-user: the two passwords differ; nothing changed\n";
      return std::nullopt;
    }
  }
  return first;
}

void audit(const VerbContext& ctx, const std::string& action, const std::string& detail) {
  try {
    SystemClock clock;
    auto store = openState(ctx.config, clock, StateUse::Read);
    store->recordAudit(state::AuditEntry{0, 0, commandLineActor().name, "", action, 0, detail});
  } catch (const std::exception& e) {
    ctx.err << "membersync: console-user: the change is made, but the audit could not record it: "
            << e.what() << "\n";
  }
}

std::optional<console::Role> roleOption(const VerbContext& ctx) {
  const auto role = console::roleNamed(ctx.invocation.role);
  if (!role)
    ctx.err << "membersync: console-user: --role must be viewer or approver"
            << (ctx.invocation.role.empty() ? "" : ", not '" + ctx.invocation.role + "'") << "\n";
  return role;
}

ExitCode change(const VerbContext& ctx, const std::string& action, const std::string& name) {
  const std::string& path = ctx.config.console.usersFile;
  auto users = console::readUsersFile(path);
  auto* user = const_cast<ConsoleUser*>(console::findUser(users, name));
  const auto missing = [&] {
    ctx.err << "membersync: console-user: there is no user " << name << " in " << path
            << "; `membersync console-user list` lists them\n";
    return ExitCode::Failed;
  };
  std::string detail;
  if (action == "add") {
    if (!console::validUserName(name)) {
      ctx.err << "membersync: console-user: '" << name
              << "' is not a user name (letters, digits, . _ - @; at most 64)\n";
      return ExitCode::Usage;
    }
    if (user) {
      ctx.err << "membersync: console-user: " << name << " exists; `membersync console-user "
              << "passwd " << name << "` sets a new password\n";
      return ExitCode::Failed;
    }
    const auto role = roleOption(ctx);
    if (!role) return ExitCode::Usage;
    const auto password = readPassword(ctx, name);
    if (!password) return ExitCode::Usage;
    users.push_back(ConsoleUser{name, *role, console::hashPassword(*password)});
    detail = std::string("role ") + console::toString(*role);
  } else if (action == "passwd") {
    if (!user) return missing();
    const auto password = readPassword(ctx, name);
    if (!password) return ExitCode::Usage;
    user->hash = console::hashPassword(*password);
    detail = "new password";
  } else if (action == "role") {
    if (!user) return missing();
    const auto role = roleOption(ctx);
    if (!role) return ExitCode::Usage;
    user->role = *role;
    detail = std::string("role ") + console::toString(*role);
  } else {  // remove
    if (!user) return missing();
    users.erase(users.begin() + (user - users.data()));
  }
  console::writeUsersFile(path, users);
  audit(ctx, "user-" + action, name + (detail.empty() ? "" : ": " + detail));
  ctx.out << "console user " << name << ": "
          << (action == "remove" ? "removed (their sessions end)"
              : action == "add"  ? "added"
                                 : detail + " (their sessions end)")
          << " in " << path << "\n";
  return ExitCode::Done;
}

}  // namespace

ExitCode runConsoleUser(const VerbContext& ctx) {
  const auto& args = ctx.invocation.accounts;
  const std::string action = args.empty() ? "" : args[0];
  const bool named =
      action == "add" || action == "passwd" || action == "remove" || action == "role";
  if (!(named && args.size() == 2) && !(action == "list" && args.size() == 1)) {
    ctx.err << "membersync: console-user: say add NAME --role viewer|approver, passwd NAME, "
               "role NAME --role viewer|approver, remove NAME or list\n";
    return ExitCode::Usage;
  }
  try {
    if (action == "list") {
      for (const auto& u : console::readUsersFile(ctx.config.console.usersFile))
        ctx.out << u.name << "  " << console::toString(u.role) << "\n";
      return ExitCode::Done;
    }
    return change(ctx, action, args[1]);
  } catch (const console::UsersFileError& e) {
    ctx.err << "membersync: console-user: " << e.what() << "\n";
    return ExitCode::Failed;
  }
}

}  // namespace membersync::cli
