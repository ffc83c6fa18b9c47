#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::center {

// Ids the spec types as long or string are kept as decimal strings: exact at 64 bits whichever
// way the service sends them. Timestamps are milliseconds since the epoch; 0 when absent.

// A member as A1 returns it (spec 2.2).
struct MemberRecord {
  std::string id;
  std::string userId;
  std::string globalId;
  std::string enterpriseId;
  std::optional<std::string> departmentId;
  std::optional<std::string> departmentName;
  std::string userName;  // account plus the enterprise suffix
  std::string name;
  std::optional<std::string> remark;
  bool deleted = false;
  std::int64_t updateTime = 0;
  std::int64_t createTime = 0;
};

// A member as A5 lists it (spec 2.3). Members with `deleted` true are listed too. Only the fields
// membersync reads are kept: a sync holds every member at once (400,000 of them in bounded
// memory). The decoder still checks the type of those it drops (id, userId, enterpriseId,
// onlineFlag, updateTime, createTime): a wrong one is still a Protocol error naming the field.
// departmentName is kept by the page (MemberPage::departmentNames), not by the list a sync
// joins. boundUserInfo's content is not specified: it is neither checked nor kept.
struct MemberListItem {
  std::string globalId;
  std::optional<std::string> departmentId;
  std::string userName;
  std::optional<std::string> passwordMobile;
  std::string name;
  std::vector<std::string> assetNums;
  std::optional<std::string> borrowNum;
  std::optional<std::string> remark;
  bool deleted = false;
};

// One page of A5 (spec 2.4, MyBatis PageHelper's PageInfo; see facts.md). `firstPage` and
// `lastPage` bound the navigation window, not the list: page with hasNextPage / pages.
struct MemberPage {
  int pageNum = 0;
  int pageSize = 0;
  int size = 0;
  std::optional<std::string> orderBy;
  std::int64_t startRow = 0;
  std::int64_t endRow = 0;
  std::int64_t total = 0;
  int pages = 0;
  std::vector<MemberListItem> list;
  // list[i]'s departmentName ("" when absent), for `membersync check` to show: dropped with the
  // page when a sync joins the pages' lists.
  std::vector<std::string> departmentNames;
  int firstPage = 0;
  int prePage = 0;
  int nextPage = 0;
  int lastPage = 0;
  bool isFirstPage = false;
  bool isLastPage = false;
  bool hasPreviousPage = false;
  bool hasNextPage = false;
  int navigatePages = 0;
  std::vector<int> navigatepageNums;
};

// Pages of the unfiltered member list read before it was asked for (readMembersAhead), by
// page number, in pages of `pageSize`.
struct MembersAhead {
  int pageSize = 0;
  std::map<int, MemberPage> pages;
};

// The member list as MemberCenterClient::readMemberList read it. One read when it held still:
// its pages agreed on `total`, the members read add up to it, and page 1, read again after the
// last page, still gave it. Else the list was read a second time, and `members` is that read;
// `onlyInFirstRead` then holds the members the first read listed live that the second does not
// (deleted meanwhile, or slipped between the second read's pages: the list cannot tell which).
struct MemberListing {
  std::vector<MemberListItem> members;
  std::vector<MemberListItem> onlyInFirstRead;
  bool readTwice = false;
  std::int64_t firstTotal = 0;  // page 1's total in the first read
  std::int64_t total = 0;       // in the read `members` comes from
};

// A5 filters; absent means not filtered.
struct MemberFilter {
  std::optional<std::string> departmentId;
  std::optional<std::string> keyword;
};

// A member to add (A1). `account` is sent as userName; the center appends the enterprise suffix.
struct NewMember {
  std::string account;
  Secret password;
  std::optional<std::string> departmentId;  // decimal digits; sent as a JSON number
  std::string name;
  std::optional<std::string> remark;
  std::optional<std::string> passwordMobile;
};

// An A2 edit. `account` and `name` are required by the spec; an optional field left absent is not
// sent (the center keeps its value), an empty remark or passwordMobile is sent and clears it.
// A department cannot be cleared through A2 (the spec has no way to say so).
struct MemberEdit {
  std::string account;
  std::string name;
  std::optional<std::string> departmentId;  // decimal digits
  std::optional<std::string> remark;
  std::optional<std::string> passwordMobile;
};

// A row A1's 60027 answer lists as failed. The spec's entries hold userName and message only;
// some gateways add the row's code, kept when present.
struct FailedMember {
  std::string userName;
  std::string message;
  std::string code;  // "" when the entry carries none
};

// The outcome of A1. With code 60027 some rows failed and `failed` lists them; that is still an
// Ok result: the rows in `succeeded` were created.
struct AddMembersResult {
  std::vector<MemberRecord> succeeded;
  std::vector<FailedMember> failed;
};

}  // namespace membersync::center
