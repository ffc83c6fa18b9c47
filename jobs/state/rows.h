#pragma once

// Internal to jobs/state (includes Poco): how a row of each table becomes a record. Each
// record's columns are listed once, in visitRow(), next to the SELECT list they match; a
// RowHandler turns that list into the Poco TypeHandler that lets `into(std::vector<Record>)`
// read a whole result in one statement. Include it from .cpp files only.

#include <Poco/Data/AbstractExtractor.h>
#include <Poco/Data/AbstractPreparator.h>
#include <Poco/Data/DataException.h>
#include <Poco/Data/TypeHandler.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "jobs/state/pool_counts.h"
#include "jobs/state/records.h"
#include "jobs/state/types.h"

namespace membersync::state::detail {

// Reads the columns of one row, left to right, into fields. NULL leaves the default (an empty
// optional, "" or 0). A stored enum name this build does not know is an ExtractException.
class ColumnReader {
 public:
  ColumnReader(std::size_t pos, Poco::Data::AbstractExtractor::Ptr ext) : pos_(pos), ext_(ext) {}

  void text(std::string& v) {
    if (!ext_->extract(pos_++, v)) v.clear();
  }
  void integer(std::int64_t& v) {
    Poco::Int64 x = 0;
    v = ext_->extract(pos_++, x) ? x : 0;
  }
  void integer(int& v) {
    std::int64_t x = 0;
    integer(x);
    v = static_cast<int>(x);
  }
  void flag(bool& v) {
    std::int64_t x = 0;
    integer(x);
    v = x != 0;
  }
  void optionalInteger(std::optional<std::int64_t>& v) {
    Poco::Int64 x = 0;
    if (ext_->extract(pos_++, x)) {
      v = x;
    } else {
      v.reset();
    }
  }
  template <class E>
  void name(E& v, std::optional<E> (*parse)(std::string_view)) {
    std::optional<E> parsed;
    optionalName(parsed, parse);
    if (!parsed) throw Poco::Data::ExtractException("a required name is NULL");
    v = *parsed;
  }
  template <class E>
  void optionalName(std::optional<E>& v, std::optional<E> (*parse)(std::string_view)) {
    std::string s;
    if (!ext_->extract(pos_++, s)) {
      v.reset();
      return;
    }
    v = parse(s);
    if (!v) throw Poco::Data::ExtractException("unknown stored value '" + s + "'");
  }

 private:
  std::size_t pos_;
  Poco::Data::AbstractExtractor::Ptr ext_;
};

// Counts the columns (TypeHandler::size) and declares their types (TypeHandler::prepare).
class ColumnPreparer {
 public:
  ColumnPreparer(std::size_t pos, Poco::Data::AbstractPreparator::Ptr prep)
      : pos_(pos), prep_(prep) {}
  std::size_t count() const { return count_; }

  void text(std::string&) { prepare(std::string()); }
  void integer(std::int64_t&) { prepare(Poco::Int64(0)); }
  void integer(int&) { prepare(Poco::Int64(0)); }
  void flag(bool&) { prepare(Poco::Int64(0)); }
  void optionalInteger(std::optional<std::int64_t>&) { prepare(Poco::Int64(0)); }
  template <class E>
  void name(E&, std::optional<E> (*)(std::string_view)) {
    prepare(std::string());
  }
  template <class E>
  void optionalName(std::optional<E>&, std::optional<E> (*)(std::string_view)) {
    prepare(std::string());
  }

