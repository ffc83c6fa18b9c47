#include "config/config.h"

namespace membersync::config {

std::string CenterConfig::expandedSuffix() const {
  std::string out = accountSuffix;
  const std::string token = "{code}";
  for (auto pos = out.find(token); pos != std::string::npos; pos = out.find(token, pos)) {
    out.replace(pos, token.size(), enterpriseCode);
    pos += enterpriseCode.size();
  }
  return out;
}

const char* toString(DepartedAction a) {
  switch (a) {
    case DepartedAction::WithdrawThenDelete: return "withdraw-then-delete";
    case DepartedAction::Withdraw: return "withdraw";
    case DepartedAction::Delete: return "delete";
    case DepartedAction::Report: return "report";
  }
  return "?";
}

const char* toString(OrphanAction a) {
  return a == OrphanAction::Delete ? "delete" : "report";
}

}  // namespace membersync::config
