// `status --format json`: its fields are pinned here; monitoring reads them (docs/status-json.md).

#include "jobs/report/status_json.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <catch2/catch.hpp>
#include <set>
#include <sstream>

using namespace membersync;
using Poco::JSON::Array;
using Poco::JSON::Object;
using report::StatusInputs;

namespace {

constexpr state::Millis kAt = 1767225600000;  // 2026-01-01 00:00:00 UTC

Object::Ptr json(const StatusInputs& in) {
  std::ostringstream os;
  report::writeStatusJson(os, in);
  return Poco::JSON::Parser().parse(os.str()).extract<Object::Ptr>();
}

// The field names, as a set: the contract is the names, not their order.
std::set<std::string> names(const Object::Ptr& o) {
  std::set<std::string> n;
  for (const auto& [k, v] : *o) n.insert(k);
  return n;
}

}  // namespace

TEST_CASE("status json: an empty database is every field, empty, and done", "[report]") {
  StatusInputs in;
  in.database = "/var/lib/membersync/state.db";
  const auto o = json(in);
  CHECK(names(o) == std::set<std::string>{"format", "version", "database", "verdict", "exitCode",
                                             "attention", "runs", "previews", "itemsNotDone", "held",
                                             "inDoubt", "unresolved", "enrolmentsNotDone",
                                             "passwordsUnconfirmed", "passwordsToHandOut",
                                             "problems", "reports"});
  CHECK(o->getValue<std::string>("format") == "membersync-status");
  CHECK(o->getValue<int>("version") == 2);
  CHECK(o->getValue<int>("exitCode") == 0);
  CHECK(o->getValue<std::string>("database") == "/var/lib/membersync/state.db");
  CHECK(o->getValue<std::string>("verdict") == "done");
  for (const char* list : {"attention", "runs", "previews", "itemsNotDone", "held", "inDoubt",
                           "unresolved", "enrolmentsNotDone", "passwordsUnconfirmed",
                           "passwordsToHandOut", "problems", "reports"})
    CHECK(o->getArray(list)->size() == 0);
}

TEST_CASE("status json: a run with its counts, an item to retry and a step in doubt", "[report]") {
  StatusInputs in;
  state::RunSummary run;
  run.id = 7;
  run.startedAt = kAt;
  run.finishedAt = kAt + 61000;
  run.outcome = "partly-failed";
  run.message = "1 item failed";
  run.exportRows = 250;
  run.counts.added = 3;
  run.counts.failed = 1;
  run.counts.assigned = 2;
  in.runs = {run};
  state::ItemRecord item;
  item.key = "add:E1";
  item.status = state::ItemStatus::RetryLater;
  item.attempts = 2;
  item.nextAttemptAt = kAt + 3600000;
  item.code = "500";
  item.message = "service unavailable";
  item.updatedAt = kAt;
  in.openItems = {item};
  state::Step step;
  step.id = 41;
  step.runId = 7;
  step.info = {"delete:G9", "delete", "bob", "E9", "G9", ""};
  step.state = state::StepState::Unknown;
  step.sentAt = kAt;
  step.message = "no answer within 30 s";
  in.unsettledSteps = {step};

  report::AttentionItem needs;
  needs.kind = report::AttentionKind::Failed;
  needs.key = "add:E1";
  needs.action = "add";
  needs.account = "alice";
  needs.name = "李娜";
  needs.reason = i18n::verbatim("500: service unavailable");
  needs.command = i18n::verbatim("none: the next sync after 2026-01-01 01:00 tries again");
  in.attention.items = {needs};

  const auto o = json(in);
  CHECK(o->getValue<std::string>("verdict") == "attention");
  CHECK(o->getValue<int>("exitCode") == 3);
  const auto a = o->getArray("attention")->getObject(0);
  CHECK(names(a) == std::set<std::string>{"kind", "key", "action", "account", "name",
                                             "employeeId", "source", "reason", "command", "runId"});
  CHECK(a->getValue<std::string>("kind") == "failed");
  CHECK(a->getValue<std::string>("name") == "李娜");
  CHECK(a->isNull("runId"));
  const auto r = o->getArray("runs")->getObject(0);
  CHECK(names(r) == std::set<std::string>{"id", "kind", "startedAt", "finishedAt", "outcome",
                                             "message", "exportRows", "counts"});
  CHECK(r->getValue<int>("id") == 7);
  CHECK(r->getValue<std::string>("kind") == "sync");
  CHECK(r->getValue<std::string>("startedAt") == "2026-01-01T00:00:00Z");
  CHECK(r->getValue<std::string>("finishedAt") == "2026-01-01T00:01:01Z");
  CHECK(r->getValue<std::string>("outcome") == "partly-failed");
  CHECK(r->getValue<int>("exportRows") == 250);
  const auto counts = r->getObject("counts");
  CHECK(names(counts) == std::set<std::string>{"added", "edited", "deleted", "withdrawn", "adopted",
                                                  "held", "failed", "unknown", "assigned", "lent",
                                                  "enrolled"});
  CHECK(counts->getValue<int>("added") == 3);
  CHECK(counts->getValue<int>("assigned") == 2);

  const auto i = o->getArray("itemsNotDone")->getObject(0);
  CHECK(i->getValue<std::string>("key") == "add:E1");
  CHECK(i->getValue<std::string>("status") == "retry-later");
  CHECK(i->getValue<int>("attempts") == 2);
  CHECK(i->getValue<std::string>("nextAttemptAt") == "2026-01-01T01:00:00Z");
  CHECK(i->getValue<std::string>("code") == "500");

  const auto d = o->getArray("inDoubt")->getObject(0);
  CHECK(d->getValue<int>("step") == 41);
  CHECK(d->getValue<std::string>("kind") == "delete");
  CHECK(d->getValue<std::string>("account") == "bob");
  CHECK(d->getValue<std::string>("state") == "unknown");
}

