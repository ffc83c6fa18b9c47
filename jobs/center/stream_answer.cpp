#include "jobs/center/stream_answer.h"

namespace membersync::center {

using Var = Poco::Dynamic::Var;

void StreamedAnswer::key(const std::string& k) {
  if (building_)
    piece_->key(k);
  else if (!open_.empty() && !inArray_)
    open_.back().key = k;
}

void StreamedAnswer::null() {
  if (building_) return piece_->null();
  if (depth_ == 0) {
    Poco::JSON::ParseHandler tree;
    tree.null();
    return place(tree.asVar());
  }
  place(Var());
}

Var StreamedAnswer::answer() const {
  return open_.empty() ? root_ : Var(open_.front().object);
}

bool StreamedAnswer::onPath() const {
  const std::size_t level = open_.size() - 1;
  return level < path_.size() && open_.back().key == path_[level];
}

void StreamedAnswer::start(bool array) {
  if (building_ || inArray_) {
    startPiece(array);  // within a value being built, or an element of the streamed array
  } else if (depth_ == 0) {
    streamed_ = false;  // a later answer replaces an earlier one, as in a tree
    if (array)
      startPiece(array);
    else
      open_.assign(1, Level{new Poco::JSON::Object, {}});
  } else if (onPath()) {
    streamed_ = false;  // a later value at a key of the path replaces what was there
    const bool last = open_.size() == path_.size();
    if (last && array) {
      open_.back().object->remove(open_.back().key);
      inArray_ = true;
      count_ = 0;
      arrayStarts();
    } else if (!last && !array) {
      open_.push_back({new Poco::JSON::Object, {}});
    } else {
      startPiece(array);
    }
  } else {
    startPiece(array);
  }
  ++depth_;
}

void StreamedAnswer::startPiece(bool array) {
  if (!building_) {
    building_ = true;
    pieceDepth_ = depth_;
    // Not within a piece, inside the streamed array: an element starts.
    piece_ = inArray_ && elementBuilder_ ? elementBuilder_.get() : builder_.get();
  }
  array ? piece_->startArray() : piece_->startObject();
}

void StreamedAnswer::end(bool array) {
  --depth_;
  if (building_) {
    array ? piece_->endArray() : piece_->endObject();
    if (depth_ == pieceDepth_ && piece_ != builder_.get()) {  // the subclass's builder holds it
      building_ = false;
      elementBuilt(count_++);
    } else if (depth_ == pieceDepth_) {
      const Var piece = builder_->asVar();
      builder_->reset();  // ready for the next piece
      building_ = false;
      place(piece);
    }
  } else if (inArray_) {
    inArray_ = false;
    streamed_ = true;
  } else if (open_.size() > 1) {  // an object on the path ends: it is its parent's field
    const Poco::JSON::Object::Ptr done = open_.back().object;
    open_.pop_back();
    open_.back().object->set(open_.back().key, done);
  }  // else the answer ends, and stays
}

void StreamedAnswer::place(const Var& v) {
  if (depth_ == 0) {
    open_.clear();
    streamed_ = false;
    root_ = v;
  } else if (inArray_) {
    element(v, count_++);
  } else {
    if (onPath()) streamed_ = false;  // a later value at a key of the path replaces the array
    open_.back().object->set(open_.back().key, v);
  }
}

}  // namespace membersync::center
