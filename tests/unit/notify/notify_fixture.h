#pragma once

// What the notify tests share: an Attention built item by item, and the facts of a run.

#include <string>

#include "jobs/notify/report_content.h"
#include "jobs/report/attention.h"

namespace membersync::notify::testing {

using report::AttentionItem;
using report::AttentionKind;

inline AttentionItem item(AttentionKind kind, const std::string& key, const std::string& account,
                          const std::string& name, const std::string& reason = "",
                          const std::string& command = "") {
  AttentionItem i;
  i.kind = kind;
  i.key = key;
  i.account = account;
  i.name = name;
  i.reason = membersync::i18n::verbatim(reason);
  i.command = membersync::i18n::verbatim(command);
  return i;
}

// Two held withdrawals of run 21 (one reason, one command) and one invalid row.
inline report::Attention heldAndInvalid() {
  report::Attention a;
  a.items.push_back(item(AttentionKind::Held, "withdraw:G1", "zhangsan", "张三",
                         "the guard held 2 of 40 withdrawals", "membersync allow 21"));
  a.items.push_back(item(AttentionKind::Held, "withdraw:G2", "lisi", "李四",
                         "the guard held 2 of 40 withdrawals", "membersync allow 21"));
  AttentionItem row =
      item(AttentionKind::InvalidRow, "line:14", "", "王五",
           "mobile '138-0013' is not a mobile number", "fix line 14 of hr-export.csv");
  row.source = "hr-export.csv:14";
  a.items.push_back(row);
  return a;
}

// `n` items of `kind` with Chinese names, each its own reason.
inline report::Attention many(AttentionKind kind, int n) {
  report::Attention a;
  for (int i = 0; i < n; ++i) {
    const std::string k = std::to_string(i);
    a.items.push_back(item(kind, "refused:E" + k, "user" + k, "欧阳明月" + k,
                           "中心拒绝了这一行：部门不存在 " + k, "membersync explain user" + k));
  }
  return a;
}

// `perKind` items of every kind, each with its own long reason (about 280 bytes of Chinese):
// more than any robot's limit holds when all are shown.
inline report::Attention everyKind(int perKind) {
  report::Attention a;
  std::string longReason;
  for (int i = 0; i < 30; ++i) longReason += "部门不存在";
  for (const AttentionKind kind : report::kAttentionKinds) {
    for (int i = 0; i < perKind; ++i) {
      const std::string k = std::to_string(static_cast<int>(kind)) + "-" + std::to_string(i);
      a.items.push_back(item(kind, "k" + k, "user" + k, "欧阳明月" + k, longReason + k,
                             "membersync explain user" + k));
    }
  }
  return a;
}

inline RunFacts facts(const std::string& outcome = "partly-failed") {
  RunFacts f;
  f.enterprise = "acme";
  f.run = 21;
  f.outcome = outcome;
  f.counts.added = 3;
  f.counts.held = 2;
  f.configPath = "/etc/membersync/membersync.ini";
  f.defaultConfig = true;
  return f;
}

}  // namespace membersync::notify::testing
