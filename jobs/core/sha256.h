#pragma once

#include <array>
#include <string>
#include <string_view>

namespace membersync {

// SHA-256 as lower-case hex: content hashes of exports and policies, fingerprints of member
// lists and plan items. Incremental, for large files.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  Sha256& update(std::string_view bytes);
  // A field and a separator that cannot occur in text, so ("ab","c") and ("a","bc") differ.
  Sha256& field(std::string_view text);
  std::string hex();  // finishes; the object is reset afterwards
  // The 32 bytes hex() spells, finishing the same way: for many digests kept and compared (an
  // export's rows), with no allocation each.
  using Digest = std::array<unsigned char, 32>;
  Digest digest();

  static std::string of(std::string_view bytes);

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace membersync
