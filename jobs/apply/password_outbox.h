#pragma once

#include <string>
#include <vector>

#include "jobs/core/secret.h"

namespace membersync::apply {

// The password outbox: a CSV (account,password,created) readable by its owner only (0600), to
// which every generated password is appended and flushed to disk BEFORE the call that sets it is
// sent, so no password is lost if the run dies. The newest line for an account is the valid one.
struct OutboxEntry {
  std::string account;
  Secret password;
  std::string createdIso8601;
};

class PasswordOutbox {
 public:
  virtual ~PasswordOutbox() = default;
  // Appends the entries and makes them durable (one fsync for the batch). Throws
  // std::runtime_error naming the file when it cannot; the caller must then not send any of
  // these passwords.
  virtual void append(const std::vector<OutboxEntry>& entries) = 0;

  void append(const std::string& account, const Secret& password, const std::string& created) {
    append(std::vector<OutboxEntry>{{account, password, created}});
  }
};

// The real outbox file. Creates it 0600 with a header line; tightens a looser mode it finds.
// Thread-safe.
class FileOutbox final : public PasswordOutbox {
 public:
  explicit FileOutbox(std::string path);
  using PasswordOutbox::append;
  void append(const std::vector<OutboxEntry>& entries) override;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace membersync::apply
