#include "jobs/center/endpoint.h"

namespace membersync::center {
namespace {

struct EndpointInfo {
  std::string_view label;
  bool safe;
};

constexpr EndpointInfo kInfo[kEndpointCount] = {
    {"token endpoint", true},       {"A1 add members", false},
    {"A2 edit member", true},       {"A3 reset password", true},
    {"A4 delete member", false},    {"A5 list members", true},
    {"A6 list asset numbers", true}, {"A7 list products", true},
    {"A8 list borrowed locks", true}, {"A9 configure assets", false},
    {"A10 lend assets", false},     {"B1 enrol", false},
};

}  // namespace

std::string_view endpointLabel(Endpoint e) { return kInfo[static_cast<std::size_t>(e)].label; }

bool safeToRepeat(Endpoint e) { return kInfo[static_cast<std::size_t>(e)].safe; }

bool changesTheService(Endpoint e) {
  switch (e) {
    case Endpoint::AddMembers:
    case Endpoint::EditMember:
    case Endpoint::ResetPassword:
    case Endpoint::DeleteMember:
    case Endpoint::ConfigureAssets:
    case Endpoint::LendAssets:
    case Endpoint::Enrol:
      return true;
    default:
      return false;
  }
}

}  // namespace membersync::center
