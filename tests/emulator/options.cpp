#include "tests/emulator/options.h"

#include <map>
#include <sstream>
#include <stdexcept>

#include <boost/program_options.hpp>

#include "tests/emulator/text_rules.h"

namespace membersync::emulator {
namespace po = boost::program_options;
namespace {

void requireRate(const char* flag, double value) {
  if (!(value >= 0.0 && value <= 1.0)) {
    throw std::invalid_argument(std::string("--") + flag + " must lie between 0 and 1");
  }
}

// "HOST:PORT"; the host may be empty (then 127.0.0.1), the port 0 picks a free one.
void parseListen(const std::string& text, ServerOptions& out) {
  auto colon = text.rfind(':');
  if (colon == std::string::npos) throw std::invalid_argument("--listen wants HOST:PORT");
  auto port = parseInt64(text.substr(colon + 1));
  if (!port || *port < 0 || *port > 65535) {
    throw std::invalid_argument("--listen: bad port in '" + text + "'");
  }
  std::string host = text.substr(0, colon);
  out.host = host.empty() ? "127.0.0.1" : host;
  out.port = static_cast<int>(*port);
}

// Every flag, bound to where its value goes.
po::options_description describe(CommandLine& cl, std::string& listen, std::uint64_t& seed,
                                 std::string& validation) {
  po::options_description desc(
      "membercenter-emulator: a stand-in for the member center, activity service and token "
      "endpoint.\nPrints 'listening on HOST:PORT' on stdout once it accepts connections.\nOptions");
  // clang-format off
  desc.add_options()
    ("help", "show this help and exit")
    ("listen", po::value(&listen), "HOST:PORT to listen on (default 127.0.0.1:0, a free port)")
    ("port-file", po::value(&cl.server.portFile), "write the chosen port to FILE")
    ("fixture", po::value(&cl.fixturePath), "fixture JSON (default: the demo fixture)")
    ("latency-ms", po::value(&cl.server.latencyMs), "answer service calls N ms after they arrive")
    ("fail-rate", po::value(&cl.service.failRate), "share P of A1-A10 calls answering code 500")
    ("uc-fail-rate", po::value(&cl.service.ucFailRate), "share P of A1-A5 calls answering 80001")
    ("activity-fail-rate", po::value(&cl.service.activityFailRate),
        "share P of B1 calls answering resultCode 1002")
    ("drop-after-commit", po::value(&cl.service.dropAfterCommit),
        "share P of successful writes whose connection is closed unanswered")
    ("act-then-fail-rate", po::value(&cl.service.actThenFailRate),
        "share P of successful writes answered code 500 (B1: resultCode 1002) after acting")
    ("validation", po::value(&validation),
        "whole (default: a row failing validation refuses the A1 request), per-item (it fails "
        "alone, in 60027's failed list, with its code) or per-item-message (likewise, with the "
        "spec's text alone and no code)")
    ("token-ttl-s", po::value(&cl.service.tokenTtlS), "access token lifetime in seconds (604800)")
    ("max-page-size", po::value(&cl.service.maxPageSize), "clamp A5 page sizes to N (0 = none)")
    ("reasonable-paging", po::bool_switch(&cl.service.reasonablePaging),
        "a pageNum past the end answers the last page")
    ("drip-ms", po::value(&cl.server.dripMs),
        "member-center and activity answers trickle out one byte every N ms")
    ("huge-answer-mb", po::value(&cl.service.hugeAnswerMb),
        "A6 answers a valid body of about N MiB, chunked (no Content-Length)")
    ("huge-answer-length", po::bool_switch(&cl.service.hugeAnswerLength),
        "the huge answer announces its Content-Length instead")
    ("bogus-pages", po::bool_switch(&cl.service.bogusPages),
        "A5 page objects whose counts do not add up (pages 1000 too many)")
    ("move-member-at-page", po::value(&cl.service.moveMemberAtPage),
        "once, before A5 page N (2 or more) is answered: the first live member is deleted and one "
        "added at the end, so total holds and the member that opened page N moves onto page N-1")
    ("add-member-at-page", po::value(&cl.service.addMemberAtPage),
        "whenever A5 page N is asked for: a member is added at the end (total grows by one)")
    ("echo-requests", po::bool_switch(&cl.service.echoRequests),
        "error answers end with the request: query string, credential headers and body")
    ("seed", po::value(&seed), "seed for every random choice (default: random, logged)");
  // clang-format on
  return desc;
}

}  // namespace

CommandLine parseCommandLine(const std::vector<std::string>& args,
                             const std::string& defaultFixture) {
  CommandLine cl;
  std::string listen = "127.0.0.1:0";
  std::uint64_t seed = 0;
  std::string validation = "whole";
  po::options_description desc = describe(cl, listen, seed, validation);
  std::ostringstream help;
  help << desc;
  cl.helpText = help.str();

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw std::invalid_argument(e.what());
  }
  cl.help = vm.count("help") > 0;
  parseListen(listen, cl.server);
  if (cl.fixturePath.empty()) cl.fixturePath = defaultFixture;
  cl.seedGiven = vm.count("seed") > 0;
  cl.service.seed = seed;
  requireRate("fail-rate", cl.service.failRate);
  requireRate("uc-fail-rate", cl.service.ucFailRate);
  requireRate("activity-fail-rate", cl.service.activityFailRate);
  requireRate("drop-after-commit", cl.service.dropAfterCommit);
  requireRate("act-then-fail-rate", cl.service.actThenFailRate);
  using Validation = ServiceOptions::Validation;
  static const std::map<std::string, Validation> kValidations = {
      {"whole", Validation::Whole},
      {"per-item", Validation::PerItem},
      {"per-item-message", Validation::PerItemMessage}};
  const auto chosen = kValidations.find(validation);
  if (chosen == kValidations.end()) {
    throw std::invalid_argument("--validation must be whole, per-item or per-item-message, not '" +
                                validation + "'");
  }
  cl.service.validation = chosen->second;
  if (cl.server.latencyMs < 0) throw std::invalid_argument("--latency-ms must not be negative");
  if (cl.server.dripMs < 0) throw std::invalid_argument("--drip-ms must not be negative");
  if (cl.service.hugeAnswerMb < 0 || cl.service.hugeAnswerMb > 65536) {
    throw std::invalid_argument("--huge-answer-mb must lie between 0 and 65536");
  }
  if (cl.service.tokenTtlS < 1) throw std::invalid_argument("--token-ttl-s must be at least 1");
  if (cl.service.moveMemberAtPage < 0 || cl.service.moveMemberAtPage == 1) {
    throw std::invalid_argument("--move-member-at-page must be 2 or more (0: off)");
  }
  if (cl.service.addMemberAtPage < 0) {
    throw std::invalid_argument("--add-member-at-page must not be negative (0: off)");
  }
  if (cl.service.maxPageSize < 0) {
    throw std::invalid_argument("--max-page-size must not be negative");
  }
  return cl;
}

}  // namespace membersync::emulator
