// DingTalk's answers (dingtalk_pages.h): the first byte picks the decoder and the HTTP status,
// the rest is the body. Each decoder must take it or name its problem without undefined
// behaviour; what it takes holds: a user page that promises more has a cursor, every user an id
// and every documented field, every department an id and a name; the walk over what the pages
// gave (walkTable) either refuses the tree or yields one row per user id.
#include <set>

#include "jobs/directory/person.h"
#include "jobs/directory/platform/dingtalk_pages.h"
#include "jobs/directory/platform/platform_walk.h"
#include "tests/fuzz/fuzz_support.h"

using namespace membersync::directory;
using namespace membersync::directory::platform;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int status = (data[0] & 0x10) ? 429 : 200;
  const std::string body = membersync::fuzz::text(data + 1, size - 1);
  switch (data[0] % 4) {
    case 0: {
      const auto a = dingtalk::decodeToken(status, body);
      FUZZ_CHECK(a.ok() ? !a.value->value.empty() : a.problem.kind != AnswerKind::Ok);
      break;
    }
    case 1: {
      const auto a = dingtalk::decodeDepartment(status, body);
      FUZZ_CHECK(!a.ok() || (!a.value->id.empty() && !a.value->name.empty()));
      break;
    }
    case 2: {
      const auto a = dingtalk::decodeSubDepartments(status, body);
      if (!a.ok()) break;
      WalkResult w;
      w.departments.push_back({"1", "", "root"});
      for (const Department& d : *a.value) FUZZ_CHECK(!d.id.empty() && !d.parentId.empty());
      w.departments.insert(w.departments.end(), a.value->begin(), a.value->end());
      try {
        walkTable("fuzz", w, {});
      } catch (const ExportError&) {
      }
      break;
    }
    default: {
      const auto a = dingtalk::decodeUsers(status, body);
      if (!a.ok()) {
        FUZZ_CHECK(a.problem.kind != AnswerKind::Ok);
        break;
      }
      FUZZ_CHECK(!a.value->more || !a.value->next.empty());
      WalkResult w;
      w.departments.push_back({"1", "", "root"});
      w.usersByDepartment.push_back({"1", a.value->items});
      std::set<std::string> ids;
      for (const User& u : a.value->items) {
        FUZZ_CHECK(!u.userId.empty() && u.fields.size() == dingtalk::userFields().size());
        ids.insert(u.userId);
      }
      try {
        FUZZ_CHECK(walkTable("fuzz", w, {}).rows.size() == ids.size());
      } catch (const ExportError&) {
      }
    }
  }
  return 0;
}
