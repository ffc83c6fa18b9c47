// The outbox file: appends, the rewrite that hands passwords out, and its mode.

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "jobs/deliver/password_outbox.h"
#include "tests/support/temp_dir.h"

using namespace membersync::deliver;
using membersync::Secret;

namespace {

std::string contents(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("outbox: removing hands out confirmed passwords and keeps pending ones", "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  FileOutbox outbox(path);
  outbox.append({{"alice", Secret("Alice1234567"), "t1", "alice@acme", "alice", "Alice"},
                 {"bob", Secret("Bob123456789"), "t1", "bob@acme", "bob", "Bob"},
                 {"carol", Secret("Carol1234567"), "t1", "carol@acme", "carol", "Carol"}});
  outbox.mark({"alice", "bob"}, OutboxMark::Set, "t2");

  const auto removed = outbox.remove({"alice", "carol"});
  CHECK(removed == std::set<std::string>{"alice"});  // carol's password is not confirmed
  const auto current = outbox.current();
  CHECK(current.count("alice") == 0);
  CHECK(current.at("bob").confirmed);
  CHECK_FALSE(current.at("carol").confirmed);
  CHECK(contents(path).find("Alice1234567") == std::string::npos);
  CHECK(contents(path).rfind(kOutboxHeader, 0) == 0);

  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) (void)e, ++files;
  CHECK(files == 1);  // no new file left beside it
}

TEST_CASE("outbox: an old outbox without logins is read, appended to and rewritten",
          "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "old.csv").string();
  {
    std::ofstream out(path);
    out << "account,password,created,status\nold,Old123456789,t0,pending\nold,,t0,set\n";
  }
  ::chmod(path.c_str(), 0644);
  FileOutbox outbox(path);
  outbox.append({"new", Secret("New123456789"), "t1", "New@acme", "New", "新人"});
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);  // tightened before a password went in
  outbox.mark({"new"}, OutboxMark::Set, "t2");
  CHECK(outbox.remove({"old"}) == std::set<std::string>{"old"});
  const auto current = outbox.current();
  REQUIRE(current.count("new") == 1);
  CHECK(current.at("new").name == "新人");
  CHECK(current.at("new").login == "New@acme");
}

TEST_CASE("outbox: a missing outbox holds nothing and removing from it changes nothing",
          "[deliver]") {
  membersync::testing::TempDir dir;
  FileOutbox outbox((dir.path() / "none.csv").string());
  CHECK(outbox.current().empty());
  CHECK(outbox.remove({"alice"}).empty());
  CHECK_FALSE(std::filesystem::exists(dir.path() / "none.csv"));
}

TEST_CASE("outbox: a new file is 0600 with a header, lines appended in order", "[deliver]") {
  membersync::testing::TempDir dir;
  const auto path = (dir.path() / "new-passwords.csv").string();
  FileOutbox outbox(path);
  outbox.append({"zhangwei", Secret("Abc12345"), "2026-11-21T02:00:00Z", "ZhangWei@acme",
                 "ZhangWei", "张伟"});
  outbox.append({"lina", Secret("Xyz98765"), "2026-11-21T02:00:01Z", "lina@acme", "lina",
                 "Li, Na"});
  outbox.mark({"zhangwei"}, OutboxMark::Set, "t2");
  outbox.mark({"lina"}, OutboxMark::Void, "t3");
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(contents(path) ==
        "account,password,created,status,login,hr_account,name\n"
        "zhangwei,Abc12345,2026-11-21T02:00:00Z,pending,ZhangWei@acme,ZhangWei,张伟\n"
        "lina,Xyz98765,2026-11-21T02:00:01Z,pending,lina@acme,lina,\"Li, Na\"\n"
        "zhangwei,,t2,set,,,\n"
        "lina,,t3,void,,,\n");
}

TEST_CASE("outbox: an unwritable location is an error naming the file and the key",
          "[deliver]") {
  FileOutbox outbox("/nonexistent-dir/new-passwords.csv");
  CHECK_THROWS_WITH(outbox.append({"a", Secret("Abc12345"), "t", "", "", ""}),
                    Catch::Contains("/nonexistent-dir/new-passwords.csv") &&
                        Catch::Contains("password_outbox") && !Catch::Contains("Abc12345"));
}

