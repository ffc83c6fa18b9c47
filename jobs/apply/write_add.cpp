// Adds (A1), a chunk of up to 100 rows a journaled write. Each row's password is generated and
// appended, durably, to the outbox before anything is journaled or sent: a run that dies after
// sending never loses a password it set.

#include <algorithm>
#include <exception>
#include <optional>
#include <thread>

#include "jobs/apply/add_chunks.h"
#include "jobs/apply/call_gate.h"
#include "jobs/apply/parallel.h"
#include "jobs/apply/password.h"
#include "jobs/apply/ready_prefix.h"
#include "jobs/apply/systemic_refusal.h"
#include "jobs/apply/write_kinds.h"
#include "jobs/core/text.h"

namespace membersync::apply {
namespace {

using plan::Item;

center::NewMember newMember(PasswordGenerator& passwords, const Item& item) {
  center::NewMember m;
  m.account = item.account;
  m.password = passwords.next();
  m.name = item.name;
  m.departmentId = item.departmentId;
  m.remark = item.remark && !item.remark->empty() ? item.remark : std::nullopt;
  m.passwordMobile = item.mobile && !item.mobile->empty() ? item.mobile : std::nullopt;
  return m;
}

// Why an A1 is not sent once the run is stopping: not sent (cancelled) or to retry later.
std::optional<center::Error> withheldA1(ApplyRun& run) {
  if (!run.stopping()) return std::nullopt;
  center::Error e;
  e.endpoint = "A1 add members";
  e.kind = center::ErrorKind::RetryLater;
  if (run.cancelled()) e.code = kCancelled;
  e.message = run.notSentReason();
  return e;
}

// A1 for a batch of rows, through the phase's call slots, unless the run is stopping. A refusal
// of membersync's settings, whole or row by row (judgeRefusal), stops the run and becomes every
// row's: none is held as refused. The systemic-failure rule counts calls: one request is one
// call however many rows it carries (counting rows would let a single lost answer stop the
// run); a refused request, or the trial-member quota (60009), says nothing about the service's
// health.
center::Result<center::AddMembersResult> sendA1(const WriteTools& tools, ApplyRun& run,
                                                const std::vector<center::NewMember>& batch,
                                                CallGate& gate) {
  using AddResult = center::Result<center::AddMembersResult>;
  if (auto withheld = withheldA1(run)) return AddResult::failure(std::move(*withheld));
  auto result = tools.client.addMembers(batch, &gate);
  const bool mapsDepartments = tools.settings.policyMapsDepartments;
  if (auto systemic =
          judgeRefusal(refusalOf(batch, result, tools.settings.accountSuffix), mapsDepartments)) {
    run.stopForSettings(*systemic);
    if (result.failed()) return result;  // a whole-call refusal keeps the center's own error
    return AddResult::failure(systemic->asError("A1 add members"));
  }
  if (result.failed() && isRowCode(result.error().code, mapsDepartments)) {
    // A row's code (40009 among them while the policy maps departments): isolate the row.
    center::Error e = result.error();
    e.kind = center::ErrorKind::BadInput;
    result = AddResult::failure(std::move(e));
  }
  if (result.failed()) {
    const center::Error& e = result.error();
    run.noteCall(statusOf(e) == state::ItemStatus::Refused || e.code == "60009", &e);
  } else {
    run.noteCall(result.ok(), nullptr);  // a 60027 partial answer too: refused rows are the rows'
  }
  return result;
}

WriteOutcome outcomeOf(const AddOutcome& o) {
  switch (o.status) {
    case AddOutcome::Status::Created:
      return WriteOutcome::succeeded(o.member->globalId);
    case AddOutcome::Status::Refused:
      return WriteOutcome::failed(state::ItemStatus::Refused, o.code, o.message);
    case AddOutcome::Status::RetryLater:
      // Not sent because membersync is stopping: the next run sends it, without a delay.
      if (o.code == kCancelled) return WriteOutcome::notSent(o.code, o.message);
      return WriteOutcome::failed(state::ItemStatus::RetryLater, o.code, o.message);
    case AddOutcome::Status::Unknown:
      break;
  }
  return WriteOutcome::unknown(o.code, o.message);
}

// Tells the outbox's reader which passwords are in force and which were never set, before the
// journal records it: a run that dies in between leaves the step in doubt, and the next run
// settles it. A lost answer stays `pending` until the next run settles it.
void markOutbox(const WriteTools& tools, const std::vector<center::NewMember>& members,
                const std::vector<WriteOutcome>& outcomes) {
  std::vector<std::string> set, never;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const std::string account = lowerAscii(members[i].account);
    if (outcomes[i].kind == WriteOutcome::Kind::Succeeded) set.push_back(account);
    if (outcomes[i].kind == WriteOutcome::Kind::Failed ||
        outcomes[i].kind == WriteOutcome::Kind::NotSent) {
      never.push_back(account);
    }
  }
  tools.outbox.mark(set, deliver::OutboxMark::Set, isoUtc(tools.clock.wallNow()));
  tools.outbox.mark(never, deliver::OutboxMark::Void, isoUtc(tools.clock.wallNow()));
}

// One chunk's rows with their passwords.
struct Chunk {
  Items items;
  std::vector<center::NewMember> members;
  std::vector<WriteStep> batch;
};

// The phase's chunks, every password made (on the calling thread: the RandomSource is shared
// with the client, which draws nonces from it while the calls go).
std::vector<Chunk> chunksOf(const WriteTools& tools, const Items& adds) {
  const std::size_t size = std::max<std::size_t>(1, tools.settings.addChunk);
  PasswordGenerator passwords(tools.random, tools.settings.passwordLength, adds.size());
  std::vector<Chunk> chunks;
  for (std::size_t start = 0; start < adds.size(); start += size) {
    Chunk chunk;
    for (std::size_t i = start; i < std::min(adds.size(), start + size); ++i) {
      const Item* item = adds[i];
      chunk.items.push_back(item);
      chunk.members.push_back(newMember(passwords, *item));
      chunk.batch.push_back(
          {{item->key, "add", lowerAscii(item->account), item->employeeId, "", item->name}, item});
    }
    chunks.push_back(std::move(chunk));
  }
  return chunks;
}

// The passwords of chunks [from, to) to the outbox, durably (one append, one fsync), then
// recorded as owed (one transaction), before any of their adds is journaled or sent. A run killed
// between the two leaves lines the state never recorded, whose adds were never sent: the next run
// voids them, and removes a last line the kill or a full disk cut short (outbox_repair.h); once
// recorded, settling voids those whose add never took effect. False, with the run stopped, when
// the outbox cannot be written: none of these chunks may then be sent.
bool writePasswords(const WriteTools& tools, ApplyRun& run, const std::vector<Chunk>& chunks,
                    std::size_t from, std::size_t to, const std::string& createdAt) {
  std::vector<deliver::OutboxEntry> entries;
  std::vector<std::string> accounts;
  for (std::size_t c = from; c < to; ++c) {
    for (std::size_t i = 0; i < chunks[c].items.size(); ++i) {
      const Item& item = *chunks[c].items[i];
      const std::string& account = chunks[c].batch[i].info.account;
      entries.push_back({account, chunks[c].members[i].password, createdAt,
                         item.account + tools.settings.accountSuffix, item.account, item.name});
      accounts.push_back(account);
    }
  }
  try {
    tools.outbox.append(entries);
  } catch (const std::exception& e) {
    run.stop(std::string(e.what()) + "; no member is added without its password");
    return false;
  }
  tools.store.passwordsGenerated(accounts, run.run);
  return true;
}

// Writes the passwords in batches ahead of the calls, publishing each batch's chunks once it is
// durable: first one chunk per call slot (all the first calls wait for), then each batch twice
// the one before, written while the earlier batches' calls are out. Ends at the first batch that
// cannot be written, when the run stops, or once the phase is abandoned (a worker failed and
// finished `ready`): what is not written is not sent.
void writeAhead(const WriteTools& tools, ApplyRun& run, const std::vector<Chunk>& chunks,
                std::size_t firstBatch, ReadyPrefix& ready) {
  const std::string createdAt = isoUtc(tools.clock.wallNow());
  publishInBatches(
      ready, chunks.size(), firstBatch,
      [&](std::size_t from, std::size_t to) {
        return writePasswords(tools, run, chunks, from, to, createdAt);
      },
      [&run] { return run.stopping(); });
}

// A chunk whose passwords are written is always handed to runJournaled: when the run is
// stopping, sendA1 sends nothing and its rows are journaled as not sent, their passwords voided.
void addChunk(const WriteTools& tools, ApplyRun& run, const Chunk& chunk, CallGate& gate) {
  WriteHooks hooks;
  hooks.answered = [&](const std::vector<WriteOutcome>& o) { markOutbox(tools, chunk.members, o); };
  hooks.recorded = [&](const std::vector<WriteOutcome>& outcomes) {
    std::vector<state::Link> links;
    std::vector<std::string> confirmed;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      const WriteOutcome& o = outcomes[i];
      const std::string& account = chunk.batch[i].info.account;
      if (o.kind == WriteOutcome::Kind::Succeeded) {
        // With the journal's success: a crash between them would make the next run adopt the
        // member as not membersync's and reset its password for nothing.
        links.push_back({chunk.items[i]->employeeId, account, o.globalId, true, 0});
        confirmed.push_back(account);
      } else if (o.kind != WriteOutcome::Kind::Unknown) {
        tools.store.passwordVoided(account);  // never set: the password is owed to no one
      }
    }
    tools.store.saveLinks(links);
    tools.store.passwordsConfirmed(confirmed);
  };
  auto send = [&](const std::vector<state::StepId>&) {
    const auto added =
        addInChunks(chunk.members, chunk.members.size(), 1, tools.settings.accountSuffix,
                    [&](const auto& rows) { return sendA1(tools, run, rows, gate); });
    std::vector<WriteOutcome> outcomes;
    for (const auto& o : added) outcomes.push_back(outcomeOf(o));
    return outcomes;
  };
  runJournaled(tools.store, run.run, chunk.batch, send, hooks, &run);
  for (std::size_t i = 0; i < chunk.items.size(); ++i) tools.progress.advance();
}

}  // namespace

