// A row's attributes: a sorted vector that answers as the std::map it replaced did, so that the
// export's hash, the policy's rules and the explanations see the same columns in the same order.

#include <catch2/catch.hpp>

#include "jobs/directory/attributes.h"

using membersync::directory::Attributes;

TEST_CASE("attributes: columns added in any order are listed by name, as a map listed them",
          "[directory]") {
  Attributes a;
  a["title"] = "Engineer";
  a["lock"] = "LK-1";
  a["site"] = "HQ";
  a["badge"] = "";
  std::vector<std::string> names;
  for (const auto& [name, value] : a) names.push_back(name);
  CHECK(names == std::vector<std::string>{"badge", "lock", "site", "title"});
  CHECK(a.size() == 4);
}

TEST_CASE("attributes: a column is found by name, an absent one is not, and [] adds it empty",
          "[directory]") {
  Attributes a{{"title", "Engineer"}, {"lock", "LK-1"}};
  CHECK(a.at("lock") == "LK-1");
  CHECK(a.find("title")->second == "Engineer");
  CHECK(a.count("site") == 0);
  CHECK(a.find("site") == a.end());
  CHECK_THROWS_AS(a.at("site"), std::out_of_range);

  a["title"] = "Lead";  // replaces, does not add
  CHECK(a.size() == 2);
  CHECK(a.at("title") == "Lead");
  CHECK(a["site"].empty());
  CHECK(a.count("site") == 1);
  a.shrinkToFit();
  CHECK(a == Attributes{{"lock", "LK-1"}, {"site", ""}, {"title", "Lead"}});
}
