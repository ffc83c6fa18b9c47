#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jobs/core/secret.h"
#include "jobs/deliver/outbox_lines.h"

namespace membersync::deliver {

// The password outbox: a CSV readable by its owner only (0600); its lines are described in
// outbox_lines.h. Every generated password is appended with status `pending` and flushed to disk
// BEFORE the call that sets it is sent, so no password is lost if the run dies. Once the call's
// outcome is known a line without a password follows: `set` (the password is in force) or
// `void` (the call did not take effect: that password was never set). A call whose answer was
// lost stays `pending` until the next run settles it. A password handed out (mailed, or marked
// by `membersync passwords --handed-out`) leaves the file: it is rewritten without it. What a
// crash or a full disk leaves (a torn last line, a line the state never recorded) the next run
// repairs where no call can be out for it (apply/outbox_repair.h).
struct OutboxEntry {
  std::string account;  // lower case, without the suffix: the state's key
  Secret password;
  std::string createdIso8601;
  std::string login;      // what the person types: the userName, suffix included
  std::string hrAccount;  // the account as HR spells it
  std::string name;
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
  // The password in force per account (see currentPasswords()), every account of the file.
  // Throws std::runtime_error naming the file when it cannot be read; lines it cannot parse are
  // skipped (read().problems names them).
  virtual std::map<std::string, CurrentPassword> current() = 0;
  // The confirmed password in force per account (see confirmedPasswords()): what is handed out.
  virtual std::map<std::string, CurrentPassword> confirmed() = 0;
  // Rewrites the file without any line of `accounts` whose password in force is confirmed (a
  // pending password is never removed), atomically: a new file beside it (<outbox>.rewrite,
  // removed first when a crash left one), with the old one's owner, group and mode 0600, synced,
  // renamed over it. Returns the accounts removed. Refuses (throws) when a line cannot be read.
  // Throws std::runtime_error naming the file.
  virtual std::set<std::string> remove(const std::set<std::string>& accounts) = 0;
  // The file's last line when a write cut short left it torn (see findTornLine()); nullopt when
  // there is none or no file. Throws std::runtime_error naming the file.
  virtual std::optional<TornLine> tornLine() = 0;
  // Rewrites the file without `torn`, as remove() does and leaving every other byte as it is,
  // when `torn` is still its torn last line; false, nothing changed, when it is not. Throws
  // std::runtime_error naming the file.
  virtual bool removeTornLine(const TornLine& torn) = 0;

  // For each of `accounts`, its password in force, confirmed or not. Read back when a call in
  // doubt is re-sent: the same password, never a new one. Accounts with none are left out.
  virtual std::map<std::string, Secret> pendingPasswords(const std::set<std::string>& accounts);
  // Those of `among` that confirmed() holds a password for, without any password: what a caller
  // that needs no password asks.
  virtual std::set<std::string> confirmedAccounts(const std::set<std::string>& among);
  // The accounts whose password in force (current()) is not confirmed yet.
  virtual std::set<std::string> unconfirmedAccounts();
  void append(const OutboxEntry& entry) { append(std::vector<OutboxEntry>{entry}); }
};

// The real outbox file. Creates it 0600 with a header line (and syncs its folder, so the new
// file itself survives a power loss); tightens a looser mode it finds. Thread-safe. Every read
// goes through the file line by line: it holds what it returns, never the file (a first sync
// of 400,000 people leaves as many lines).
class FileOutbox final : public PasswordOutbox {
 public:
  explicit FileOutbox(std::string path);
  using PasswordOutbox::append;
  void append(const std::vector<OutboxEntry>& entries) override;
  void mark(const std::vector<std::string>& accounts, OutboxMark mark,
            const std::string& atIso8601) override;
  std::map<std::string, CurrentPassword> current() override;
  std::map<std::string, CurrentPassword> confirmed() override;
  std::set<std::string> remove(const std::set<std::string>& accounts) override;
  std::optional<TornLine> tornLine() override;
  bool removeTornLine(const TornLine& torn) override;
  std::map<std::string, Secret> pendingPasswords(const std::set<std::string>& accounts) override;
  std::set<std::string> confirmedAccounts(const std::set<std::string>& among) override;
  std::set<std::string> unconfirmedAccounts() override;
  // The whole file parsed (nothing when it does not exist). Throws std::runtime_error.
  OutboxText read();
  const std::string& path() const { return path_; }

 private:
  void write(const std::string& lines);
  // Reads the file line by line, each valid line to `onLine` as it is read; returns the
  // problems (as parseOutbox()). Nothing when the file does not exist.
  std::vector<std::string> eachLineLocked(const std::function<void(OutboxLine&)>& onLine);
  // Every line folded (nullptr: every account); throws nothing for damaged lines.
  OpenPasswords foldLocked(OpenPasswords::Keep keep, const std::set<std::string>* among);
  std::optional<TornLine> tornLineLocked();
  void removeLeftoverRewrite();

  std::string path_;
};

}  // namespace membersync::deliver