void applyAdds(const WriteTools& tools, ApplyRun& run, const Items& adds) {
  if (adds.empty() || run.stopping()) return;
  tools.progress.phase("adds", adds.size());
  const std::vector<Chunk> chunks = chunksOf(tools, adds);
  const int slots = std::max(1, tools.settings.workers);
  ReadyPrefix ready;
  std::exception_ptr writeFailure;  // the state database's, while recording passwords as owed
  std::thread writer([&] {
    try {
      writeAhead(tools, run, chunks, static_cast<std::size_t>(slots), ready);
    } catch (...) {
      writeFailure = std::current_exception();
    }
    ready.finish();
  });
  // Twice as many threads as calls in flight: a chunk's journal is written while others' calls
  // hold the slots. With one call at a time, one thread: the chunks then go in the export's
  // order, which two threads racing for the one slot would not keep. A chunk whose passwords
  // were never written is not sent at all.
  CallGate gate(slots, [&run] { return withheldA1(run); });
  try {
    parallelFor(chunks.size(), slots == 1 ? 1 : 2 * slots, [&](std::size_t c) {
      try {
        if (ready.waitFor(c)) addChunk(tools, run, chunks[c], gate);
      } catch (...) {
        // The phase fails: no chunk waits for passwords any more, and none are written after the
        // batch under way (the writer checks before each).
        ready.finish();
        throw;
      }
    });
  } catch (...) {
    writer.join();
    throw;
  }
  writer.join();
  if (writeFailure) std::rethrow_exception(writeFailure);
  tools.progress.endPhase();
}

}  // namespace membersync::apply
