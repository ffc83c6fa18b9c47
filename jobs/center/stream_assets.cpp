// A6's answer read in one pass (spec 2.5). At the largest enterprises it lists 400,000 assets in
// some 60 MB, and a tree of it would take ~14 times that. StreamedAnswer builds each element of
// `data` alone; it is decoded by the tree decoder's own code (assetNumberAt) and dropped, and the
// envelope's other fields are read by envelopeOf.
#include "jobs/center/decode.h"
#include "jobs/center/decode_parts.h"
#include "jobs/center/json_read.h"
#include "jobs/center/stream_answer.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;

// `data` when it is an array: its elements decoded one at a time.
struct StreamedData {
  std::vector<AssetNumber> assets;
  std::optional<Error> failure;   // the first element that could not be decoded
  std::vector<std::string> args;  // as templateArgs makes them, while every element is a scalar
  bool argsValid = true;
};

class AssetsAnswer : public StreamedAnswer {
 public:
  AssetsAnswer() : StreamedAnswer({"data"}) {}
  StreamedData data;

 private:
  void arrayStarts() override { data = StreamedData{}; }

  void element(const Var& v, std::size_t i) override {
    if (data.argsValid) {
      if (auto arg = templateArg(v)) {
        data.args.push_back(std::move(*arg));
      } else {
        data.argsValid = false;
        data.args = {};
      }
    }
    if (data.failure) return;  // the tree decoder stops at the first failure too
    auto one = json::guarded<AssetNumber>(Endpoint::ListAssetNumbers, [&v, i] {
      return assetNumberAt(v, "data[" + std::to_string(i) + "]");
    });
    if (one.ok()) {
      data.assets.push_back(std::move(one).value());
    } else {
      data.failure = one.error();
      data.assets = {};
    }
  }
};

}  // namespace

Result<Envelope> readAssetNumbersEnvelope(const std::string& body) {
  return json::guarded<Envelope>(Endpoint::ListAssetNumbers, [&body] {
    auto* handler = new AssetsAnswer;
    const Poco::JSON::Handler::Ptr owner(handler);
    json::parse(body, owner);
    Envelope env = envelopeOf(json::Obj(handler->answer(), "answer"));
    if (handler->streamed()) {
      StreamedData& data = handler->data;
      auto value = std::make_shared<JsonValue>();
      value->assetNumbers = data.failure
                                ? Result<std::vector<AssetNumber>>::failure(*data.failure)
                                : Result<std::vector<AssetNumber>>::success(std::move(data.assets));
      env.data = std::move(value);
      env.args = std::move(data.args);
    }
    return env;
  });
}

}  // namespace membersync::center