TEST_CASE("outbox: a rewrite by root keeps the file's owner and group", "[deliver]") {
  if (::geteuid() != 0) return;  // only root can give a file away (CI runs as root)
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  FileOutbox outbox(path);
  outbox.append({{"a", Secret("Aaaa12345678"), "t", "", "", ""},
                 {"b", Secret("Bbbb12345678"), "t", "", "", ""}});
  outbox.mark({"a", "b"}, OutboxMark::Set, "t");
  REQUIRE(::chown(path.c_str(), 65534, 65534) == 0);  // the service's user, say
  CHECK(outbox.remove({"a"}) == std::set<std::string>{"a"});
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK(st.st_uid == 65534);
  CHECK(st.st_gid == 65534);
  CHECK((st.st_mode & 0777) == 0600);
}

TEST_CASE("outbox: a last line cut short does not swallow the next one, and blocks the rewrite",
          "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  {
    std::ofstream out(path);
    out << kOutboxHeader << "alice,PwA123456789,t1,pen";  // cut short, no newline
  }
  FileOutbox outbox(path);
  outbox.append({"bob", Secret("PwB123456789"), "t2", "", "", ""});
  outbox.mark({"bob"}, OutboxMark::Set, "t3");
  const auto text = outbox.read();
  REQUIRE(text.problems.size() == 1);
  CHECK(outbox.current().at("bob").confirmed);
  CHECK_THROWS_WITH(outbox.remove({"bob"}), Catch::Contains("line 2") &&
                                                Catch::Contains("nothing was removed"));
  CHECK(outbox.current().count("bob") == 1);
  CHECK(contents(path).find("PwA123456789") != std::string::npos);  // kept for a person to see
}

TEST_CASE("outbox: a rewrite cut short leaves no password behind for long", "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  FileOutbox outbox(path);
  outbox.append({"a", Secret("Aaaa12345678"), "t", "", "", ""});
  outbox.mark({"a"}, OutboxMark::Set, "t");
  {
    std::ofstream stale(path + ".rewrite");  // what a crash inside a rewrite leaves
    stale << kOutboxHeader << "b,Bbbb12345678,t,pending,,,\n";
  }
  CHECK(outbox.remove({"nobody"}).empty());  // nothing to rewrite, but the leftover goes
  CHECK_FALSE(std::filesystem::exists(path + ".rewrite"));
  CHECK(outbox.remove({"a"}) == std::set<std::string>{"a"});
  CHECK_FALSE(std::filesystem::exists(path + ".rewrite"));
}

TEST_CASE("outbox: a torn last line is removed by a rewrite that keeps every other byte",
          "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  const std::string before = std::string(kOutboxHeader) +
                             "alice,PwA123456789,t1,pending,,,\n"
                             "carol,PwC12\n"  // damaged in the middle: left for a person
                             "alice,,t2,set,,,\n";
  {
    std::ofstream out(path);
    out << before << "bob,PwB1234";  // a write cut short by a full disk
  }
  ::chmod(path.c_str(), 0644);
  FileOutbox outbox(path);
  const auto torn = outbox.tornLine();
  REQUIRE(torn);
  CHECK(torn->account == "bob");
  CHECK(outbox.removeTornLine(*torn));
  CHECK(contents(path) == before);
  CHECK_FALSE(outbox.tornLine());
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK_FALSE(std::filesystem::exists(path + ".rewrite"));
}

TEST_CASE("outbox: a torn line is not removed once it is no longer the last line", "[deliver]") {
  membersync::testing::TempDir dir;
  const std::string path = (dir.path() / "new-passwords.csv").string();
  {
    std::ofstream out(path);
    out << kOutboxHeader << "bob,PwB1234";
  }
  FileOutbox outbox(path);
  const auto torn = outbox.tornLine();
  REQUIRE(torn);
  outbox.append({"dave", Secret("PwD123456789"), "t3", "", "", ""});  // it now starts a new line
  const std::string after = contents(path);
  CHECK_FALSE(outbox.removeTornLine(*torn));
  CHECK(contents(path) == after);
}

TEST_CASE("outbox: a missing outbox has no torn line", "[deliver]") {
  membersync::testing::TempDir dir;
  FileOutbox outbox((dir.path() / "none.csv").string());
  CHECK_FALSE(outbox.tornLine());
}
