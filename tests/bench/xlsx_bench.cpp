// Reads a workbook of ROWS people (format = xlsx) with readExport and prints the time and the
// peak RSS of the read: the sheet is streamed (SAX), so memory grows with the people kept and the
// shared strings, not with the sheet's XML. The workbook is written first (tests/support's
// writer); resetPeakRss() then makes the peak that of the read alone.
//   xlsx_bench [--rows 100000]
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "jobs/directory/reader.h"
#include "tests/bench/bench_support.h"
#include "tests/support/temp_dir.h"
#include "tests/support/xlsx_writer.h"

using namespace membersync;
using namespace membersync::testing;

namespace {

std::string workbook(int rows) {
  XlsxBook book;
  const char* surnames[] = {"王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"};
  for (int i = 0; i < 10; ++i) book.shared.push_back(std::string("部门") + surnames[i]);
  std::string xml = row(1, inlineCell("A1", "employee_id") + inlineCell("B1", "account") +
                               inlineCell("C1", "name") + inlineCell("D1", "department") +
                               inlineCell("E1", "mobile"));
  for (int r = 2; r <= rows + 1; ++r) {
    const std::string n = std::to_string(r);
    xml +=
        row(r, numberCell("A" + n, std::to_string(100000 + r)) + inlineCell("B" + n, "user" + n) +
                   inlineCell("C" + n, std::string(surnames[r % 10]) + "员工" + n) +
                   sharedCell("D" + n, r % 10) +
                   numberCell("E" + n, std::to_string(13800000000LL + r)));
  }
  book.sheets.push_back({"员工", xml, ""});
  return xlsxBytes(book);
}

}  // namespace

int main(int argc, char** argv) {
  bench::printMachine();
  int rows = 100000;
  bench::parseIntFlags(argc, argv, {{"rows", &rows}});
  TempDir dir;
  directory::DirectorySettings cfg;
  cfg.format = directory::ExportFormat::Xlsx;
  for (const std::string& field : directory::DirectorySettings::fields())
    cfg.columns[field] = field;
  {
    const std::string bytes = workbook(rows);
    cfg.path = dir.write("hr.xlsx", bytes).string();
    std::printf("workbook: %d rows, %.1f MiB on disk\n", rows, bytes.size() / 1048576.0);
  }
  const bool reset = bench::resetPeakRss();
  const auto start = std::chrono::steady_clock::now();
  const directory::Export hr = directory::readExport(cfg, "@acme");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("readExport: %zu people, %zu problems in %.2f s (%.0f rows/s)\n", hr.people.size(),
              hr.problems.size(), seconds, rows / seconds);
  std::printf("peak RSS%s: %.1f MiB\n", reset ? " of the read" : " (writing included)",
              bench::peakRssKb() / 1024.0);
  return 0;
}
