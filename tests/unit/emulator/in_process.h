#pragma once

#include <memory>
#include <string>

#include <Poco/JSON/Object.h>

#include "jobs/core/manual_clock.h"
#include "tests/emulator/emulator.h"
#include "tests/emulator/options.h"

// An Emulator driven without sockets, on a ManualClock, logged in with the demo credentials:
// the endpoints' logic tested in microseconds.
namespace membersync::emulator::testing {

std::string fixturePath(const std::string& name);  // a file under tests/emulator/fixtures
Poco::JSON::Object::Ptr parse(const std::string& json);

class InProcess {
 public:
  explicit InProcess(const std::string& fixture = "demo.json", ServiceOptions options = {});

  // A member-center call with fresh nonce and valid tokens; `path` is below /me/api/v1.
  Reply call(const std::string& method, const std::string& path, const std::string& body = "");
  // The same call with explicit pieces, for the gates' tests.
  Reply raw(const std::string& method, const std::string& pathAndQuery,
            const std::map<std::string, std::string>& headers, const std::string& body = "");
  Reply activity(const std::string& body);
  Reply token(const std::string& clientId, const std::string& secret, const std::string& form);

  // The code of a member-center answer ("0" for success), the resultCode of an activity answer.
  static std::string code(const Reply& r);
  Poco::JSON::Object::Ptr state();
  std::string globalIdOf(const std::string& userName);  // from the state, deleted ones included

  std::string appToken;
  std::string userToken;
  ManualClock clock;
  std::unique_ptr<Emulator> emulator;

 private:
  int nonce_ = 0;
};

inline const std::string kEnt = "/enterprise/ENT-ACME-0001";

}  // namespace membersync::emulator::testing
