#include "compile/Mapping.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compile/BuiltinMappings.h"
#include "litmus/Diagnostic.h"
#include "parser/MnemonicDecoder.h"

namespace opcheck::compile {

using litmus::Instruction;
using litmus::InstructionKind;
using litmus::Opcode;
using litmus::Semantics;
using litmus::SourcePosition;

namespace {

constexpr std::string_view kScopePlaceholder = "<sco>";

struct ConstructSpelling {
  CConstruct construct;
  std::string_view name;
  // The memory orders C gives the construct (C11 7.17.7.1-2: no acquire
  // store, no release load; 7.17.4.1: no relaxed fence; every access but a
  // read-modify-write may be non-atomic).
  std::array<bool, 6> orders;  // indexed as kOrders
};

struct OrderSpelling {
  Semantics semantics;
  std::string_view name;
};

constexpr std::array<OrderSpelling, 6> kOrders = {{
    {Semantics::Weak, "na"},
    {Semantics::Relaxed, "rlx"},
    {Semantics::Acquire, "acq"},
    {Semantics::Release, "rel"},
    {Semantics::AcquireRelease, "acq_rel"},
    {Semantics::SequentiallyConsistent, "sc"},
}};

//                                                na     rlx    acq    rel    acq_rel sc
constexpr std::array<ConstructSpelling, 5> kConstructs = {{
    {CConstruct::Load, "load", {true, true, true, false, false, true}},
    {CConstruct::Store, "store", {true, true, false, true, false, true}},
    {CConstruct::ReadModifyWrite, "rmw", {false, true, true, true, true, true}},
    {CConstruct::CompareExchange, "cas", {false, true, true, true, true, true}},
    {CConstruct::Fence, "fence", {false, false, true, true, true, true}},
}};

std::string allowedOrders(const ConstructSpelling& construct) {
  std::string list;
  for (std::size_t at = 0; at < kOrders.size(); ++at) {
    if (construct.orders[at]) {
      list += (list.empty() ? "" : ", ") + std::string(kOrders[at].name);
    }
  }
  return list;
}

// The instruction that carries out CONSTRUCT's access, or nothing (a fence).
std::optional<Opcode> accessOpcode(CConstruct construct) {
  switch (construct) {
    case CConstruct::Load:
      return Opcode::Load;
    case CConstruct::Store:
      return Opcode::Store;
    case CConstruct::ReadModifyWrite:
    case CConstruct::CompareExchange:
      return Opcode::Atomic;
    case CConstruct::Fence:
      return std::nullopt;
  }
  return std::nullopt;
}

std::string builtinNames() {
  std::string names;
  for (const BuiltinMapping& builtin : builtinMappings()) {
    names += (names.empty() ? "" : ", ") + std::string(builtin.name);
  }
  return names;
}

struct Word {
  std::string_view text;
  std::uint32_t column;  // 1-based
};

// The blank-separated words of LINE up to a '#' comment.
std::vector<Word> wordsOf(std::string_view line) {
  std::vector<Word> words;
  std::size_t at = 0;
  while (at < line.size() && line[at] != '#') {
    if (line[at] == ' ' || line[at] == '\t' || line[at] == '\r') {
      ++at;
      continue;
    }
    const std::size_t start = at;
    while (at < line.size() && line[at] != ' ' && line[at] != '\t' && line[at] != '\r' && line[at] != '#' &&
           line[at] != ';') {
      ++at;
    }
    if (at == start) {  // a ';' on its own
      ++at;
    }
    words.push_back({line.substr(start, at - start), static_cast<std::uint32_t>(start + 1)});
  }
  return words;
}

Mapping readMapping(std::string_view text, const std::string& name, const std::string& file,
                    std::vector<std::string> bases);

class MappingReader {
 public:
  MappingReader(const std::string& name, const std::string& file, std::vector<std::string> bases)
      : bases_(std::move(bases)) {
    mapping_.name = name;
    mapping_.file = file;
  }

