#pragma once

// A6's answer read both ways, as one text per way to compare: the tree (readEnvelope, then
// decodeAssetNumbers) and the stream (readAssetNumbersEnvelope). For the unit
// tests and the fuzz target that pin the two to the same results and the same error texts.

#include <string>

#include "jobs/center/decode.h"

namespace membersync::testing {

inline std::string errorText(const center::Error& e) {
  return "failed (" + std::string(center::toString(e.kind)) + "): " + e.describe();
}

// Everything a call takes from the envelope and its decoded data.
inline std::string assetAnswerText(const center::Result<center::Envelope>& env) {
  using namespace center;
  if (!env.ok()) return "envelope " + errorText(env.error());
  const Envelope& e = env.value();
  std::string out = "code=" + e.code + " message=" + e.message + " cause=" + e.cause + " args=[";
  for (const std::string& a : e.args) out += a + ",";
  out += "] ";
  const auto assets = decodeAssetNumbers(e.data.get());
  if (!assets.ok()) return out + "assets " + errorText(assets.error());
  out += "assets(" + std::to_string(assets.value().size()) + "):";
  for (const AssetNumber& a : assets.value())
    out += " {" + a.assetNum + "|" + a.assetId + "|" + a.cloudAccountGlobalId.value_or("(none)") +
           "|" + (a.borrowedFlag ? "b" : "-") + (a.onlineFlag ? "o" : "-") + "}";
  return out;
}

inline std::string assetAnswerByTree(const std::string& body) {
  return assetAnswerText(center::readEnvelope(center::Endpoint::ListAssetNumbers, body));
}

inline std::string assetAnswerByStream(const std::string& body) {
  return assetAnswerText(center::readAssetNumbersEnvelope(body));
}

}  // namespace membersync::testing
