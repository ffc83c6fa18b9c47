#pragma once

#include <iosfwd>

#include "jobs/report/status_text.h"

namespace membersync::report {

// `status --format json`: what `status` shows, for monitoring. One object, its fields stable
// within a `version` (new fields may be added; none is renamed or removed without a new version);
// times are UTC, ISO 8601 ("2026-01-01T00:00:00Z"), or null; the schema is
// in docs/status-json.md.
//   format, version     "membersync-status", 1
//   database            the state database's path
//   verdict             "done", "left-to-do" or "failing" (exit 0, 3 or 1, as for text)
//   runs[]              the last runs, newest first: id, kind, startedAt, finishedAt (null while
//                       running or cut off), outcome, message, exportRows, counts{added, edited,
//                       deleted, withdrawn, adopted, held, failed, unknown, assigned, lent,
//                       enrolled}
//   itemsNotDone[]      key, status (retry-later, refused, unknown), attempts, nextAttemptAt,
//                       code, message, updatedAt
//   held[]              what the newest run's guards held: runId, key, reason, heldAt,
//                       releasedAt, consumedAt
//   inDoubt[]           journal steps sent with no outcome known: step, runId, kind, itemKey,
//                       account, state (sent, unknown), sentAt, message
//   enrolmentsNotDone[] employeeId, rule, activityLabel, status, message, at
//   passwordsUnconfirmed[]  account, runId, generatedAt (never the password)
//   passwordsToHandOut[]    account, runId, confirmedAt, mail (none, retry, refused, sending,
//                       in-doubt, manual), attempts, nextAttemptAt, mailTo
//   problems[]          what the last finished run reported: runId, key, message
void writeStatusJson(std::ostream& os, const StatusInputs& in);

}  // namespace membersync::report