  void readLine(std::string_view line, std::uint32_t number) {
    line_ = number;
    const std::vector<Word> words = wordsOf(line);
    if (words.empty()) {
      return;
    }
    if (words[0].text == "from") {
      readBase(words);
      return;
    }
    MappingRow row;
    row.position = at(words[0]);
    const auto construct = std::find_if(kConstructs.begin(), kConstructs.end(),
                                        [&](const ConstructSpelling& c) { return c.name == words[0].text; });
    if (construct == kConstructs.end()) {
      fail(words[0], "unknown C construct '" + std::string(words[0].text) +
                         "' (a row starts with load, store, rmw, cas or fence)");
    }
    row.construct = construct->construct;
    if (words.size() < 2) {
      fail(words[0], "a row is 'CONSTRUCT ORDER -> PTX; PTX ...': the memory order is missing");
    }
    const auto order = std::find_if(kOrders.begin(), kOrders.end(),
                                    [&](const OrderSpelling& o) { return o.name == words[1].text; });
    if (order == kOrders.end() || !construct->orders[static_cast<std::size_t>(order - kOrders.begin())]) {
      fail(words[1], std::string(construct->name) + " takes the memory orders " + allowedOrders(*construct) +
                         ", not '" + std::string(words[1].text) + "'");
    }
    row.order = order->semantics;
    const MappingRow* earlier = mapping_.find(row.construct, row.order);
    const auto index = static_cast<std::size_t>(earlier == nullptr ? 0 : earlier - mapping_.rows.data());
    if (earlier != nullptr && !inherited_[index]) {
      fail(words[0], "a second row for " + std::string(construct->name) + " " + std::string(order->name) +
                         " (the first is at line " + std::to_string(earlier->position.line) + ")");
    }
    if (words.size() < 3 || words[2].text != "->") {
      fail(words.size() < 3 ? words[1] : words[2], "expected '->' after the memory order");
    }
    // PTX instructions separated by ';'.
    bool expectInstruction = true;
    for (std::size_t at = 3; at < words.size(); ++at) {
      const Word& word = words[at];
      if (word.text == ";") {
        if (expectInstruction) {
          fail(word, "expected a PTX instruction before ';'");
        }
        expectInstruction = true;
        continue;
      }
      if (!expectInstruction) {
        fail(word, "expected ';' between two PTX instructions, found '" + std::string(word.text) + "'");
      }
      row.instructions.push_back(instruction(row, word));
      expectInstruction = false;
    }
    if (expectInstruction) {
      fail(words.back(), "expected a PTX instruction after '" + std::string(words.back().text) + "'");
    }
    checkAccess(row, words[0]);
    if (earlier != nullptr) {
      // A row of the file replaces the base mapping's.
      inherited_[index] = false;
      mapping_.rows[index] = std::move(row);
    } else {
      inherited_.push_back(false);
      mapping_.rows.push_back(std::move(row));
    }
  }

  Mapping take() { return std::move(mapping_); }

 private:
  // "from NAME": start from the built-in mapping NAME's rows, which the
  // file's own rows then replace.
  void readBase(const std::vector<Word>& words) {
    if (words.size() != 2) {
      fail(words[0], "'from' takes one mapping name ('from seed001')");
    }
    if (!mapping_.rows.empty()) {
      fail(words[0], "'from' comes before every row");
    }
    const std::string base(words[1].text);
    if (std::find(bases_.begin(), bases_.end(), base) != bases_.end()) {
      fail(words[1], "mapping " + base + " is based on itself");
    }
    const auto builtin =
        std::find_if(builtinMappings().begin(), builtinMappings().end(),
                     [&](const BuiltinMapping& candidate) { return candidate.name == base; });
    if (builtin == builtinMappings().end()) {
      fail(words[1], "unknown mapping '" + base + "' (the built-in mappings are " + builtinNames() + ")");
    }
    std::vector<std::string> chain = bases_;
    chain.push_back(base);
    mapping_.rows = readMapping(builtin->text, base, "mappings/" + base + ".map", chain).rows;
    inherited_.assign(mapping_.rows.size(), true);
  }

  SourcePosition at(const Word& word) const { return SourcePosition{line_, word.column}; }

  [[noreturn]] void fail(const Word& word, std::string message) const {
    litmus::fail(mapping_.file, at(word), std::move(message));
  }

