#include "cli/InputFiles.h"

#include <algorithm>
#include <sstream>

#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/Limits.h"

namespace opcheck::cli {

namespace fs = std::filesystem;

namespace {

// The *.litmus files below DIRECTORY into FOUND, and into PROBLEMS what
// cannot be read, each with the system's reason: a directory that cannot be
// listed, a link named *.litmus that leads nowhere (dangling, or a loop). A
// test left out in silence would make a run look complete when it is not.
// Links to directories are not followed, as find does not follow them. A
// problem with DIRECTORY itself is reported as PLACE.
void addDirectory(const fs::path& directory, const std::string& place, std::vector<fs::path>& found,
                  std::vector<std::string>& problems) {
  std::error_code error;
  fs::directory_iterator it(directory, error);
  for (const fs::directory_iterator end; !error && it != end; it.increment(error)) {
    const fs::directory_entry& entry = *it;
    std::error_code kind;
    if (!entry.is_symlink(kind) && entry.is_directory(kind)) {
      addDirectory(entry.path(), entry.path().string(), found, problems);
      continue;
    }
    if (entry.path().extension() != ".litmus") {
      continue;
    }
    std::error_code target;
    const fs::file_status status = fs::status(entry.path(), target);
    if (target || !fs::exists(status)) {
      problems.push_back(
          entry.path().string() + ": error: cannot read file: " +
          (target ? target : std::make_error_code(std::errc::no_such_file_or_directory)).message());
    } else if (fs::is_regular_file(status)) {
      found.push_back(entry.path());
    }
  }
  if (error) {
    problems.push_back(place + ": error: cannot read directory: " + error.message());
  }
}

// PATH, a file or a directory of tests, into RESULT; a problem is reported
// as PLACE (the argument, or INDEX:LINE:COL) followed by the message.
void addPath(const fs::path& path, const std::string& place, InputFiles& result) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    std::vector<fs::path> found;
    std::vector<std::string> problems;
    addDirectory(path, place, found, problems);
    // A directory named to run tests that holds none is a mistake (a wrong
    // path, a test suite not yet unpacked), not an empty success.
    if (found.empty() && problems.empty()) {
      problems.push_back(place + ": error: no *.litmus file in this directory or below");
    }
    // Sorted, as the files are: the order never depends on the file system.
    std::sort(problems.begin(), problems.end());
    result.problems.insert(result.problems.end(), problems.begin(), problems.end());
    std::sort(found.begin(), found.end());
    result.files.insert(result.files.end(), found.begin(), found.end());
  } else if (fs::exists(path, error)) {
    result.files.push_back(path);
  } else {
    result.problems.push_back(place + ": error: no such file or directory");
  }
}

// @INDEX: the files the index lists, each relative to the index's folder.
void addIndex(const fs::path& index, InputFiles& result) {
  std::string text;
  try {
    text = litmus::readFileUpTo(index, litmus::kMaxFileBytes, "index files");
  } catch (const litmus::InputError& error) {
    result.problems.push_back(error.what());
    return;
  }
  std::istringstream lines(text);
  std::size_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') {
      continue;
    }
    const std::string entry = line.substr(start, line.find_last_not_of(" \t") + 1 - start);
    const std::string place = index.string() + ":" + std::to_string(number) + ":" + std::to_string(start + 1);
    if (entry.starts_with("@") || entry == "-") {
      result.problems.push_back(place);
      result.problems.back()
          .append(": error: an index lists litmus files or directories, not '")
          .append(entry)
          .append("'");
      continue;
    }
    const fs::path path = fs::path(entry).is_absolute() ? fs::path(entry) : index.parent_path() / entry;
    const std::size_t before = result.problems.size();
    addPath(path, place, result);
    if (result.problems.size() > before) {
      result.problems.back() += ": " + entry;
    }
  }
}

}  // namespace

InputFiles collectLitmusFiles(const std::vector<std::string>& arguments) {
  InputFiles result;
  for (const std::string& argument : arguments) {
    if (argument == "-") {
      result.files.emplace_back("-");  // standard input
    } else if (argument.starts_with("@") && argument.size() > 1) {
      addIndex(argument.substr(1), result);
    } else {
      addPath(argument, argument, result);
    }
  }
  return result;
}

}  // namespace opcheck::cli
