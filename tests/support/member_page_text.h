#pragma once

// A5's answer read both ways, as one text per way to compare: the tree (readEnvelope, then
// decodeMemberPage) and the stream (readMemberPageEnvelope). For the unit tests and the fuzz
// target that pin the two to the same results and the same error texts.

#include <string>

#include "jobs/center/decode.h"
#include "tests/support/asset_answer_text.h"

namespace membersync::testing {

inline std::string optText(const std::optional<std::string>& s) {
  return s ? "'" + *s + "'" : "(none)";
}

inline std::string memberItemText(const center::MemberListItem& m) {
  std::string out = "{" + m.globalId + "|" + optText(m.departmentId) + "|" + m.userName + "|" +
                    optText(m.passwordMobile) + "|" + m.name + "|[";
  for (const std::string& a : m.assetNums) out += a + ",";
  return out + "]|" + optText(m.borrowNum) + "|" + optText(m.remark) + "|" +
         (m.deleted ? "d" : "-") + "}";
}

// Everything a call takes from the envelope and its decoded page.
inline std::string memberPageText(const center::Result<center::Envelope>& env) {
  using namespace center;
  if (!env.ok()) return "envelope " + errorText(env.error());
  const Envelope& e = env.value();
  std::string out = envelopeText(e);
  const auto page = decodeMemberPage(e.data.get());
  if (!page.ok()) return out + "page " + errorText(page.error());
  const MemberPage& p = page.value();
  const auto n = [](std::int64_t v) { return std::to_string(v) + ","; };
  out += "page " + n(p.pageNum) + n(p.pageSize) + n(p.size) + optText(p.orderBy) + "," +
         n(p.startRow) + n(p.endRow) + n(p.total) + n(p.pages) + n(p.firstPage) + n(p.prePage) +
         n(p.nextPage) + n(p.lastPage) + (p.isFirstPage ? "F" : "-") + (p.isLastPage ? "L" : "-") +
         (p.hasPreviousPage ? "P" : "-") + (p.hasNextPage ? "N" : "-") + n(p.navigatePages) + "[";
  for (int i : p.navigatepageNums) out += n(i);
  out += "] names[";
  for (const std::string& name : p.departmentNames) out += name + ",";
  out += "] list(" + std::to_string(p.list.size()) + "):";
  for (const MemberListItem& m : p.list) out += " " + memberItemText(m);
  return out;
}

inline std::string memberPageByTree(const std::string& body) {
  return memberPageText(center::readEnvelope(center::Endpoint::ListMembers, body));
}

inline std::string memberPageByStream(const std::string& body) {
  return memberPageText(center::readMemberPageEnvelope(body));
}

}  // namespace membersync::testing
