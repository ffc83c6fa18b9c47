#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// The emulator's command line, parsed once into typed structs (Boost.Program_options stays in
// options.cpp).
namespace membersync::emulator {

// How the service behaves: faults, token lifetime, paging. Handed to the Emulator.
struct ServiceOptions {
  double failRate = 0;          // A1-A10: code 500, nothing done
  double ucFailRate = 0;        // A1-A5: code 80001, nothing done
  double activityFailRate = 0;  // B1: resultCode 1002, nothing done
  double dropAfterCommit = 0;   // writes: done, then the connection is closed unanswered
  double actThenFailRate = 0;   // writes: done, then answered code 500 (B1: resultCode 1002)
  // A1 rows failing validation: the whole request is refused (Whole, as the spec says), or each
  // fails alone in 60027's `failed` list, with its code and text (PerItem) or with the spec's
  // text alone and no code (PerItemMessage, as the spec's entries are: userName and message).
  enum class Validation { Whole, PerItem, PerItemMessage };
  Validation validation = Validation::Whole;
  std::int64_t tokenTtlS = 604800;
  std::int64_t maxPageSize = 0;  // 0 = no clamp
  bool reasonablePaging = false;
  bool bogusPages = false;  // A5 page objects whose counts do not add up
  // > 1: before page N of the unfiltered A5 list is first answered, the first live member is
  // deleted and one added at the end (list_edits.h). 0: off.
  std::int64_t moveMemberAtPage = 0;
  // > 0: whenever page N of the unfiltered A5 list is asked for, a member is added at the end.
  std::int64_t addMemberAtPage = 0;
  std::int64_t hugeAnswerMb = 0;  // > 0: A6 answers about this many MiB (streamed, never held)
  bool hugeAnswerLength = false;  // the huge answer announces its Content-Length (else chunked)
  bool echoRequests = false;      // error answers end with the request as received (echo.h)
  std::uint64_t seed = 0;
};

// Where and how it listens. Handed to the server.
struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;  // 0 picks a free one
  std::string portFile;
  int latencyMs = 0;
  int dripMs = 0;  // > 0: member-center and activity answers trickle out a byte every N ms
};

struct CommandLine {
  ServiceOptions service;
  ServerOptions server;
  std::string fixturePath;
  bool seedGiven = false;
  bool help = false;
  std::string helpText;
};

// Parses argv. Throws std::invalid_argument with a message naming the bad flag or value.
// `defaultFixture` is used when --fixture is not given.
CommandLine parseCommandLine(const std::vector<std::string>& args,
                             const std::string& defaultFixture);

}  // namespace membersync::emulator
