#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "config/config.h"
#include "jobs/core/clock.h"
#include "jobs/i18n/message.h"
#include "jobs/state/store.h"

namespace membersync::cli {

// Who releases: the console's signed-in user and the client's address, or on the command line
// $SUDO_USER (else the uid's name) and no address.
struct Actor {
  std::string name;
  std::string address;
};

// $SUDO_USER when set (a person behind sudo), else the name of the process's uid.
Actor commandLineActor();

// What releasing a run's holds came to: the one result `membersync allow RUN` prints and the
// console's Approve shows.
struct ApproveResult {
  enum class Outcome {
    Released,     // held items or enrolments in doubt released (see the counts)
    NothingHeld,  // the run held nothing back and left no enrolment in doubt
    NoSuchRun,    // never run, or purged
    Busy,         // a run holds the state now: `holder` says which; try again
  };
  Outcome outcome = Outcome::NothingHeld;
  long long run = 0;
  int released = 0;                     // held items released now
  std::vector<std::string> heldKeys;    // every item the run held
  std::vector<std::string> enrolments;  // enrolments in doubt released for one more attempt
  std::string carriesOut;               // "the next sync", or the revert command
  std::string holder;                   // Busy: "membersync sync (pid 1234) holds ... since ..."
};

// "released 3 of 3 held item(s) and 0 enrolment(s) in doubt": the audit's words for it, kept
// untranslated (the audit stores it with encodeMessage), so the console shows it in the reader's
// language. (Inline: the console's library uses it without linking the command line's.)
inline i18n::Message approveMessage(const ApproveResult& r) {
  return i18n::msgn("released {released} of {count} held item(s) and {enrolments}",
                    "released {released} of {count} held item(s) and {enrolments}",
                    r.heldKeys.size())
      .with("released", r.released)
      .with("enrolments", i18n::msgn("{count} enrolment(s) in doubt",
                                     "{count} enrolment(s) in doubt", r.enrolments.size()));
}
// In English: for the log.
inline std::string approveDetail(const ApproveResult& r) {
  return i18n::english(approveMessage(r));
}

// Releases what a guard held back in `run`, and its enrolments in doubt, as `allow` always did,
// and records the approval in the audit. The caller holds the state lock.
ApproveResult approveHeldRun(state::StateStore& store, long long run, const Actor& actor);

// The same for a process that does not hold the state lock (the console): tries the lock without
// waiting; when a run holds it, answers Busy naming the holder and changes nothing. Opens the
// configuration's state database for writing. Throws state::StateError as the store does.
ApproveResult approveRun(const config::Config& config, long long run, const Actor& actor,
                         Clock& clock);

}  // namespace membersync::cli