TEST_CASE("status json: a run still going has no end, and the newest run failing is failing",
          "[report]") {
  StatusInputs in;
  state::RunSummary going;
  going.id = 9;
  going.startedAt = kAt;
  state::RunSummary failed;
  failed.id = 8;
  failed.startedAt = kAt - 1000;
  failed.finishedAt = kAt - 500;
  failed.outcome = "failed";
  in.runs = {going, failed};
  auto o = json(in);
  CHECK(o->getArray("runs")->getObject(0)->isNull("finishedAt"));
  CHECK(o->getValue<std::string>("verdict") == "done");  // a run with no end may still be going
  in.runs = {failed};
  o = json(in);
  CHECK(o->getValue<std::string>("verdict") == "failing");
}

TEST_CASE("status json: held items, passwords (never the password) and the run's problems",
          "[report]") {
  StatusInputs in;
  in.held = {{7, "delete:G1", "13 destructive items exceed the limit", kAt, std::nullopt, std::nullopt}};
  in.unconfirmedPasswords = {{"carol", 7, kAt}};
  state::PasswordToHandOut p;
  p.account = "alice";
  p.runId = 6;
  p.generatedAt = kAt - 2000;
  p.confirmedAt = kAt - 1000;
  p.mail = state::MailState::Retry;
  p.attempts = 1;
  p.nextAttempt = kAt + 900000;
  p.mailTo = "alice@example.com";
  in.passwordsToHandOut = {p};
  in.problems = {{7, "problem:pool:cad-seat:E4", "pool cad-seat is empty"}};
  const auto o = json(in);
  const auto h = o->getArray("held")->getObject(0);
  CHECK(h->getValue<std::string>("key") == "delete:G1");
  CHECK(h->isNull("releasedAt"));
  CHECK(o->getArray("passwordsUnconfirmed")->getObject(0)->getValue<std::string>("account") == "carol");
  const auto t = o->getArray("passwordsToHandOut")->getObject(0);
  CHECK(names(t) == std::set<std::string>{"account", "runId", "confirmedAt", "mail", "attempts",
                                             "nextAttemptAt", "mailTo"});
  CHECK(t->getValue<std::string>("mail") == "retry");
  CHECK(t->getValue<std::string>("nextAttemptAt") == "2026-01-01T00:15:00Z");
  CHECK(o->getArray("problems")->getObject(0)->getValue<std::string>("message") == "pool cad-seat is empty");
}
