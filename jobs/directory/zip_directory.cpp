#include "jobs/directory/zip_directory.h"

#include <algorithm>
#include <vector>

namespace membersync::directory {

namespace {

constexpr char kEndRecord[] = {'P', 'K', 5, 6};    // 22 bytes and a comment of up to 65,535
constexpr char kDirectoryEntry[] = {'P', 'K', 1, 2};  // 46 bytes, then name, extra, comment
constexpr std::uint64_t kZip64Marker = 0xFFFFFFFF;

std::uint64_t little(const std::vector<char>& bytes, std::size_t at, int count) {
  std::uint64_t value = 0;
  for (int i = count - 1; i >= 0; --i)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  return value;
}

std::vector<char> readRange(std::istream& in, std::uint64_t from, std::uint64_t to) {
  std::vector<char> bytes(static_cast<std::size_t>(to - from));
  in.clear();
  in.seekg(static_cast<std::streamoff>(from));
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size()))
    throw ZipDirectoryError("the file ends early");
  return bytes;
}

struct EndRecord {
  std::uint64_t entries = 0;
  std::uint64_t directorySize = 0;
  std::uint64_t directoryOffset = 0;
};

// The last end-of-central-directory record whose comment ends the file.
EndRecord endRecord(std::istream& in, std::uint64_t size) {
  const std::uint64_t tail = std::min<std::uint64_t>(size, 22 + 65535);
  const std::vector<char> end = readRange(in, size - tail, size);
  for (std::size_t at = end.size() >= 22 ? end.size() - 22 + 1 : 0; at-- > 0;) {
    if (!std::equal(kEndRecord, kEndRecord + 4, end.begin() + static_cast<std::ptrdiff_t>(at)) ||
        at + 22 + little(end, at + 20, 2) != end.size())
      continue;
    EndRecord r{little(end, at + 10, 2), little(end, at + 12, 4), little(end, at + 16, 4)};
    if (r.entries == 0xFFFF || r.directorySize == kZip64Marker ||
        r.directoryOffset == kZip64Marker)
      throw ZipDirectoryError("it is a ZIP64 archive (over 4 GiB or 65,535 parts)");
    if (r.directoryOffset + r.directorySize > size - tail + at)
      throw ZipDirectoryError("its central directory lies outside the file");
    return r;
  }
  throw ZipDirectoryError("it has no end-of-central-directory record");
}

}  // namespace

std::map<std::string, ZipEntry> readZipDirectory(std::istream& in) {
  in.clear();
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  if (end <= 0) throw ZipDirectoryError("the file is empty");
  const EndRecord r = endRecord(in, static_cast<std::uint64_t>(end));
  const std::vector<char> dir =
      readRange(in, r.directoryOffset, r.directoryOffset + r.directorySize);
  std::map<std::string, ZipEntry> entries;
  std::size_t at = 0;
  for (std::uint64_t n = 0; n < r.entries; ++n) {
    if (at + 46 > dir.size() ||
        !std::equal(kDirectoryEntry, kDirectoryEntry + 4, dir.begin() + static_cast<std::ptrdiff_t>(at)))
      throw ZipDirectoryError("its central directory entry " + std::to_string(n + 1) +
                              " does not parse");
    const std::size_t nameLength = little(dir, at + 28, 2);
    const std::size_t next =
        at + 46 + nameLength + little(dir, at + 30, 2) + little(dir, at + 32, 2);
    if (next > dir.size())
      throw ZipDirectoryError("its central directory entry " + std::to_string(n + 1) +
                              " runs past the directory");
    ZipEntry entry{little(dir, at + 42, 4), little(dir, at + 24, 4)};
    if (entry.uncompressedSize == kZip64Marker || entry.localHeaderOffset == kZip64Marker)
      throw ZipDirectoryError("it is a ZIP64 archive (a part over 4 GiB)");
    if (entry.localHeaderOffset >= r.directoryOffset)
      throw ZipDirectoryError("a part's header lies outside the file's data");
    entries.emplace(std::string(&dir[at + 46], nameLength), entry);
    at = next;
  }
  in.clear();
  return entries;
}

}  // namespace membersync::directory
