#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "jobs/core/sha256.h"

namespace membersync::plan::detail {

// Fields joined the way Sha256::field() joins them (each followed by a separator that cannot
// occur in text), collected first and hashed in one update: Poco's per-call cost would
// otherwise dominate planning 100,000 items.
class FieldBuffer {
 public:
  FieldBuffer& field(std::string_view text) {
    text_ += text;
    text_ += '\x1f';
    return *this;
  }
  // Absent and empty differ: "" clears a field on the center, absent keeps it.
  FieldBuffer& optional(const std::optional<std::string>& value) {
    return field(value ? "1" : "0").field(value ? *value : std::string_view());
  }
  const std::string& text() const { return text_; }
  std::string sha256() const { return Sha256::of(text_); }

 private:
  std::string text_;
};

}  // namespace membersync::plan::detail