  // One PTX mnemonic of a row, "<sco>" read as the C access's scope.
  MappedInstruction instruction(const MappingRow& row, const Word& word) const {
    MappedInstruction mapped;
    std::string mnemonic(word.text);
    const std::size_t placeholder = mnemonic.find(kScopePlaceholder);
    if (placeholder != std::string::npos) {
      if (row.order == Semantics::Weak) {
        fail(word, "'" + std::string(word.text) + "': a non-atomic access has no scope for '<sco>' to name");
      }
      if (placeholder == 0 || mnemonic[placeholder - 1] != '.') {
        fail(word, "'<sco>' stands for a scope qualifier: write '.<sco>'");
      }
      // Decoded with a scope in its place; the C access's replaces it.
      mnemonic.replace(placeholder, kScopePlaceholder.size(), "sys");
      mapped.scopeFromSource = true;
      if (mnemonic.find(kScopePlaceholder) != std::string::npos) {
        fail(word, "'" + std::string(word.text) + "' has two '<sco>'");
      }
    }
    // An atom's operation comes from the C construct, and the decoder wants
    // one: it is decoded with ".exch" and the operation left to the compiler.
    const bool atom = mnemonic == "atom" || mnemonic.starts_with("atom.");
    if (atom) {
      for (std::size_t dot = mnemonic.find('.'); dot != std::string::npos;
           dot = mnemonic.find('.', dot + 1)) {
        const std::size_t end = mnemonic.find('.', dot + 1);
        const litmus::QualifierInfo* qualifier = litmus::findQualifier(
            std::string_view(mnemonic).substr(dot + 1, end == std::string::npos ? end : end - dot - 1));
        if (qualifier != nullptr && qualifier->category == litmus::QualifierCategory::Operation) {
          fail(word, "'" + std::string(word.text) +
                         "' names an operation; the C construct gives it (exchange, fetch_add, ...)");
        }
      }
      mnemonic += ".exch";
    }
    mapped.instruction = parser::decodeMnemonic(mnemonic, mapping_.file, at(word));
    if (atom) {
      mapped.instruction.operation = litmus::Operation::None;
    }
    const InstructionKind kind = litmus::kindOf(mapped.instruction.opcode);
    const std::optional<Opcode> access = accessOpcode(row.construct);
    mapped.isAccess = access && mapped.instruction.opcode == *access;
    if (!mapped.isAccess && kind != InstructionKind::Fence) {
      fail(word, "'" + std::string(word.text) + "' is neither the " +
                     std::string(constructName(row.construct)) +
                     " itself nor a fence (a row is fences around one access)");
    }
    return mapped;
  }

  // Exactly one access in a row of an access; none in a fence's.
  void checkAccess(const MappingRow& row, const Word& first) const {
    const auto accesses = std::count_if(row.instructions.begin(), row.instructions.end(),
                                        [](const MappedInstruction& mapped) { return mapped.isAccess; });
    const std::optional<Opcode> access = accessOpcode(row.construct);
    if (access && accesses != 1) {
      fail(first, "a " + std::string(constructName(row.construct)) + " row maps to exactly one '" +
                      std::string(litmus::info(*access).spelling) + "' (found " + std::to_string(accesses) +
                      ")");
    }
  }

  Mapping mapping_;
  std::vector<std::string> bases_;  // the mappings this one is read for, to refuse a cycle
  std::vector<bool> inherited_;     // per row: the base's, not yet replaced
  std::uint32_t line_ = 0;
};

Mapping readMapping(std::string_view text, const std::string& name, const std::string& file,
                    std::vector<std::string> bases) {
  bases.push_back(name);
  MappingReader reader(name, file, std::move(bases));
  std::uint32_t number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    reader.readLine(text.substr(start, end - start), ++number);
    start = end + 1;
  }
  return reader.take();
}

}  // namespace

std::string_view constructName(CConstruct construct) {
  for (const ConstructSpelling& spelling : kConstructs) {
    if (spelling.construct == construct) {
      return spelling.name;
    }
  }
  return "?";
}

std::string_view orderName(Semantics semantics) {
  for (const OrderSpelling& spelling : kOrders) {
    if (spelling.semantics == semantics) {
      return spelling.name;
    }
  }
  return "?";
}

const MappingRow* Mapping::find(CConstruct construct, Semantics order) const {
  const auto row = std::find_if(rows.begin(), rows.end(), [&](const MappingRow& candidate) {
    return candidate.construct == construct && candidate.order == order;
  });
  return row == rows.end() ? nullptr : &*row;
}

Mapping readMappingText(std::string_view text, const std::string& name, const std::string& file) {
  return readMapping(text, name, file, {});
}

std::span<const std::string_view> builtinMappingNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> list;
    for (const BuiltinMapping& builtin : builtinMappings()) {
      list.push_back(builtin.name);
    }
    return list;
  }();
  return names;
}

std::optional<Mapping> findMapping(const std::string& name) {
  if (std::optional<CompilerTarget> compiler = parseCompilerTarget(name)) {
    Mapping mapping;
    mapping.name = name;
    mapping.file = compiler->compiler;
    mapping.compiler = std::move(compiler);
    return mapping;
  }
  if (name.ends_with(".map")) {
    std::ifstream in(name, std::ios::binary);
    if (!in) {
      litmus::fail(name, SourcePosition{}, "cannot read the mapping file");
    }
    std::ostringstream text;
    text << in.rdbuf();
    return readMappingText(text.str(), std::filesystem::path(name).stem().string(), name);
  }
  for (const BuiltinMapping& builtin : builtinMappings()) {
    if (builtin.name == name) {
      return readMappingText(builtin.text, name, "mappings/" + name + ".map");
    }
  }
  return std::nullopt;
}

}  // namespace opcheck::compile
