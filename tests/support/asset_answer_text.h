#pragma once

// A6's answer read both ways, as one text per way to compare: the tree (readEnvelope, then
// decodeAssetNumbers) and the stream (readAssetNumbersEnvelope). For the unit
// tests and the fuzz target that pin the two to the same results and the same error texts.

#include <string>
#include <vector>

#include "jobs/center/decode.h"

namespace membersync::testing {

inline std::string errorText(const center::Error& e) {
  return "failed (" + std::string(center::toString(e.kind)) + "): " + e.describe();
}

// What a call takes from the envelope besides its data.
inline std::string envelopeText(const center::Envelope& e) {
  std::string out = "code=" + e.code + " message=" + e.message + " cause=" + e.cause + " args=[";
  for (const std::string& a : e.args) out += a + ",";
  return out + "] ";
}

// Bodies that are no answer at all (empty, not an object, cut short, an HTML error page): every
// streamed reader must fail on them as the tree does.
inline const std::vector<std::string>& notAnswers() {
  static const std::vector<std::string> bodies = {
      "", " ", "null", "0", "\"x\"", "[1,2]", "<html>502 Bad Gateway</html>", "{", "}", "["};
  return bodies;
}

// Everything a call takes from the envelope and its decoded data.
inline std::string assetAnswerText(const center::Result<center::Envelope>& env) {
  using namespace center;
  if (!env.ok()) return "envelope " + errorText(env.error());
  const Envelope& e = env.value();
  std::string out = envelopeText(e);
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
