#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace membersync::center {

// A B1 enrolment (spec 4 B1; `mode` is the newer revision's extParams.mode, e.g. "sync").
struct EnrolRequest {
  std::string identity;
  std::string activityLabel;
  std::string source;
  std::string branch;
  std::optional<std::string> mode;  // absent: no extParams sent
};

// A calendar date and time as the service wrote it; its time zone is not stated by the service.
struct CivilTime {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  friend bool operator==(const CivilTime& a, const CivilTime& b) {
    return a.year == b.year && a.month == b.month && a.day == b.day && a.hour == b.hour &&
           a.minute == b.minute && a.second == b.second;
  }
};

// limitStartDate / limitEndDate: the raw text always, and what could be read from it. The format
// is undocumented (facts.md): "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd" or epoch milliseconds.
struct ActivityDate {
  enum class Format { DateTime, Date, EpochMillis, Unparsed, Absent };
  std::string raw;
  Format format = Format::Absent;
  std::optional<CivilTime> civil;          // DateTime and Date
  std::optional<std::int64_t> epochMillis;  // EpochMillis
};

// Reads one of the three accepted formats; anything else is kept as Unparsed (never an error).
ActivityDate parseActivityDate(const std::string& raw);

// A product granted by B1 (spec 2.9).
struct GrantedProduct {
  std::string activityId;
  std::string subActivityId;
  std::string productUri;
  ActivityDate limitStartDate;
  ActivityDate limitEndDate;
  std::string activateType;  // "0" activated at claim, "1" needs activation later
};

// An activity unit in a 3002 answer.
struct ActivityUnit {
  std::string id;
  std::string name;
  bool participateResult = false;
  std::string errorCode;  // e.g. "14005"
  std::string errorMessage;
};

// An activity in a 3002 answer.
struct ActivityEntry {
  std::string id;
  std::string name;
  bool participateResult = false;
  std::vector<ActivityUnit> units;  // engineSubActivityDtos
};

// A successful enrolment.
struct EnrolResult {
  std::string resultMessage;
  std::vector<GrantedProduct> products;
};

}  // namespace membersync::center
