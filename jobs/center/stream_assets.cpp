// A6's answer read in one pass (spec 2.5). At the largest enterprises it lists 400,000 assets in
// some 60 MB, and a tree of it would take ~14 times that. Poco's own parser reads the text (so
// malformed JSON fails with the same words, at the same depth limit) and feeds this handler,
// which builds only small pieces: each element of `data` alone, decoded by the tree decoder's own
// code (assetNumberAt) and dropped, and the envelope's other fields, read by envelopeOf.
#include <Poco/JSON/Handler.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/ParseHandler.h>

#include "jobs/center/decode.h"
#include "jobs/center/decode_parts.h"
#include "jobs/center/json_read.h"

namespace membersync::center {
namespace {

using Var = Poco::Dynamic::Var;

// `data` when it is an array: its elements decoded one at a time.
struct StreamedData {
  std::vector<AssetNumber> assets;
  std::optional<Error> failure;   // the first element that could not be decoded
  std::vector<std::string> args;  // as templateArgs makes them, while every element is a scalar
  bool argsValid = true;
  std::size_t count = 0;
};

class AnswerHandler : public Poco::JSON::Handler {
 public:
  void reset() override {}
  void startObject() override { start(false); }
  void startArray() override { start(true); }
  void endObject() override { end(false); }
  void endArray() override { end(true); }
  void key(const std::string& k) override {
    if (piece_)
      piece_->key(k);
    else if (depth_ == 1)
      key_ = k;
  }
  void null() override {
    if (piece_) return piece_->null();
    if (depth_ == 0) return bareRoot([](Poco::JSON::Handler& tree) { tree.null(); });
    place(Var());
  }
  void value(int v) override { scalar(v); }
  void value(unsigned v) override { scalar(v); }
  void value(Poco::Int64 v) override { scalar(v); }
  void value(Poco::UInt64 v) override { scalar(v); }
  void value(const std::string& v) override { scalar(v); }
  void value(double v) override { scalar(v); }
  void value(bool v) override { scalar(v); }

  // The answer as a tree decoder sees it, without `data` when that was streamed.
  Var answer() const { return answer_ ? Var(answer_) : root_; }
  std::optional<StreamedData>& data() { return data_; }

 private:
  // Where a value goes, by depth_ when it starts: 0 the answer itself, 1 a field of the answer,
  // 2 an element of `data` when that is streamed; deeper ones go into the piece being built.
  bool streamingData() const { return depth_ == 2 && data_ && inData_; }

  void start(bool array) {
    if (!piece_ && depth_ == 0 && !array) {
      answer_ = new Poco::JSON::Object;
    } else if (!piece_ && depth_ == 1 && array && key_ == "data") {
      answer_->remove("data");  // a later `data` replaces an earlier one, as in a tree
      data_.emplace();
      inData_ = true;
    } else {
      if (!piece_) {
        piece_ = new Poco::JSON::ParseHandler;
        pieceDepth_ = depth_;
      }
      array ? piece_->startArray() : piece_->startObject();
    }
    ++depth_;
  }

  void end(bool array) {
    --depth_;
    if (piece_) {
      array ? piece_->endArray() : piece_->endObject();
      if (depth_ == pieceDepth_) {
        const Var piece = piece_->asVar();
        piece_ = nullptr;
        place(piece);
      }
    } else if (depth_ == 1) {
      inData_ = false;
    }
  }

  template <class T>
  void scalar(const T& v) {
    if (piece_) return piece_->value(v);  // into the value being built, as its container takes it
    if (depth_ == 0) return bareRoot([&v](Poco::JSON::Handler& tree) { tree.value(v); });
    place(Var(v));
  }

  // An answer that is a bare scalar: whatever a tree builder makes of it (envelopeOf refuses it).
  template <class Event>
  void bareRoot(Event event) {
    Poco::JSON::ParseHandler tree;
    event(tree);
    root_ = tree.asVar();
  }

  void place(const Var& v) {
    if (depth_ == 0) {
      root_ = v;
    } else if (streamingData()) {
      element(v);
    } else if (depth_ == 1) {
      answer_->set(key_, v);
      if (key_ == "data") data_.reset();  // a later `data` replaces a streamed one
    }
  }

  void element(const Var& v) {
    StreamedData& d = *data_;
    const std::size_t i = d.count++;
    if (d.argsValid) {
      if (auto arg = templateArg(v)) {
        d.args.push_back(std::move(*arg));
      } else {
        d.argsValid = false;
        d.args = {};
      }
    }
    if (d.failure) return;  // the tree decoder stops at the first failure too
    auto one = json::guarded<AssetNumber>(Endpoint::ListAssetNumbers, [&v, i] {
      return assetNumberAt(v, "data[" + std::to_string(i) + "]");
    });
    if (one.ok()) {
      d.assets.push_back(std::move(one).value());
    } else {
      d.failure = one.error();
      d.assets = {};
    }
  }

  int depth_ = 0;                   // containers open
  Poco::JSON::Object::Ptr answer_;  // the answer's fields but a streamed `data`
  Var root_;                        // the answer when it is not an object
  std::string key_;                 // the answer's field being read
  std::optional<StreamedData> data_;
  bool inData_ = false;
  Poco::SharedPtr<Poco::JSON::ParseHandler> piece_;  // builds the value being read, if any
  int pieceDepth_ = 0;
};

}  // namespace

Result<Envelope> readAssetNumbersEnvelope(const std::string& body) {
  return json::guarded<Envelope>(Endpoint::ListAssetNumbers, [&body] {
    auto* handler = new AnswerHandler;
    const Poco::JSON::Handler::Ptr owner(handler);
    json::parse(body, owner);
    Envelope env = envelopeOf(json::Obj(handler->answer(), "answer"));
    if (std::optional<StreamedData>& data = handler->data()) {
      auto value = std::make_shared<JsonValue>();
      value->assetNumbers =
          data->failure ? Result<std::vector<AssetNumber>>::failure(*data->failure)
                        : Result<std::vector<AssetNumber>>::success(std::move(data->assets));
      env.data = std::move(value);
      env.args = std::move(data->args);
    }
    return env;
  });
}

}  // namespace membersync::center
