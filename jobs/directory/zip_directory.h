#pragma once

#include <cstdint>
#include <istream>
#include <map>
#include <stdexcept>
#include <string>

// A zip archive's central directory, read from its end as the format intends, so that each part
// of a workbook is found by name and read from its own local header. Poco's ZipArchive walks the
// archive from its start instead, resynchronising on any "PK" after garbage, and believes a
// ZIP64 end record's 64-bit size: it allocates and copies that many bytes before reading them,
// so a workbook of a few hundred bytes could claim petabytes (fuzz_xlsx found it). Plain C++.
namespace membersync::directory {

class ZipDirectoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ZipEntry {
  std::uint64_t localHeaderOffset = 0;
  std::uint64_t uncompressedSize = 0;  // as the central directory declares it
};

// Every entry of the archive `in` (seekable), by name. Throws ZipDirectoryError saying why when
// there is no end-of-central-directory record, the directory lies outside the file or does not
// parse, or the archive needs ZIP64 (over 65,535 entries or 4 GiB: never a staff list).
// Leaves `in` cleared.
std::map<std::string, ZipEntry> readZipDirectory(std::istream& in);

}  // namespace membersync::directory
