#pragma once

// Internal to jobs/center's decoders (includes Poco: .cpp files only): a member-center answer
// read in one pass, for the answers too many to build as a tree each time (A5's pages, A6's
// assets). Poco's own parser reads the text (so malformed JSON fails with the same words, at the
// same depth limit as the tree's) and feeds this handler, which builds all of the answer but one
// array: each element of that array is built alone, handed to element() and dropped (or, for a
// reader that decodes elements from the events, sent to its own builder: buildElementsWith).

#include <Poco/JSON/Handler.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/ParseHandler.h>

#include <cstddef>
#include <string>
#include <vector>

namespace membersync::center {

class StreamedAnswer : public Poco::JSON::Handler {
 public:
  // `path`: the keys from the answer down to the streamed array, every one but the last naming
  // an object ({"data"} for A6's data, {"data", "list"} for A5's page list).
  explicit StreamedAnswer(std::vector<std::string> path) : path_(std::move(path)) {}

  void reset() override {}
  void startObject() override { start(false); }
  void startArray() override { start(true); }
  void endObject() override { end(false); }
  void endArray() override { end(true); }
  void key(const std::string& k) override;
  void null() override;
  void value(int v) override { scalar(v); }
  void value(unsigned v) override { scalar(v); }
  void value(Poco::Int64 v) override { scalar(v); }
  void value(Poco::UInt64 v) override { scalar(v); }
  void value(const std::string& v) override { scalar(v); }
  void value(double v) override { scalar(v); }
  void value(bool v) override { scalar(v); }

  // The answer as a tree decoder sees it, without the streamed array.
  Poco::Dynamic::Var answer() const;
  // Whether the value at `path` is the array whose elements went to element(): false when there
  // was none, or when a later value at one of the path's keys replaced it (as in a tree).
  bool streamed() const { return streamed_; }

 protected:
  // A new array at `path` starts: what the elements of an earlier one made is dropped.
  virtual void arrayStarts() = 0;
  // Element `index` of the array at `path`.
  virtual void element(const Poco::Dynamic::Var& v, std::size_t index) = 0;
  // The elements that are objects or arrays go to `builder` instead of a tree builder: a reader
  // that decodes them from the parser's events, without building a Poco object for each. Each
  // such element then ends with elementBuilt(index), not element(); scalars still go to element().
  void buildElementsWith(Poco::SharedPtr<Poco::JSON::Handler> builder) {
    elementBuilder_ = std::move(builder);
  }
  // Element `index`, an object or an array, is in the builder given to buildElementsWith.
  virtual void elementBuilt(std::size_t /*index*/) {}

 private:
  // An object on the path, built here, and the key of the field being read in it.
  struct Level {
    Poco::JSON::Object::Ptr object;
    std::string key;
  };

  void start(bool array);
  void end(bool array);
  void startPiece(bool array);
  // Whether the field being read in the innermost object is on the path.
  bool onPath() const;
  void place(const Poco::Dynamic::Var& v);

  template <class T>
  void scalar(const T& v) {
    if (building_)
      return piece_->value(v);  // into the value being built, as its container takes it
    if (depth_ == 0) {  // an answer that is a bare scalar: whatever a tree builder makes of it
      Poco::JSON::ParseHandler tree;
      tree.value(v);
      return place(tree.asVar());
    }
    place(Poco::Dynamic::Var(v));
  }

  const std::vector<std::string> path_;
  // Where a value goes, by the containers open (depth_) when it starts: 0 the answer itself;
  // open_.size() a field of the innermost object on the path; open_.size() + 1 an element of the
  // streamed array (inArray_); deeper ones go into the piece being built.
  int depth_ = 0;
  std::vector<Level> open_;  // the answer, then the objects on the path that are open
  Poco::Dynamic::Var root_;  // the answer when it is not an object
  bool inArray_ = false;
  bool streamed_ = false;
  std::size_t count_ = 0;  // elements of the streamed array so far
  // Builds the value being read (building_), from depth pieceDepth_; one for all of them, as
  // building one for each element of a page costs more than building the whole page as a tree.
  Poco::SharedPtr<Poco::JSON::ParseHandler> builder_ = new Poco::JSON::ParseHandler;
  bool building_ = false;
  int pieceDepth_ = 0;
  Poco::SharedPtr<Poco::JSON::Handler> elementBuilder_;  // buildElementsWith's, if any
  Poco::JSON::Handler* piece_ = nullptr;  // what builds the piece being read: one of the two
};

}  // namespace membersync::center
