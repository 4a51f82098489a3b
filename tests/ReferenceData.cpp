#include "tests/ReferenceData.h"

#include <sstream>
#include <stdexcept>

#include "tests/TestSupport.h"

namespace opcheck::testing {

std::vector<std::string> splitFields(const std::string& raw, char delimiter) {
  // expected.csv has DOS line ends.
  const std::string line = !raw.empty() && raw.back() == '\r' ? raw.substr(0, raw.size() - 1) : raw;
  std::vector<std::string> fields;
  std::string field;
  std::istringstream stream(line);
  while (std::getline(stream, field, delimiter)) {
    fields.push_back(field);
  }
  if (!line.empty() && line.back() == delimiter) {
    fields.emplace_back();
  }
  return fields;
}

std::vector<CatalogueExpectation> readCatalogueExpectations(const std::filesystem::path& catalogue) {
  std::istringstream rows(readFile(catalogue / "expectations.tsv"));
  std::string line;
  std::getline(rows, line);  // the header
  std::vector<CatalogueExpectation> expectations;
  while (std::getline(rows, line)) {
    if (line.empty()) {
      continue;
    }
    const std::vector<std::string> columns = splitFields(line, '\t');
    if (columns.size() != 5) {
      throw std::runtime_error("expectations.tsv: expected 5 columns: " + line);
    }
    expectations.push_back(
        {columns[0], columns[1], columns[2] == "allowed", columns[2] == "undefined", columns[3], columns[4]});
  }
  return expectations;
}

std::vector<Dat3mVerdict> readDat3mVerdicts(const std::filesystem::path& dat3m) {
  // test,quantifier,condition,ptx60_condition_outcome_reachable,ptx75_...,ptx60_no_hang;
  // the condition may hold commas, so the verdicts are read from the end.
  std::istringstream rows(readFile(dat3m / "expected.csv"));
  std::string line;
  std::getline(rows, line);
  std::vector<Dat3mVerdict> verdicts;
  while (std::getline(rows, line)) {
    const std::vector<std::string> columns = splitFields(line, ',');
    if (columns.size() < 6) {
      throw std::runtime_error("expected.csv: expected at least 6 columns: " + line);
    }
    Dat3mVerdict verdict;
    verdict.test = columns[0];
    const std::string& reachable = columns[columns.size() - 3];
    if (!reachable.empty()) {
      verdict.reachable = reachable == "yes";
    }
    const std::string& reachable75 = columns[columns.size() - 2];
    if (!reachable75.empty()) {
      verdict.reachable75 = reachable75 == "yes";
    }
    const std::string& noHang = columns.back();
    if (!noHang.empty()) {
      verdict.canHang = noHang == "0";
    }
    verdicts.push_back(verdict);
  }
  return verdicts;
}

bool conditionOutcomeReached(litmus::Quantifier quantifier, const litmus::Outcome& outcome) {
  return quantifier == litmus::Quantifier::Forall ? outcome.negative > 0 : outcome.positive > 0;
}

std::vector<ExpectedError> readExpectedErrors(const std::filesystem::path& table) {
  std::istringstream rows(readFile(table));
  std::string line;
  std::getline(rows, line);
  if (line != "file\tline\tcolumn\tmessage") {
    throw std::runtime_error(table.string() + ": expected the header 'file line column message'");
  }
  std::vector<ExpectedError> errors;
  while (std::getline(rows, line)) {
    if (line.empty()) {
      continue;
    }
    const std::vector<std::string> fields = splitFields(line, '\t');
    if (fields.size() != 4 || fields[3].empty()) {
      throw std::runtime_error(table.string() + ": expected 4 columns and a message: " + line);
    }
    errors.push_back({fields[0], static_cast<unsigned>(std::stoul(fields[1])),
                      static_cast<unsigned>(std::stoul(fields[2])), fields[3]});
  }
  return errors;
}

}  // namespace opcheck::testing
