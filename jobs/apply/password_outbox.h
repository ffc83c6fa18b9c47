#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::apply {

// The password outbox: a CSV readable by its owner only (0600), with the columns
// account,password,created,status. Every generated password is appended with status `pending`
// and flushed to disk BEFORE the call that sets it is sent, so no password is lost if the run
// dies. Once the call's outcome is known a line without a password follows: `set` (the password
// is in force) or `void` (the call did not take effect: that password was never set). A `void`
// line cancels the password on the latest `pending` line before it for that account; the
// account's password is the newest one not cancelled. A call whose answer was lost stays
// `pending` until the next run settles it.
struct OutboxEntry {
  std::string account;
  Secret password;
  std::string createdIso8601;
};

enum class OutboxMark { Set, Void };

class PasswordOutbox {
 public:
  virtual ~PasswordOutbox() = default;
  // Appends the entries as `pending` and makes them durable (one fsync for the batch). Throws
  // std::runtime_error naming the file when it cannot; the caller must then not send any of
  // these passwords.
  virtual void append(const std::vector<OutboxEntry>& entries) = 0;
  // Appends one `set` or `void` line per account (one fsync). Throws std::runtime_error.
  virtual void mark(const std::vector<std::string>& accounts, OutboxMark mark,
                    const std::string& atIso8601) = 0;

  // For each of `accounts`, the password of its newest `pending` line that no `void` cancelled
  // (a `set` confirms it; it is still the one in force). Accounts with none are left out. Read
  // back when a call in doubt is re-sent: the same password, never a new one. Throws
  // std::runtime_error naming the file when it cannot be read.
  virtual std::map<std::string, Secret> pendingPasswords(const std::set<std::string>& accounts) = 0;

  void append(const std::string& account, const Secret& password, const std::string& created) {
    append(std::vector<OutboxEntry>{{account, password, created}});
  }
};

// The real outbox file. Creates it 0600 with a header line (and syncs its folder, so the new
// file itself survives a power loss); tightens a looser mode it finds. Thread-safe.
class FileOutbox final : public PasswordOutbox {
 public:
  explicit FileOutbox(std::string path);
  using PasswordOutbox::append;
  void append(const std::vector<OutboxEntry>& entries) override;
  void mark(const std::vector<std::string>& accounts, OutboxMark mark,
            const std::string& atIso8601) override;
  std::map<std::string, Secret> pendingPasswords(const std::set<std::string>& accounts) override;
  const std::string& path() const { return path_; }

 private:
  void write(const std::string& lines);

  std::string path_;
};

}  // namespace membersync::apply