 private:
  template <class T>
  void prepare(const T& sample) {
    ++count_;
    if (!prep_.isNull()) prep_->prepare(pos_++, sample);
  }
  std::size_t pos_;
  Poco::Data::AbstractPreparator::Ptr prep_;
  std::size_t count_ = 0;
};

// Records a run hands over by the hundred thousand (the console's people) are bound and written
// this many at a time: one statement each, without holding every row's columns at once.
inline constexpr std::size_t kRowsPerStatement = 1000;

// --- the columns of each record, in SELECT order ----------------------------------------------

inline constexpr const char* kLinkColumns =
    "employee_id, account, global_id, created_by_us, linked_at";
template <class V>
void visitRow(Link& r, V& v) {
  v.text(r.employeeId);
  v.text(r.account);
  v.text(r.globalId);
  v.flag(r.createdByUs);
  v.integer(r.linkedAt);
}

inline constexpr const char* kAbsenceColumns =
    "employee_id, distinct_exports, last_export_hash, since, withdrawn_at";
template <class V>
void visitRow(Absence& r, V& v) {
  v.text(r.employeeId);
  v.integer(r.distinctExports);
  v.text(r.lastExportHash);
  v.integer(r.since);
  v.optionalInteger(r.withdrawnAt);
}

inline constexpr const char* kItemColumns =
    "key, status, attempts, next_attempt_at, input_hash, code, message, updated_at";
template <class V>
void visitRow(ItemRecord& r, V& v) {
  v.text(r.key);
  v.name(r.status, &parseItemStatus);
  v.integer(r.attempts);
  v.integer(r.nextAttemptAt);
  v.text(r.inputHash);
  v.text(r.code);
  v.text(r.message);
  v.integer(r.updatedAt);
}

inline constexpr const char* kRunColumns =
    "id, kind, started_at, finished_at, outcome, message, added, edited, deleted, withdrawn, "
    "adopted, held, failed, unknown, assigned, lent, enrolled, export_hash, export_rows, "
    "policy_hash, scope";
template <class V>
void visitRow(RunSummary& r, V& v) {
  v.integer(r.id);
  v.name(r.kind, &parseRunKind);
  v.integer(r.startedAt);
  v.optionalInteger(r.finishedAt);
  v.text(r.outcome);
  v.text(r.message);
  for (int* n : {&r.counts.added, &r.counts.edited, &r.counts.deleted, &r.counts.withdrawn,
                 &r.counts.adopted, &r.counts.held, &r.counts.failed, &r.counts.unknown,
                 &r.counts.assigned, &r.counts.lent, &r.counts.enrolled})
    v.integer(*n);
  v.text(r.exportHash);
  v.integer(r.exportRows);
  v.text(r.policyHash);
  v.text(r.scope);
}

inline constexpr const char* kStepColumns =
    "id, run_id, item_key, kind, account, employee_id, global_id, detail, state, failure, "
    "attempts, code, message, planned_at, sent_at, finished_at, settlement, settled_at";
template <class V>
void visitRow(Step& r, V& v) {
  v.integer(r.id);
  v.integer(r.runId);
  v.text(r.info.itemKey);
  v.text(r.info.kind);
  v.text(r.info.account);
  v.text(r.info.employeeId);
  v.text(r.info.globalId);
  v.text(r.info.detail);
  v.name(r.state, &parseStepState);
  v.optionalName(r.failure, &parseItemStatus);
  v.integer(r.attempts);
  v.text(r.code);
  v.text(r.message);
  v.integer(r.plannedAt);
  v.optionalInteger(r.sentAt);
  v.optionalInteger(r.finishedAt);
  v.optionalName(r.settlement, &parseSettlement);
  v.optionalInteger(r.settledAt);
}

inline constexpr const char* kHeldColumns =
    "run_id, item_key, reason, held_at, released_at, consumed_at";
template <class V>
void visitRow(HeldItem& r, V& v) {
  v.integer(r.runId);
  v.text(r.key);
  v.text(r.reason);
  v.integer(r.heldAt);
  v.optionalInteger(r.releasedAt);
  v.optionalInteger(r.consumedAt);
}

inline constexpr const char* kPasswordColumns = "account, run_id, generated_at";
template <class V>
void visitRow(PendingPassword& r, V& v) {
  v.text(r.account);
  v.integer(r.runId);
  v.integer(r.generatedAt);
}

inline constexpr const char* kPasswordToHandOutColumns =
    "account, run_id, generated_at, confirmed_at, mail_state, mail_attempts, mail_next_at, "
    "mail_to, mail_reply";
template <class V>
void visitRow(PasswordToHandOut& r, V& v) {
  v.text(r.account);
  v.integer(r.runId);
  v.integer(r.generatedAt);
  v.integer(r.confirmedAt);
  v.name(r.mail, parseMailState);
  v.integer(r.attempts);
  v.optionalInteger(r.nextAttempt);
  v.text(r.mailTo);
  v.text(r.reply);
}

inline constexpr const char* kOwnedAssetColumns = "asset_num, global_id, rule, assigned_at";
template <class V>
void visitRow(OwnedAsset& r, V& v) {
  v.text(r.assetNum);
  v.text(r.globalId);
  v.text(r.rule);
  v.integer(r.assignedAt);
}

inline constexpr const char* kLendingColumns = "global_id, lock_number, rule, lent_at";
template <class V>
void visitRow(Lending& r, V& v) {
  v.text(r.globalId);
  v.text(r.lockNumber);
  v.text(r.rule);
  v.integer(r.lentAt);
}

inline constexpr const char* kEnrolmentColumns =
    "employee_id, rule, activity_label, status, input_hash, products_json, message, at";
template <class V>
void visitRow(Enrolment& r, V& v) {
  v.text(r.employeeId);
  v.text(r.rule);
  v.text(r.activityLabel);
  v.name(r.status, &parseEnrolmentStatus);
  v.text(r.inputHash);
  v.text(r.productsJson);
  v.text(r.message);
  v.integer(r.at);
}

inline constexpr const char* kRunProblemColumns = "run_id, item_key, message";
template <class V>
void visitRow(RunProblem& r, V& v) {
  v.integer(r.runId);
  v.text(r.key);
  v.text(r.message);
}

inline constexpr const char* kPoolRecordColumns =
    "run_id, at, rule, product, capacity, assigned, free, owned, wanted";
template <class V>
void visitRow(PoolRecord& r, V& v) {
  v.integer(r.runId);
  v.integer(r.at);
  v.text(r.counts.rule);
  v.flag(r.counts.product);
  v.integer(r.counts.capacity);
  v.integer(r.counts.assigned);
  v.integer(r.counts.free);
  v.integer(r.counts.owned);
  v.integer(r.counts.wanted);
}

inline constexpr const char* kItemPersonColumns =
    "item_key, account, hr_account, name, employee_id, source, run_id";
template <class V>
void visitRow(ItemPerson& r, V& v) {
  v.text(r.itemKey);
  v.text(r.account);
  v.text(r.hrAccount);
  v.text(r.name);
  v.text(r.employeeId);
  v.text(r.source);
  v.integer(r.runId);
}

inline constexpr const char* kReportSendColumns =
    "id, run_id, channel, at, state, reason, situation, why";
template <class V>
void visitRow(ReportSend& r, V& v) {
  v.integer(r.id);
  v.integer(r.runId);
  v.text(r.channel);
  v.integer(r.at);
  v.name(r.state, &parseReportSendState);
  v.text(r.reason);
  v.text(r.situation);
  v.text(r.why);
}

// Poco's TypeHandler for a record read with visitRow(); reading only (writes bind columns).
template <class Row>
class RowHandler {
 public:
  static std::size_t size() {
    static const std::size_t columns = [] {
      ColumnPreparer counter(0, Poco::Data::AbstractPreparator::Ptr());
      Row sample;
      visitRow(sample, counter);
      return counter.count();
    }();
    return columns;
  }
  static void prepare(std::size_t pos, const Row&, Poco::Data::AbstractPreparator::Ptr prep) {
    ColumnPreparer preparer(pos, prep);
    Row sample;
    visitRow(sample, preparer);
  }
  static void extract(std::size_t pos, Row& row, const Row&,
                      Poco::Data::AbstractExtractor::Ptr ext) {
    row = Row{};
    ColumnReader reader(pos, ext);
    visitRow(row, reader);
  }
};

}  // namespace membersync::state::detail

