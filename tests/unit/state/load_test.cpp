// The store under load: several applier threads journaling at once, and bulk writes of a first
// sync. Correctness only: how fast the store writes is a benchmark's business (tests/bench).

#include <atomic>
#include <set>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/unit/state/rig.h"

using namespace membersync::state;
using membersync::state::testing::Rig;

namespace {

std::vector<Link> manyLinks(int n, const std::string& prefix) {
  std::vector<Link> links;
  links.reserve(n);
  for (int i = 0; i < n; ++i) {
    std::string id = std::to_string(i);
    links.push_back({"E" + id, prefix + id, "G" + id, true, 0});
  }
  return links;
}

}  // namespace

TEST_CASE("state: several threads journaling at once lose and mix up nothing", "[state]") {
  Rig rig;
  RunId run = rig.store->beginRun({});
  constexpr int kThreads = 8, kSteps = 150;
  std::atomic<int> errors{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t) {
    workers.emplace_back([&, t] {
      try {
        for (int i = 0; i < kSteps; ++i) {
          std::string key = "edit:T" + std::to_string(t) + "-" + std::to_string(i);
          StepId id = rig.store->journalPlanned(run, {key, "edit", "a", key, "G", ""});
          rig.store->journalSent(id);
          if (i % 10 == 0) {
            rig.store->journalFailed(id, "500", "busy", ItemStatus::RetryLater);
          } else {
            // The applier's pattern: the step and the item's history commit together.
            rig.store->transaction([&] {
              rig.store->journalSucceeded(id, std::nullopt);
              rig.store->saveItem({key, ItemStatus::Succeeded, 0, 0, "", "", "", 0});
            });
          }
          if (i % 50 == 0) rig.store->unsettledSteps();  // readers interleave too
        }
      } catch (...) {
        ++errors;
      }
    });
  }
  for (auto& w : workers) w.join();

  CHECK(errors == 0);
  auto steps = rig.store->stepsOfRun(run);
  REQUIRE(steps.size() == kThreads * kSteps);
  std::set<StepId> ids;
  int failed = 0, succeeded = 0;
  for (const Step& s : steps) {
    ids.insert(s.id);
    CHECK(s.attempts == 1);
    if (s.state == StepState::Failed) ++failed;
    if (s.state == StepState::Succeeded) ++succeeded;
  }
  CHECK(ids.size() == steps.size());
  CHECK(failed == kThreads * (kSteps / 10));
  CHECK(succeeded == kThreads * kSteps - failed);
  CHECK(rig.store->load().items.size() == static_cast<std::size_t>(succeeded));
  CHECK(rig.store->unsettledSteps().empty());
}

TEST_CASE("state: ten thousand links of a first sync are saved in bulk and one by one", "[state]") {
  Rig rig;
  auto links = manyLinks(10'000, "user");

  rig.store->saveLinks(links);
  Snapshot snap = rig.store->load();
  REQUIRE(snap.linksByEmployee.size() == 10'000);
  CHECK(snap.linksByEmployee.at("E9999").account == "user9999");

  // The same again one call at a time inside one transaction (relinking every member).
  auto renamed = manyLinks(10'000, "renamed");
  rig.store->transaction([&] {
    for (const Link& l : renamed) rig.store->saveLink(l);
  });
  CHECK(rig.store->load().linksByEmployee.at("E5").account == "renamed5");

}
