#pragma once

#include <set>
#include <string>
#include <vector>

#include "jobs/core/sha256.h"
#include "jobs/directory/person.h"
#include "jobs/directory/source_table.h"

namespace membersync::directory {

// The content hash of an export: what grace_runs counts as one export, and what the export of a
// saved plan must still be when it is applied. It is taken over the rows as the planner reads
// them, not over the file: the same rows saved again with a BOM, other line endings, other
// quoting or the columns in another order are the same export, and so are the same rows in
// another order (a re-sorted export plans the same). What counts, for every row, valid or not:
// the seven fields (an optional field's absence too), whether the person is active, the
// attributes the run reads (`readAttributes`: the policy's `when` keys, lock_from and
// identity_from, the mail column) and what makes the row invalid, so a row mended is a new
// export. What does not: where a row is (line, position in a JSON array, DN) and the columns
// nothing reads. Cheap for large exports: one digest a row, sorted, no row copied.
class ExportHash {
 public:
  // `fieldColumns`: the source columns that hold a field (FieldColumns::mapped).
  ExportHash(const std::vector<std::string>& readAttributes, std::set<std::string> fieldColumns);

  // One row as mapped, from `source`. `issues`: what is wrong with the row itself, but not that
  // its keys repeat another row's (that follows from the other rows, and names their lines).
  void addRow(const Person& row, const SourceRow& source, const std::vector<std::string>& issues);

  // SHA-256, lower-case hex, over the rows' digests in sorted order.
  std::string hex();

 private:
  std::set<std::string> read_;
  std::set<std::string> fieldColumns_;
  std::string buffer_;  // one row's pieces, reused
  Sha256 digest_;
  std::vector<Sha256::Digest> rows_;
};

}  // namespace membersync::directory
