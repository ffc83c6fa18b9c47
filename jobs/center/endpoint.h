#pragma once

#include <cstddef>
#include <string_view>

namespace membersync::center {

// Every remote operation the clients perform; names errors and statistics.
enum class Endpoint {
  Token,              // the user center's token endpoint
  AddMembers,         // A1
  EditMember,         // A2
  ResetPassword,      // A3
  DeleteMember,       // A4
  ListMembers,        // A5
  ListAssetNumbers,   // A6
  ListProducts,       // A7
  ListBorrowedLocks,  // A8
  ConfigureAssets,    // A9
  LendAssets,         // A10
  Enrol,              // B1
};
inline constexpr std::size_t kEndpointCount = 12;

// "A5 list members", "B1 enrol", "token endpoint": the prefix of every error message.
std::string_view endpointLabel(Endpoint e);

// True when sending the same request twice leaves the same end state as sending it once (reads,
// A2 edit, A3 reset, token grants): such a call is repeated even when an answer was lost.
bool safeToRepeat(Endpoint e);
// A1-A4, A9, A10, B1: a lost answer may hide a change, so it is in doubt even where the call is
// safe to repeat (A2, A3) once the attempts run out.
bool changesTheService(Endpoint e);

}  // namespace membersync::center
