#include "tests/emulator/emulator.h"

#include <mutex>

#include "tests/emulator/auth.h"
#include "tests/emulator/echo.h"
#include "tests/emulator/endpoints.h"
#include "tests/emulator/envelope.h"
#include "tests/emulator/router.h"
#include "tests/emulator/service.h"

namespace membersync::emulator {
namespace {

Reply memberCenter(Service& svc, const Request& req, const Route& route) {
  if (auto refusal = admitMemberCenter(svc, req, route)) return *refusal;
  switch (route.endpoint) {
    case Endpoint::kA1:
      return addMembers(svc, req);
    case Endpoint::kA2:
      return editMember(svc, req, route);
    case Endpoint::kA3:
      return resetPassword(svc, req, route);
    case Endpoint::kA4:
      return deleteMember(svc, route);
    case Endpoint::kA5:
      return listMembers(svc, req);
    case Endpoint::kA6:
      return listAssets(svc);
    case Endpoint::kA7:
      return listProducts(svc, route);
    case Endpoint::kA8:
      return listLocks(svc);
    case Endpoint::kA9:
      return configureAssets(svc, req, route);
    case Endpoint::kA10:
      return lendAssets(svc, req, route);
    default:
      break;
  }
  throw std::logic_error("memberCenter: not a member-center endpoint");
}

// Back to the fixture's data: members, assets, locks, claims, seen nonces, lock-outs and
// statistics. Issued tokens stay valid, so a test can reset between cases without logging in.
Reply reset(Service& svc) {
  svc.state = State::fromFixture(svc.fixture);
  svc.emptyLists = false;
  svc.memberMoved = false;
  svc.membersAddedByHand = 0;
  svc.stats.clear();
  svc.logins.clear();
  return jsonReply(200, "OK", "{\"reset\":true}", "");
}

Reply dispatch(Service& svc, const Request& req, const Route& route) {
  switch (route.endpoint) {
    case Endpoint::kToken:
      return tokenEndpoint(svc, req);
    case Endpoint::kB1:
      if (auto refusal = admitActivity(svc, req)) return *refusal;
      return joinActivity(svc, req);
    case Endpoint::kState:
      return stateSnapshot(svc);
    case Endpoint::kStats:
      return statsSnapshot(svc);
    case Endpoint::kReset:
      return reset(svc);
    case Endpoint::kExpireTokens:
      svc.tokens.expireAll();
      return jsonReply(200, "OK", "{\"expired\":true}", "");
    case Endpoint::kEmptyLists: {
      const std::string* on = req.queryParam("on");
      svc.emptyLists = on == nullptr || *on != "false";
      return jsonReply(200, "OK", svc.emptyLists ? "{\"emptyLists\":true}" : "{\"emptyLists\":false}", "");
    }
    default:
      return memberCenter(svc, req, route);
  }
}

// The faults of a write that was carried out: the answer lost, or a failure a gateway gives after
// the backend acted.
Reply afterCommit(Service& svc, Endpoint endpoint, Reply reply) {
  if (svc.faultRandom.chance(svc.options.dropAfterCommit)) {
    reply.dropConnection = true;
    reply.outcome = "dropped";
  } else if (svc.faultRandom.chance(svc.options.actThenFailRate)) {
    const char* why = "processing exception (injected by --act-then-fail-rate, after acting)";
    reply = endpoint == Endpoint::kB1 ? activityResult("1002", why) : memberCenterError("500", why);
    reply.committed = true;
    reply.outcome = "acted-then-failed";
  }
  return reply;
}

}  // namespace

struct Emulator::Impl {
  Impl(Fixture fixture, ServiceOptions options, const Clock& clock)
      : service(std::move(fixture), options, clock) {}
  std::mutex mutex;
  Service service;
};

Emulator::Emulator(Fixture fixture, ServiceOptions options, const Clock& clock)
    : impl_(std::make_unique<Impl>(std::move(fixture), options, clock)) {}

Emulator::~Emulator() = default;

Reply Emulator::handle(const Request& request) {
  const RouteMatch match = matchRoute(request.method, request.path);
  if (match.status == 404) return jsonReply(404, "", "{\"error\":\"not found\"}", "");
  if (match.status == 405) return jsonReply(405, "", "{\"error\":\"method not allowed\"}", "");

  std::lock_guard<std::mutex> lock(impl_->mutex);
  Service& svc = impl_->service;
  const Endpoint endpoint = match.route.endpoint;
  Reply reply = dispatch(svc, request, match.route);
  if (isWrite(endpoint) && reply.committed) reply = afterCommit(svc, endpoint, std::move(reply));
  if (svc.options.echoRequests && isServicePath(request.path)) echoRequest(reply, request);
  if (endpoint == Endpoint::kA6 && reply.outcome == "0" && svc.options.hugeAnswerMb > 0) {
    reply.hugeBytes = svc.options.hugeAnswerMb << 20;
    reply.announceLength = svc.options.hugeAnswerLength;
  }
  const std::string name = statsName(endpoint);
  if (!name.empty()) svc.stats.record(name, reply.outcome);
  return reply;
}

void Emulator::streamStarted() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->service.stats.streamStarted();
}

void Emulator::streamFinished(std::int64_t bytesWritten, bool complete) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->service.stats.streamFinished(bytesWritten, complete);
}

bool Emulator::isWriteRequest(const std::string& method, const std::string& path) {
  const RouteMatch match = matchRoute(method, path);
  return match.status == 200 && isWrite(match.route.endpoint);
}

bool Emulator::isServicePath(const std::string& path) {
  return path.rfind("/me/", 0) == 0 || path.rfind("/activity/", 0) == 0 ||
         path.rfind("/uc/", 0) == 0;
}

}  // namespace membersync::emulator
