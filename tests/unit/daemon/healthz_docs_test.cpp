// The daemon's documents' description of /healthz (docs/daemon.md): every field the endpoint
// serves, in every state (a run going, one finished with held items, an unfinished one from the
// database), is named there, and so is every value of `status`. The documents cannot drift from
// daemon/health/run_board.cpp.

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include "daemon/health/run_board.h"
#include "jobs/core/scrubber.h"
#include "tests/support/emulator_process.h"

namespace {

using membersync::Clock;
using membersync::daemon::FinishedRun;
using membersync::daemon::RunBoard;

// docs/daemon.md's /healthz item: from its heading to the /metrics one.
std::string healthzDocs() {
  std::ifstream in(membersync::testing::sourceDir() + "/docs/daemon.md");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  const auto start = all.find("- **`GET /healthz`**");
  const auto end = all.find("- **`GET /metrics`**", start);
  REQUIRE(start != std::string::npos);
  REQUIRE(end != std::string::npos);
  return all.substr(start, end - start);
}

// Every key of `object` and of the objects in it, but not the keys of `held` (kinds of items).
void collectKeys(const Poco::JSON::Object::Ptr& object, std::set<std::string>& keys) {
  for (const auto& [key, value] : *object) {
    keys.insert(key);
    if (key != "held" && value.type() == typeid(Poco::JSON::Object::Ptr))
      collectKeys(value.extract<Poco::JSON::Object::Ptr>(), keys);
  }
}

void collectKeys(const std::string& json, std::set<std::string>& keys) {
  Poco::JSON::Parser parser;
  collectKeys(parser.parse(json).extract<Poco::JSON::Object::Ptr>(), keys);
}

}  // namespace

TEST_CASE("health: docs/daemon.md names every field /healthz serves and every status", "[daemon]") {
  membersync::Scrubber scrubber;
  RunBoard board(scrubber);
  std::set<std::string> keys;

  membersync::state::RunSummary unfinished;  // the database's latest, which never ended
  unfinished.id = 7;
  unfinished.kind = membersync::state::RunKind::Sync;
  unfinished.startedAt = 1'800'000'000'000;
  board.seed(unfinished);
  collectKeys(board.healthJson(), keys);

  board.runStarted(Clock::WallPoint(std::chrono::seconds(1'800'000'100)));
  board.phase("adds", 3);
  collectKeys(board.healthJson(), keys);

  FinishedRun held;
  held.id = 8;
  held.outcome = "held";
  held.started = Clock::WallPoint(std::chrono::seconds(1'800'000'100));
  held.finished = Clock::WallPoint(std::chrono::seconds(1'800'000'103));
  held.items[{"edit", "held"}] = 60;
  board.runFinished(held);
  board.setSchedule("every 15m", Clock::WallPoint(std::chrono::seconds(1'800'001'000)), {}, 0);
  collectKeys(board.healthJson(), keys);

  const std::string docs = healthzDocs();
  REQUIRE(keys.size() >= 20);
  for (const auto& key : keys) {
    INFO(key);
    CHECK(docs.find("`" + key + "`") != std::string::npos);
  }
  for (const char* status : {"ok", "degraded", "failing", "running", "stopping"}) {
    INFO(status);
    CHECK(docs.find(std::string("`") + status + "`") != std::string::npos);
  }
}
