#include "tests/integration/sync/sync_fixture.h"

#include <Poco/Base64Encoder.h>
#include <Poco/DigestEngine.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/SHA2Engine.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

namespace membersync::testing {
namespace {

const char* const kSurnames[] = {"王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"};
const char* const kGiven[] = {"伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋"};
const char* const kGiven2[] = {"华", "明", "玲", "杰", "涛", "艳", "勇", "霞", "斌", "琳"};
const char* const kDepartments[] = {"ENG", "DESIGN", "SALES", "OPS"};

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Poco::JSON::Object::Ptr parseObject(const std::string& text) {
  Poco::JSON::Parser parser;
  return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

Person staffMember(int n) {
  char id[16];
  std::snprintf(id, sizeof id, "%04d", n);
  Person p;
  p.employeeId = std::string("E") + id;
  p.account = std::string("staff") + id;
  p.name = std::string(kSurnames[n % 10]) + kGiven[(n / 10) % 10] + kGiven2[(n / 100) % 10];
  p.department = kDepartments[n % 4];
  return p;
}

std::vector<Person> staff(int count, int first) {
  std::vector<Person> out;
  for (int n = first; n < first + count; ++n) out.push_back(staffMember(n));
  return out;
}

std::string toCsv(const std::vector<Person>& people) {
  const bool mobiles = std::any_of(people.begin(), people.end(),
                                   [](const Person& p) { return !p.mobile.empty(); });
  const bool emails = std::any_of(people.begin(), people.end(),
                                  [](const Person& p) { return !p.email.empty(); });
  std::string out = std::string("employee_id,account,name,department,remark,status") +
                    (mobiles ? ",mobile" : "") + (emails ? ",email" : "") + "\n";
  for (const auto& p : people) {
    out += csvField(p.employeeId) + "," + csvField(p.account) + "," + csvField(p.name) + "," +
           csvField(p.department) + "," + csvField(p.remark) + "," + csvField(p.status) +
           (mobiles ? "," + csvField(p.mobile) : "") + (emails ? "," + csvField(p.email) : "") +
           "\n";
  }
  return out;
}

SyncFixture::SyncFixture(const EmulatorProcess& emulator, SyncOptions options)
    : emulator_(emulator) {
  dir_.write("secrets/client", kClientSecret + "\n");
  dir_.write("secrets/admin", kAdminSecret + "\n");
  configure(options);
}

void SyncFixture::configure(const SyncOptions& o) {
  dir_.write("policy.json", "{\"departments\": " + o.departments + o.policyExtra + "}\n");
  std::ostringstream ini;
  ini << "[center]\n"
      << "base_url = " << emulator_.baseUrl() << "\n"
      << "token_url = " << emulator_.tokenUrl() << "\n"
      << "enterprise_global_id = ENT-ACME-0001\n"
      << "enterprise_code = acme\n"
      << "client_id = membersync-demo\n"
      << "client_secret_file = secrets/client\n"
      << "admin_user = admin@acme\n"
      << "admin_password_file = secrets/admin\n"
      << o.centerExtra << "[directory]\n"
      << (o.directory.empty() ? "path = hr.csv\n" : o.directory)
      << "[policy]\n"
      << "path = policy.json\n"
      << "[sync]\n"
      << "departed = " << o.departed << "\n"
      << "grace_runs = " << o.graceRuns << "\n"
      << "grace_hours = " << o.graceHours << "\n"
      << "delete_after_days = " << o.deleteAfterDays << "\n"
      << "max_deletes = " << o.maxDeletes << "\n"
      << "max_delete_percent = " << number(o.maxDeletePercent) << "\n"
      << "delete_floor = " << o.deleteFloor << "\n"
      << "min_export_ratio = " << number(o.minExportRatio) << "\n"
      << "orphans = " << o.orphans << "\n"
      << o.extra;
  dir_.write("membersync.ini", ini.str());
}

void SyncFixture::writeHr(const std::vector<Person>& people) {
  dir_.write("hr.csv", toCsv(people));
}

std::vector<std::string> SyncFixture::commandLine(const std::vector<std::string>& args) const {
  std::vector<std::string> all{"--config", configPath().string()};
  all.insert(all.end(), args.begin(), args.end());
  return all;
}

CommandResult SyncFixture::run(const std::vector<std::string>& args) {
  CommandResult r = runCommand(membersyncExecutable(), commandLine(args));
  keep(r);
  return r;
}

void SyncFixture::keep(const CommandResult& r) {
  outputs_.push_back(r);
}

void SyncFixture::keepText(const std::string& what, const std::string& text) {
  texts_.emplace_back(what, text);
}

void SyncFixture::addSecret(const std::string& secret) {
  secrets_.push_back(secret);
}

void SyncFixture::writeFile(const std::string& name, const std::string& content) {
  dir_.write(name, content);
}

// The outbox: account,password,created,status,login,hr_account,name (the staff's names hold no
// comma, so no field is quoted). A `pending` line carries a password; a later
// `set` line (no password) confirms it, a `void` line cancels the latest pending one before it.
std::map<std::string, OutboxPassword> SyncFixture::outbox() const {
  std::map<std::string, std::vector<std::string>> pending;
  std::map<std::string, OutboxPassword> out;
  std::istringstream in(readFile(outboxPath()));
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::size_t from = 0;
    for (std::size_t comma; (comma = line.find(',', from)) != std::string::npos; from = comma + 1) {
      f.push_back(line.substr(from, comma - from));
    }
    f.push_back(line.substr(from));
    if (f.size() != 7) {  // account,password,created,status,login,hr_account,name
      FAIL_CHECK("outbox line with " << f.size() << " fields");
      continue;
    }
    auto& stack = pending[f[0]];
    auto& account = out[f[0]];
    ++account.lines;
    if (f[3] == "pending") {
      stack.push_back(f[1]);
      account.confirmed = false;
    } else if (f[3] == "set") {
      account.confirmed = true;
    } else if (f[3] == "void") {
      if (!stack.empty()) stack.pop_back();
      account.confirmed = false;
    } else {
      FAIL_CHECK("outbox status " << f[3]);
    }
    account.password = stack.empty() ? "" : stack.back();
  }
  return out;
}

std::vector<std::string> SyncFixture::allOutboxPasswords() const {
  std::vector<std::string> out;
  std::istringstream in(readFile(outboxPath()));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const auto a = line.find(',');
    const auto b = line.find(',', a + 1);
    if (a != std::string::npos && b != std::string::npos && b > a + 1) {
      out.push_back(line.substr(a + 1, b - a - 1));
    }
  }
  return out;
}

namespace {

void appendHex4(std::string& out, unsigned cp, bool upper) {
  const char* hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 0xF];
}

// JSON string contents; `unicode` writes two-byte UTF-8 characters as \uXXXX (longer ones stay
// raw: the secrets of these tests have none).
std::string jsonEscaped(const std::string& text, bool slash, bool unicode, bool upper) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool twoByte = (c & 0xE0) == 0xC0 && i + 1 < text.size();
    if (c == '"' || c == '\\' || (c == '/' && slash)) {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      appendHex4(out, c, upper);
    } else if (unicode && twoByte) {
      const unsigned next = static_cast<unsigned char>(text[++i]);
      appendHex4(out, ((c & 0x1Fu) << 6) | (next & 0x3Fu), upper);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string percentEncoded(const std::string& text, bool plus, bool upper) {
  const char* hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || ch == '-' || ch == '.' || ch == '_' || ch == '~') {
      out += ch;
    } else if (ch == ' ' && plus) {
      out += '+';
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 0xF];
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> encodedForms(const std::string& secret) {
  std::vector<std::string> out{secret};
  for (int bits = 0; bits < 8; ++bits)
    out.push_back(jsonEscaped(secret, bits & 1, bits & 2, bits & 4));
  for (int bits = 0; bits < 4; ++bits) out.push_back(percentEncoded(secret, bits & 1, bits & 2));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string basicCredentials(const std::string& id, const std::string& secret) {
  std::ostringstream out;
  Poco::Base64Encoder encoder(out);
  encoder.rdbuf()->setLineLength(0);
  encoder << id << ':' << secret;
  encoder.close();
  return out.str();
}

// Where a secret was found, for the failure message (never the secret itself).
struct Leaks {
  int count = 0;
  void scan(const std::vector<std::string>& forms, const std::string& where,
            const std::string& text, std::size_t secretSize) {
    for (const auto& form : forms) {
      if (text.find(form) == std::string::npos) continue;
      ++count;
      UNSCOPED_INFO("a secret of " << secretSize << " characters appears in " << where);
      return;
    }
  }
};

void SyncFixture::checkNoSecretLeaked() const {
  std::vector<std::pair<std::string, std::string>> places = texts_;
  for (const auto& r : outputs_) {
    places.emplace_back("the output", r.out);
    places.emplace_back("the output", r.err);
  }
  std::string database;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    const auto p = dir() / (std::string("membersync.db") + suffix);
    if (std::filesystem::exists(p)) database += readFile(p);
  }
  REQUIRE_FALSE(database.empty());
  places.emplace_back("the state database", database);

  auto scan = [&places](const std::vector<std::string>& secrets, Leaks& leaks) {
    for (const auto& secret : secrets) {
      const auto forms = encodedForms(secret);
      for (const auto& [where, text] : places) leaks.scan(forms, where, text, secret.size());
    }
  };
  std::string basic = basicCredentials("membersync-demo", kClientSecret);
  while (!basic.empty() && basic.back() == '=') basic.pop_back();  // found padded or not
  std::vector<std::string> configured{kClientSecret, kAdminSecret, basic};
  configured.insert(configured.end(), secrets_.begin(), secrets_.end());
  Leaks configuredLeaks;
  scan(configured, configuredLeaks);
  CHECK(configuredLeaks.count == 0);

  // Every password ever written to the outbox, not only the one in force: each joined the
  // scrubber when the client sent it (CallSpec::secrets).
  Leaks passwordLeaks;
  scan(allOutboxPasswords(), passwordLeaks);
  CHECK(passwordLeaks.count == 0);
}

std::vector<CenterMember> centerMembers(const EmulatorProcess& emulator) {
  std::vector<CenterMember> out;
  auto state = parseObject(emulator.state());
  auto members = state->getArray("members");
  for (std::size_t i = 0; i < members->size(); ++i) {
    auto m = members->getObject(static_cast<unsigned>(i));
    CenterMember c;
    c.globalId = m->getValue<std::string>("globalId");
    std::string user = m->getValue<std::string>("userName");
    for (char& ch : user) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const std::string suffix = "@acme";
    if (user.size() > suffix.size() &&
        user.compare(user.size() - suffix.size(), suffix.size(), suffix) == 0) {
      user.resize(user.size() - suffix.size());
    }
    c.account = user;
    c.name = m->getValue<std::string>("name");
    if (!m->isNull("departmentId")) c.departmentId = m->getValue<long long>("departmentId");
    if (m->has("remark") && !m->isNull("remark")) c.remark = m->getValue<std::string>("remark");
    if (m->has("passwordMobile") && !m->isNull("passwordMobile"))
      c.passwordMobile = m->getValue<std::string>("passwordMobile");
    c.deleted = m->getValue<bool>("deleted");
    if (m->has("passwordSha256") && !m->isNull("passwordSha256")) {
      c.passwordSha256 = m->getValue<std::string>("passwordSha256");
    }
    out.push_back(c);
  }
  return out;
}

std::map<std::string, CenterMember> liveMembersByAccount(const EmulatorProcess& emulator) {
  std::map<std::string, CenterMember> out;
  for (const auto& m : centerMembers(emulator)) {
    if (m.deleted) continue;
    INFO("account " << m.account);
    CHECK(out.count(m.account) == 0);  // every account is live at most once
    out[m.account] = m;
  }
  return out;
}

int Stats::calls(const std::string& endpoint) const {
  auto it = endpoints.find(endpoint);
  return it == endpoints.end() ? 0 : it->second.first;
}

int Stats::outcome(const std::string& endpoint, const std::string& outcome) const {
  auto it = endpoints.find(endpoint);
  if (it == endpoints.end()) return 0;
  auto o = it->second.second.find(outcome);
  return o == it->second.second.end() ? 0 : o->second;
}

Stats stats(const EmulatorProcess& emulator) {
  Stats s;
  auto root = parseObject(emulator.stats());
  s.writes = root->getObject("totals")->getValue<int>("writes");
  auto endpoints = root->getObject("endpoints");
  for (const auto& name : endpoints->getNames()) {
    auto e = endpoints->getObject(name);
    auto& entry = s.endpoints[name];
    entry.first = e->getValue<int>("calls");
    auto outcomes = e->getObject("outcomes");
    for (const auto& o : outcomes->getNames()) entry.second[o] = outcomes->getValue<int>(o);
  }
  return s;
}

std::string sha256Hex(const std::string& text) {
  Poco::SHA2Engine engine(Poco::SHA2Engine::SHA_256);
  engine.update(text);
  return Poco::DigestEngine::digestToHex(engine.digest());
}

std::vector<Person> renamedAll(std::vector<Person> people, const std::string& prefix) {
  for (auto& p : people) p.name = prefix + p.account;
  return people;
}

void checkEndState(const EmulatorProcess& emulator, const SyncFixture& f,
                   const std::vector<Person>& people) {
  const auto live = liveMembersByAccount(emulator);
  const auto passwords = f.outbox();
  std::string missing, wrongFields, wrongPassword;  // the accounts, for the failure message
  for (const auto& p : people) {
    auto m = live.find(p.account);
    if (m == live.end()) {
      missing += " " + p.account;
      continue;
    }
    if (m->second.name != p.name || m->second.departmentId != kDepartmentIds.at(p.department)) {
      wrongFields += " " + p.account;
    }
    auto pw = passwords.find(p.account);
    if (pw == passwords.end()) {
      wrongPassword += " " + p.account + " (no line)";
    } else if (!pw->second.confirmed) {
      wrongPassword += " " + p.account + " (not confirmed)";
    } else if (sha256Hex(pw->second.password) != m->second.passwordSha256) {
      wrongPassword += " " + p.account + " (another password in force)";
    }
  }
  CHECK(missing == "");
  CHECK(wrongFields == "");
  CHECK(wrongPassword == "");
  // Nothing else was created: the demo fixture's six live members plus the HR people.
  CHECK(live.size() == people.size() + 6);
}

std::string tail(const std::string& text, std::size_t n) {
  return text.size() <= n ? text : "..." + text.substr(text.size() - n);
}

}  // namespace membersync::testing