namespace Poco::Data {

// Poco looks these up by type (they must live in Poco::Data).
template <>
class TypeHandler<membersync::state::Link>
    : public membersync::state::detail::RowHandler<membersync::state::Link> {};
template <>
class TypeHandler<membersync::state::Absence>
    : public membersync::state::detail::RowHandler<membersync::state::Absence> {};
template <>
class TypeHandler<membersync::state::ItemRecord>
    : public membersync::state::detail::RowHandler<membersync::state::ItemRecord> {};
template <>
class TypeHandler<membersync::state::RunSummary>
    : public membersync::state::detail::RowHandler<membersync::state::RunSummary> {};
template <>
class TypeHandler<membersync::state::Step>
    : public membersync::state::detail::RowHandler<membersync::state::Step> {};
template <>
class TypeHandler<membersync::state::HeldItem>
    : public membersync::state::detail::RowHandler<membersync::state::HeldItem> {};
template <>
class TypeHandler<membersync::state::PendingPassword>
    : public membersync::state::detail::RowHandler<membersync::state::PendingPassword> {};
template <>
class TypeHandler<membersync::state::PasswordToHandOut>
    : public membersync::state::detail::RowHandler<membersync::state::PasswordToHandOut> {};

template <>
class TypeHandler<membersync::state::OwnedAsset>
    : public membersync::state::detail::RowHandler<membersync::state::OwnedAsset> {};
template <>
class TypeHandler<membersync::state::Lending>
    : public membersync::state::detail::RowHandler<membersync::state::Lending> {};
template <>
class TypeHandler<membersync::state::Enrolment>
    : public membersync::state::detail::RowHandler<membersync::state::Enrolment> {};
template <>
class TypeHandler<membersync::state::RunProblem>
    : public membersync::state::detail::RowHandler<membersync::state::RunProblem> {};
template <>
class TypeHandler<membersync::state::PoolRecord>
    : public membersync::state::detail::RowHandler<membersync::state::PoolRecord> {};
template <>
class TypeHandler<membersync::state::ItemPerson>
    : public membersync::state::detail::RowHandler<membersync::state::ItemPerson> {};
template <>
class TypeHandler<membersync::state::ReportSend>
    : public membersync::state::detail::RowHandler<membersync::state::ReportSend> {};

}  // namespace Poco::Data
