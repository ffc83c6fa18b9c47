#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace membersync::directory {

// A row's columns that are not mapped fields, by header name, in name order, as a std::map would
// give them. Kept as one sorted vector instead: a row has a few (title, lock, site), the largest
// enterprises' exports hold 400,000 rows of them at once, and a map's node adds some 50 bytes
// of links and allocation to every column of every row.
class Attributes {
 public:
  using value_type = std::pair<std::string, std::string>;
  using const_iterator = std::vector<value_type>::const_iterator;

  Attributes() = default;
  Attributes(std::initializer_list<value_type> values) {
    for (const auto& [name, value] : values) (*this)[name] = value;
  }

  const_iterator begin() const { return values_.begin(); }
  const_iterator end() const { return values_.end(); }
  std::size_t size() const { return values_.size(); }
  bool empty() const { return values_.empty(); }

  const_iterator find(std::string_view name) const {
    const auto it = lowerBound(name);
    return it != values_.end() && it->first == name ? it : values_.end();
  }
  std::size_t count(std::string_view name) const { return find(name) == end() ? 0 : 1; }
  const std::string& at(std::string_view name) const {
    const auto it = find(name);
    if (it == end()) throw std::out_of_range("no attribute " + std::string(name));
    return it->second;
  }
  // The value of `name`, added empty in its place when the row has none.
  std::string& operator[](std::string_view name) {
    auto it = values_.begin() + (lowerBound(name) - values_.cbegin());
    if (it == values_.end() || it->first != name)
      it = values_.insert(it, value_type(std::string(name), std::string()));
    return it->second;
  }
  // Gives back the room the vector grew into: a row's attributes are read, not added to.
  void shrinkToFit() { values_.shrink_to_fit(); }

  friend bool operator==(const Attributes& a, const Attributes& b) {
    return a.values_ == b.values_;
  }
  friend bool operator!=(const Attributes& a, const Attributes& b) { return !(a == b); }

 private:
  const_iterator lowerBound(std::string_view name) const {
    return std::lower_bound(values_.cbegin(), values_.cend(), name,
                            [](const value_type& v, std::string_view n) { return v.first < n; });
  }
  std::vector<value_type> values_;
};

}  // namespace membersync::directory
