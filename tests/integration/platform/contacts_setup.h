#pragma once

// What the WeCom and Feishu tests set up alike: the member center's emulator, the platform's
// emulator with the test's organisation, a SyncFixture reading the platform with the app's
// secret in a file, and the secret scans that know every token the platform issued.

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "tests/integration/sync/sync_fixture.h"
#include "tests/support/emulator_process.h"
#include "tests/support/platform_server_process.h"

namespace membersync::testing {

struct ContactsSetup {
  using Options = std::function<SyncOptions(const PlatformServerProcess&)>;

  EmulatorProcess emulator;
  PlatformServerProcess server;
  SyncFixture f;

  // `secretFile` is where the configuration `options` writes names the app's secret.
  ContactsSetup(Platform platform, const std::vector<PlatformDepartment>& departments,
                const std::vector<PlatformUser>& people, const Options& options,
                const std::string& secretFile)
      : server(platform, departments, people), f(emulator, options(server)) {
    f.writeFile(secretFile, server.secret() + "\n");
    f.addSecret(server.secret());
  }

  // The secret, and every token the platform issued, in no output and not in the state.
  void checkNoSecretLeaked() {
    for (const std::string& token : server.stats().tokens) f.addSecret(token);
    f.checkNoSecretLeaked();
  }

  // The same for a command that opens no state (check): its output only.
  void checkOutputHasNoSecret(const CommandResult& r) {
    std::vector<std::string> secrets = server.stats().tokens;
    secrets.push_back(server.secret());
    for (const std::string& secret : secrets) CHECK_THAT(r.out + r.err, !Catch::Contains(secret));
  }

  // The emulator counts every API call of its life (the token's apart); a fault "after N"
  // counts from there.
  int apiCallsSoFar(const std::string& tokenPath) const {
    const PlatformStats s = server.stats();
    const auto token = s.calls.find(tokenPath);
    return s.total - (token == s.calls.end() ? 0 : token->second);
  }
};

}  // namespace membersync::testing
